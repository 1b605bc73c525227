import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import { config } from "@/lib/core/config";
import { prisma } from "@/lib/core/db/client";
import { listenOnPostgres } from "@/lib/core/db/listen";
import { log } from "@/lib/core/log";
import { sharedRedis } from "@/lib/core/redis";
import { broadcast, inWorkerCluster, onBroadcast } from "@/lib/core/workers";

// "Call <id> changed" (the engine applied a ring, an answer, a hang-up), for whoever waits on the
// call (POST /calls waits for its answer, docs/calls.md). In this process through an emitter; to
// other processes through Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY. On
// the embedded PGlite (no LISTEN across its one session) the launcher relays to the other web workers. A notification can be lost (a
// dropped connection, a crash between commit and notify), so waiters also re-read on a long interval.

const CHANNEL = "switchboard_call_changed";

export type CallChangeTransport = "in-process" | "workers" | "redis" | "postgres";

interface Bus {
  emitter: EventEmitter;
  /** This process: its own notifications coming back from Redis or PostgreSQL are ignored. */
  origin: string;
  listening: boolean;
}

// On globalThis: the server start and every route bundle of this process share one emitter.
const state = globalThis as { __callChanges?: Bus };

function bus(): Bus {
  if (state.__callChanges) return state.__callChanges;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one listener per waiting request
  return (state.__callChanges = { emitter, origin: randomUUID(), listening: false });
}

/** How changes reach other processes: on the embedded PGlite the launcher (several web workers) or none; Redis when configured, else PostgreSQL. */
export function callChangeTransport(): CallChangeTransport {
  const { DB_EMBEDDED, REDIS_URL } = config();
  if (DB_EMBEDDED === "1") return inWorkerCluster() ? "workers" : "in-process";
  return REDIS_URL ? "redis" : "postgres";
}

const eventName = (callId: number) => `call:${callId}`;

/** Another process's notification "<origin> <call id>". */
function received(payload: string): void {
  const [origin, id] = payload.split(" ");
  const b = bus();
  if (origin !== b.origin && id && /^\d+$/.test(id)) b.emitter.emit(eventName(Number(id)));
}

/** Reports a committed change of a call: to this process's waiters at once, and to the other processes'. */
export function callChanged(callId: number): void {
  const b = bus();
  b.emitter.emit(eventName(callId));
  const transport = callChangeTransport();
  if (transport === "in-process") return;
  const payload = `${b.origin} ${callId}`;
  if (transport === "workers") return broadcast(CHANNEL, payload);
  const sent = transport === "redis" ? sharedRedis()!.publish(CHANNEL, payload) : prisma.$executeRaw`SELECT pg_notify(${CHANNEL}, ${payload})`;
  sent.catch((error: Error) => log.warn("call change notification failed; waiters re-read later", { callId, error: error.message }));
}

/** Subscribes this process to the other processes' changes (once; at server start, and on the first wait). */
export function listenForCallChanges(): void {
  const b = bus();
  const transport = callChangeTransport();
  if (b.listening || transport === "in-process") return;
  b.listening = true;
  if (transport === "workers") {
    onBroadcast(CHANNEL, (payload) => typeof payload === "string" && received(payload));
    return;
  }
  if (transport === "redis") {
    // A connection of its own: a subscribed Redis connection runs no other commands. ioredis resubscribes after a reconnect.
    const subscriber = new Redis(config().REDIS_URL!, { maxRetriesPerRequest: null });
    subscriber.on("error", (error: Error) => log.warn("call change subscription: Redis is unavailable", { error: error.message }));
    subscriber.on("message", (_channel: string, payload: string) => received(payload));
    subscriber.subscribe(CHANNEL).catch((error: Error) => log.warn("call change subscription failed", { error: error.message }));
    return;
  }
  listenOnPostgres(CHANNEL, received);
}

export interface CallWatch {
  /** Resolves true at the first change since the last wait (at once if one came meanwhile), false after `ms` without one. */
  wait(ms: number): Promise<boolean>;
  close(): void;
}

/** Watches one call's changes; open it before reading the call, so a change in between is not missed. */
export function watchCall(callId: number): CallWatch {
  listenForCallChanges();
  const { emitter } = bus();
  const name = eventName(callId);
  let changed = false;
  let wake: (() => void) | undefined;
  const listener = () => {
    changed = true;
    wake?.();
  };
  emitter.on(name, listener);
  return {
    async wait(ms) {
      if (!changed) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      wake = undefined;
      const seen = changed;
      changed = false;
      return seen;
    },
    close: () => emitter.off(name, listener),
  };
}
