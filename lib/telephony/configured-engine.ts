import { config } from "@/lib/core/config";
import { ApiError } from "@/lib/core/errors/api-error";
import type { EngineHooks, TelephonyEngine } from "./engine";
import { Simulator } from "./simulator";
import { SipEngine } from "./sip-engine";

// The engine and the handler of its events live on globalThis: Next.js may give the server start
// (instrumentation) and each route bundle its own copy of this module, and all of them must share
// one engine (one alarm, one tick at a time) reporting to the one handler bound at start-up.
const state = globalThis as { __telephony?: { engine?: TelephonyEngine; hooks?: EngineHooks } };
const shared = () => (state.__telephony ??= {});

/**
 * Binds what the engine reports to (the calls API's handler, lib/calls/engine-events.ts), once at
 * server start (lib/registry/server-start.ts), so the engine and the calls area never import each other.
 */
export function bindEngineHooks(hooks: EngineHooks): void {
  shared().hooks = hooks;
}

function bound(): EngineHooks {
  const hooks = shared().hooks;
  if (!hooks)
    throw new Error("A telephony engine event arrived before the server start bound its handler (bindEngineHooks in lib/registry/server-start.ts).");
  return hooks;
}

const dispatch: EngineHooks = {
  onEvent: (tx, event) => bound().onEvent(tx, event),
  onCommitted: (callId) => shared().hooks?.onCommitted(callId),
  readMedia: async (callId, path) => bound().readMedia?.(callId, path),
};

/** The engine TELEPHONY_ENGINE names, reporting to the bound handler. */
export function telephonyEngine(): TelephonyEngine {
  switch (config().TELEPHONY_ENGINE) {
    case "simulator":
      return (shared().engine ??= new Simulator(dispatch));
    case "sip":
      return (shared().engine ??= new SipEngine(dispatch, sipEngineSettings()));
  }
}

function sipEngineSettings() {
  const c = config();
  const trunk = c.SIP_TRUNK_URI ? { uri: c.SIP_TRUNK_URI, username: c.SIP_TRUNK_USERNAME, password: c.SIP_TRUNK_PASSWORD } : undefined;
  return {
    host: c.SIP_BIND_HOST,
    port: c.SIP_BIND_PORT,
    trunk,
    ringSeconds: c.SIP_RING_SECONDS,
    defaultTransport: c.SIP_TRANSPORT,
    commandsOnly: c.TELEPHONY_PROCESS === "separate",
  };
}

/** The simulator, for its own operations (clock, inbound calls); 404 when another engine carries calls. */
export function simulatorOf(current: TelephonyEngine): Simulator {
  // By name, not instanceof: the shared engine may come from another bundle's copy of the class.
  if (current.name === "simulator") return current as Simulator;
  throw new ApiError("not_found", `The telephony simulator is not running: TELEPHONY_ENGINE is ${current.name}.`);
}
