// The launcher's web workers (WEB_CONCURRENCY, docs/deploy.md): Node's cluster module forks the
// HTTP server that many times; the workers share the listening socket, and each takes new
// connections from it while it runs. A worker that dies after the start is replaced (sooner
// the longer it had run) while the others keep serving. The launcher also holds what the workers
// of one instance share when there is no Redis: the request rate limits' buckets and the sign-in
// limits (lib/core/workers.ts), and it relays their broadcasts.
import cluster, { type Worker } from "node:cluster";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";
import { serveWorkers } from "../lib/core/workers";
import { LauncherBuckets, MemoryBuckets, type BucketSpec } from "../lib/http/limits/token-bucket";

export interface WebWorkersOptions {
  count: number;
  /** The server script, its arguments and Node's flags for it. */
  exec: string;
  args: string[];
  execArgv: string[];
  /** The environment of the worker in `slot` (0 to count - 1); a replacement gets its slot's. */
  env: (slot: number) => NodeJS.ProcessEnv;
  say: (line: string) => void;
}

/** A worker that had run this long before dying is replaced at once; one dying sooner waits longer each time. */
const STEADY_MS = 30_000;
const MAX_RESTART_DELAY_MS = 30_000;

/** A process that died after `ranMs`, having died quickly `quickDeaths` times before: its new count, and the wait before its replacement. */
export function restartAfterDeath(ranMs: number, quickDeaths: number): { quickDeaths: number; delayMs: number } {
  const deaths = ranMs < STEADY_MS ? quickDeaths + 1 : 0;
  return { quickDeaths: deaths, delayMs: deaths ? Math.min(MAX_RESTART_DELAY_MS, 1_000 * 2 ** (deaths - 1)) : 0 };
}

export class WebWorkers {
  private readonly slots: Array<{ worker?: Worker; startedAt: number; quickDeaths: number }>;
  private started = false;
  private stopping = false;
  private fatal?: (message: string) => void;

  constructor(private readonly options: WebWorkersOptions) {
    this.slots = Array.from({ length: options.count }, () => ({ startedAt: 0, quickDeaths: 0 }));
  }

  /** Forks every worker; `onFatal` hears of a worker that dies before the server first answered. */
  start(onFatal: (message: string) => void): void {
    this.fatal = onFatal;
    const buckets = new MemoryBuckets();
    serveWorkers({ [LauncherBuckets.TOPIC]: (specs) => buckets.take(specs as BucketSpec[]) });
    new RateLimiterClusterMaster();
    // Each worker accepts for itself: with the primary's round robin, a connection handed to a worker
    // that had just died (before this process saw it exit) hung unanswered (measured: the first
    // request after a kill -9 waited past 20 s); the kernel gives it to a live worker instead.
    cluster.schedulingPolicy = cluster.SCHED_NONE;
    cluster.setupPrimary({ exec: this.options.exec, args: this.options.args, execArgv: this.options.execArgv });
    cluster.on("exit", (worker, code, signal) => this.exited(worker, code, signal));
    this.slots.forEach((_, slot) => this.fork(slot));
  }

  /** The server answered: from now on a dead worker is replaced instead of stopping everything. */
  markStarted(): void {
    this.started = true;
  }

  /** Process ids of the workers running now. */
  get pids(): number[] {
    return this.slots.flatMap((s) => (s.worker?.process.pid && !s.worker.isDead() ? [s.worker.process.pid] : []));
  }

  /** Stops every worker: SIGTERM, then SIGKILL for one still running after 5 s (Next.js waits for keep-alive connections). */
  async stop(): Promise<void> {
    this.stopping = true;
    const running = this.slots.flatMap((s) => (s.worker && !s.worker.isDead() ? [s.worker] : []));
    await Promise.all(
      running.map(async (worker) => {
        const exited = new Promise((resolve) => worker.once("exit", resolve));
        worker.process.kill("SIGTERM");
        const timer = setTimeout(() => worker.process.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }),
    );
  }

  private fork(slot: number) {
    const state = this.slots[slot]!;
    state.startedAt = Date.now();
    state.worker = cluster.fork({ ...this.options.env(slot), WEB_WORKER_SLOT: String(slot) });
  }

  private exited(worker: Worker, code: number | null, signal: string | null) {
    const slot = this.slots.findIndex((s) => s.worker === worker);
    if (slot < 0 || this.stopping) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    if (!this.started) return this.fatal?.(`The server ${how}; stopping.`);
    const state = this.slots[slot]!;
    const restart = restartAfterDeath(Date.now() - state.startedAt, state.quickDeaths);
    state.quickDeaths = restart.quickDeaths;
    const delay = restart.delayMs;
    this.options.say(`web worker ${slot + 1} (pid ${worker.process.pid}) ${how}; starting a new one${delay ? ` in ${delay / 1000} s` : ""}`);
    setTimeout(() => {
      if (!this.stopping) this.fork(slot);
    }, delay);
  }
}
