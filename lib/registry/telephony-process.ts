import { config } from "@/lib/core/config";
import { whileLeading } from "@/lib/core/db/leader-lock";
import { log } from "@/lib/core/log";
import { joinLauncherBus } from "@/lib/core/workers";
import { endCallsStartedBefore } from "@/lib/calls/calls-ready";
import { telephonyEngine } from "@/lib/telephony/configured-engine";
import { onEngineWake } from "@/lib/telephony/engine-wake";
import { bindCallsToEngine } from "./server-start";

// The telephony engine's own process (scripts/telephony-engine.ts, started by `npm start` beside the
// web workers when TELEPHONY_ENGINE=sip): it owns the SIP user agent and every call's dialogs, and
// sends the commands any web process of any instance commits (docs/calls.md, "The engine's own
// process"). One per deployment: the process holding the "telephony-engine" lock carries the calls;
// another instance's stands by and takes over when that one's session ends. What the phones do is
// applied here, in transactions of its own, through the calls API's handler bound below.

export interface TelephonyProcess {
  /** Stops carrying calls (the user agent closes) and lets the lock go. */
  stop(): Promise<void>;
}

export function startTelephonyProcess(): TelephonyProcess {
  if (config().TELEPHONY_PROCESS === "separate") throw new Error("the engine's own process runs its engine inline (TELEPHONY_PROCESS=inline)");
  joinLauncherBus();
  bindCallsToEngine();
  let stopped: Promise<void> | undefined;
  let carrying: Promise<() => Promise<void>> | undefined;
  // Once: losing the lock and the process's stop may both ask.
  const stopCarrying = () => (stopped ??= carrying ? carrying.then((stop) => stop()) : Promise.resolve());
  const release = whileLeading("telephony-engine", () => {
    stopped = undefined;
    carrying = carryCalls();
    return () => void stopCarrying();
  });
  return {
    async stop() {
      release();
      await stopCarrying();
    },
  };
}

/** Takes the calls over: ends those of an engine before this one, then sends commands on each wake, and every tick. */
async function carryCalls(): Promise<() => Promise<void>> {
  const engine = telephonyEngine();
  const since = new Date();
  // Their dialogs lived in the process that had the lock before: no phone of theirs hears from us.
  await endCallsStartedBefore(since).catch((error) => log.error("ending the calls of an earlier engine failed", { error: String(error) }));
  const tick = () => void engine.tick().catch((error) => log.error("telephony tick failed", { error: String(error) }));
  const stopListening = onEngineWake(tick);
  // Timers (the minute debits, ring limits written as commands) and any wake that was lost.
  const timer = setInterval(tick, config().TELEPHONY_TICK_MS);
  tick(); // the first pass starts the user agent: calls from the network reach it from now on
  log.info("the telephony engine carries the calls", { engine: engine.name, pid: process.pid });
  return async () => {
    clearInterval(timer);
    stopListening();
    await engine.stop?.();
  };
}
