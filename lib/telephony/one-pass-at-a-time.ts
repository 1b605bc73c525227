/** Runs `pass` one at a time in this process: a call while one runs joins the single pass queued after it. */
export class OnePassAtATime<T> {
  private running?: Promise<T>;
  private queued?: Promise<T>;

  constructor(private readonly pass: () => Promise<T>) {}

  run(): Promise<T> {
    if (this.running) {
      return (this.queued ??= this.running.then(
        () => this.startQueued(),
        () => this.startQueued(),
      ));
    }
    const run = this.pass().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  /** The pass running now, if any (to let it finish before stopping). */
  get current(): Promise<T> | undefined {
    return this.running;
  }

  private startQueued(): Promise<T> {
    this.queued = undefined;
    return this.run();
  }
}
