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

/** True in a web worker the launcher started beside others (WEB_CONCURRENCY above 1). */
export const inWorkerCluster = (): boolean => cluster.isWorker && typeof process.send === "function" && config().WEB_CONCURRENCY > 1;

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
  cluster.on("message", (from: Worker, message: unknown) => {
    if (!isEnvelope(message)) return;
    if (message.kind === "broadcast") {
      for (const worker of Object.values(cluster.workers ?? {})) {
        if (worker && worker !== from && worker.isConnected()) worker.send(message);
      }
      return;
    }
    if (message.kind !== "ask") return;
    const reply = (fields: Partial<Envelope>) => {
      if (from.isConnected()) from.send({ channel: CHANNEL, kind: "answer", topic: message.topic, payload: null, id: message.id, ...fields });
    };
    const answer = answers[message.topic];
    if (!answer) return reply({ error: `the launcher has no answer for "${message.topic}"` });
    try {
      reply({ payload: answer(message.payload) });
    } catch (error) {
      reply({ error: (error as Error).message });
    }
  });
}
