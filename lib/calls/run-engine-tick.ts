import { kickDelivery } from "@/lib/outbox/publish";
import { ensureCallsReady } from "./calls-ready";
import { telephonyEngine } from "@/lib/telephony/configured-engine";

/** The scheduler's engine tick (app/api/jobs/telephony): reconciles once after start, then fires due events. */
export async function runEngineTick(): Promise<{ fired: number }> {
  await ensureCallsReady();
  const fired = await telephonyEngine().tick();
  if (fired) kickDelivery();
  return { fired };
}
