import { config } from "@/lib/config";
import { ApiError } from "@/lib/errors/api-error";
import type { EngineEventHandler, TelephonyEngine } from "./engine";
import { Simulator } from "./simulator";

let engine: Simulator | undefined;

/** The engine TELEPHONY_ENGINE names, reporting to `onEvent` (lib/calls/engine.ts binds it). */
export function configuredEngine(onEvent: EngineEventHandler): TelephonyEngine {
  switch (config().TELEPHONY_ENGINE) {
    case "simulator":
      return (engine ??= new Simulator(onEvent));
  }
}

/** The simulator, for its own operations (clock, inbound calls); 404 when another engine carries calls. */
export function simulatorOf(current: TelephonyEngine): Simulator {
  if (current instanceof Simulator) return current;
  throw new ApiError("not_found", `The telephony simulator is not running: TELEPHONY_ENGINE is ${current.name}.`);
}
