// The launcher's side of the telephony engine's own process (scripts/telephony-engine.ts): started
// beside the web workers, on the launcher's bus (its broadcasts reach the web workers and theirs
// reach it), replaced when it dies (sooner the longer it had run), stopped after the web workers.
import { fork, type ChildProcess } from "node:child_process";
import { addLauncherPeer } from "../lib/core/workers";
import { restartAfterDeath } from "./web-workers";

export interface TelephonyEngineProcessOptions {
  /** The engine's script and Node's flags for it. */
  exec: string;
  execArgv: string[];
  env: NodeJS.ProcessEnv;
  say: (line: string) => void;
}

export class TelephonyEngineProcess {
  private child?: ChildProcess;
  private startedAt = 0;
  private quickDeaths = 0;
  private stopping = false;
  private removePeer?: () => void;

  constructor(private readonly options: TelephonyEngineProcessOptions) {}

  get pid(): number | undefined {
    return this.child?.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  start(): void {
    this.startedAt = Date.now();
    const child = fork(this.options.exec, [], { execArgv: this.options.execArgv, env: this.options.env, stdio: "inherit" });
    this.child = child;
    this.removePeer = addLauncherPeer(child);
    child.once("exit", (code, signal) => this.exited(child, code, signal));
  }

  /** SIGTERM, then SIGKILL if it is still running after 5 s. */
  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }

  private exited(child: ChildProcess, code: number | null, signal: string | null): void {
    if (child !== this.child) return;
    this.removePeer?.();
    if (this.stopping) return;
    const restart = restartAfterDeath(Date.now() - this.startedAt, this.quickDeaths);
    this.quickDeaths = restart.quickDeaths;
    const delay = restart.delayMs;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    this.options.say(`the telephony engine (pid ${child.pid}) ${how}; starting a new one${delay ? ` in ${delay / 1000} s` : ""}`);
    setTimeout(() => {
      if (!this.stopping) this.start();
    }, delay).unref();
  }
}
