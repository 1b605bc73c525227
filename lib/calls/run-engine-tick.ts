import { kickDelivery } from "@/lib/events/publish";
import { ensureCallsReady } from "./calls-ready";
import { engine } from "./engine";

/** The scheduler's engine tick (app/api/jobs/telephony): reconciles once after start, then fires due events. */
export async function runEngineTick(): Promise<{ fired: number }> {
  await ensureCallsReady();
  const fired = await engine().tick();
  if (fired) kickDelivery();
  return { fired };
}
