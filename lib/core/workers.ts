import cluster, { type Worker } from "node:cluster";
import { config } from "@/lib/core/config";

// The web workers of one `npm start` (WEB_CONCURRENCY, docs/deploy.md) talk through the launcher,
// their cluster primary: a broadcast reaches every other worker (a call changed, credentials
// changed), and a question is answered by the primary, which holds what must be one per deployment
// when there is no Redis (the request rate limits' buckets). Outside a cluster (one worker, tests)
// broadcasts go nowhere and questions are not asked.

const CHANNEL = "switchboard-workers";

interface Envelope {
  channel: typeof CHANNEL;
  kind: "broadcast" | "ask" | "answer";
  topic: string;
  payload: unknown;
  id?: number;
  error?: string;
}

const isEnvelope = (message: unknown): message is Envelope => (message as Envelope | null)?.channel === CHANNEL;

/** The telephony engine's own process (scripts/telephony-engine.ts) joins the launcher's bus as a peer of the web workers. */
const peer = globalThis as { __launcherPeer?: boolean };
export function joinLauncherBus(): void {
  peer.__launcherPeer = true;
}

/**
 * True in a process the launcher started beside others: a web worker when there are several
 * (WEB_CONCURRENCY above 1; the launcher always sets it for them) or the telephony engine runs in a
 * process of its own (TELEPHONY_PROCESS=separate), and that engine process itself.
 */
export const inWorkerCluster = (): boolean =>
  typeof process.send === "function" &&
  (peer.__launcherPeer === true || (cluster.isWorker && ((config().WEB_CONCURRENCY ?? 1) > 1 || config().TELEPHONY_PROCESS === "separate")));

/**
 * What `npm start` on the embedded default holds, measured (docs/performance.md, "Footprint",
 * 2026-12-07), rounded up: the whole deployment with one web worker at its peak under load (npm, the
 * launcher with PGlite, one server: 400-425 MB), and what each further worker adds at its peak
 * (195-215 MB). The deployment may take `share` of the machine's memory; the rest is the system's,
 * the page cache's and whatever else the machine runs (PostgreSQL, a proxy).
 */
export const WORKER_MEMORY = { share: 0.5, baseMb: 450, perWorkerMb: 250 } as const;

export interface WebWorkerChoice {
  count: number;
  /** Why that many, for the start banner: "one per core", "1.0 GB of memory holds one (2 cores)". */
  reason: string;
}

const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const inWords = (n: number) => NUMBER_WORDS[n - 1] ?? String(n);

/**
 * WEB_CONCURRENCY unset: one web worker per core, but no more than the memory holds, as Puma-style
 * platforms size their workers: min(cores, 1 + floor((memory × share − base) / per worker)), at least
 * one. A 1 GB server gets one worker; a 2-core machine with 2 GB or more gets two.
 */
export function defaultWebWorkers(cores: number, memoryBytes: number, sizes: typeof WORKER_MEMORY = WORKER_MEMORY): WebWorkerChoice {
  const cpus = Math.max(1, Math.floor(cores));
  const memoryMb = memoryBytes / 1_048_576;
  const fits = 1 + Math.max(0, Math.floor((memoryMb * sizes.share - sizes.baseMb) / sizes.perWorkerMb));
  if (fits >= cpus) return { count: cpus, reason: "one per core" };
  const gb = (memoryMb / 1024).toFixed(1);
  return { count: fits, reason: `${gb} GB of memory holds ${inWords(fits)} (${cpus} cores)` };
}

/** The start banner's words: "2 web workers: one per core". */
export const describeWebWorkers = ({ count, reason }: WebWorkerChoice) => `${count} web worker${count === 1 ? "" : "s"}: ${reason}`;

// On globalThis: every route bundle of a worker shares one listener and one table of questions.
const state = globalThis as {
  __workerBus?: { handlers: Map<string, Set<(payload: unknown) => void>>; pending: Map<number, (e: Envelope) => void>; nextId: number };
};

function bus() {
  if (state.__workerBus) return state.__workerBus;
  const created = { handlers: new Map<string, Set<(payload: unknown) => void>>(), pending: new Map<number, (e: Envelope) => void>(), nextId: 1 };
  process.on("message", (message: unknown) => {
    if (!isEnvelope(message)) return;
    if (message.kind === "broadcast") created.handlers.get(message.topic)?.forEach((handle) => handle(message.payload));
    else if (message.kind === "answer" && message.id !== undefined) created.pending.get(message.id)?.(message);
  });
  return (state.__workerBus = created);
}

/** Sends `payload` to every other worker's `onBroadcast(topic)`. */
export function broadcast(topic: string, payload: unknown): void {
  if (!inWorkerCluster()) return;
  bus();
  process.send!({ channel: CHANNEL, kind: "broadcast", topic, payload } satisfies Envelope);
}

/** Calls `handle` with what other workers broadcast on `topic`; returns what stops it. */
export function onBroadcast(topic: string, handle: (payload: unknown) => void): () => void {
  if (!inWorkerCluster()) return () => {};
  const handlers = bus().handlers;
  const set = handlers.get(topic) ?? handlers.set(topic, new Set()).get(topic)!;
  set.add(handle);
  return () => set.delete(handle);
}

/** The primary's answer to `topic`; rejects when it does not answer within `timeoutMs`. */
export function askPrimary<T>(topic: string, payload: unknown, timeoutMs = 1_000): Promise<T> {
  const b = bus();
  const id = b.nextId++;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      b.pending.delete(id);
      reject(new Error(`the launcher did not answer "${topic}" within ${timeoutMs} ms`));
    }, timeoutMs);
    b.pending.set(id, (answer) => {
      clearTimeout(timer);
      b.pending.delete(id);
      if (answer.error) reject(new Error(answer.error));
      else resolve(answer.payload as T);
    });
    process.send!({ channel: CHANNEL, kind: "ask", topic, payload, id } satisfies Envelope);
  });
}

/**
 * In the launcher (the cluster primary): relays each worker's broadcasts to the others and answers
 * their questions with `answers[topic]`. Call once, before forking.
 */
export function serveWorkers(answers: Record<string, (payload: unknown) => unknown>): void {
  launcherAnswers = answers;
  cluster.on("message", (from: Worker, message: unknown) => serve(from, message));
}

/** In the launcher (one compiled bundle, no route bundles to share with): what serveWorkers answers. */
let launcherAnswers: Record<string, (payload: unknown) => unknown> = {};

/** A process of the launcher's that is not a cluster worker (the telephony engine's): it hears and sends broadcasts too. */
export interface LauncherPeer {
  send(message: unknown): boolean;
  readonly connected: boolean;
  on(event: "message", listener: (message: unknown) => void): unknown;
}

const peers = new Set<LauncherPeer>();

/** Adds a child process to the bus serveWorkers runs (call after serveWorkers); returns what removes it. */
export function addLauncherPeer(child: LauncherPeer): () => void {
  peers.add(child);
  child.on("message", (message) => serve(child, message));
  return () => peers.delete(child);
}

function serve(from: Worker | LauncherPeer, message: unknown): void {
  if (!isEnvelope(message)) return;
  if (message.kind === "broadcast") {
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
    for (const other of peers) if (other !== from && other.connected) other.send(message);
    return;
  }
  if (message.kind !== "ask") return;
  const connected = () => ("isConnected" in from ? from.isConnected() : from.connected);
  const reply = (fields: Partial<Envelope>) => {
    if (connected()) from.send({ channel: CHANNEL, kind: "answer", topic: message.topic, payload: null, id: message.id, ...fields });
  };
  const answer = launcherAnswers[message.topic];
  if (!answer) return reply({ error: `the launcher has no answer for "${message.topic}"` });
  try {
    reply({ payload: answer(message.payload) });
  } catch (error) {
    reply({ error: (error as Error).message });
  }
}
