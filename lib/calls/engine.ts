import { configuredEngine } from "@/lib/telephony/configured-engine";
import type { TelephonyEngine } from "@/lib/telephony/engine";
import { handleEngineEvent } from "./engine-events";

/** The configured telephony engine, reporting to the calls API. */
export const engine = (): TelephonyEngine => configuredEngine(handleEngineEvent);
