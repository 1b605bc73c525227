import { config } from "@/lib/core/config";
import type { SmsEngine } from "./sms-engine";
import { smsSimulator } from "./sms-simulator";
import { SmppCarrier } from "./smpp-carrier";

// The SMPP carrier holds one bind per process: on globalThis, since Next.js gives each route bundle
// its own copy of this module.
const state = globalThis as { __smsCarrier?: SmppCarrier };

/** The engine SMS_ENGINE names: the simulator, or the SMPP carrier at SMPP_URL. */
export function smsEngine(): SmsEngine {
  const c = config();
  if (c.SMS_ENGINE === "simulator") return smsSimulator;
  return (state.__smsCarrier ??= new SmppCarrier({
    url: c.SMPP_URL!,
    systemType: c.SMPP_SYSTEM_TYPE,
    sourceTon: c.SMPP_SOURCE_TON,
    sourceNpi: c.SMPP_SOURCE_NPI,
    submitsPerSecond: c.SMPP_SUBMITS_PER_SECOND,
    enquireLinkMs: c.SMPP_ENQUIRE_LINK_MS,
    responseTimeoutMs: 10_000,
    bindWaitMs: 5_000,
    reconnectMinMs: 1_000,
    reconnectMaxMs: 60_000,
  }));
}

/** Unbinds and forgets the carrier (tests; a process that stops). */
export async function stopSmsEngine(): Promise<void> {
  const carrier = state.__smsCarrier;
  state.__smsCarrier = undefined;
  await carrier?.stop();
}
