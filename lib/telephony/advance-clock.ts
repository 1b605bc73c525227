import { engine } from "@/lib/calls/engine";
import { ensureCallsReady } from "@/lib/calls/calls-ready";
import { kickDelivery } from "@/lib/events/publish";
import { simulatorOf } from "./configured-engine";

/** POST /simulator/clock: moves simulated time forward and fires what became due. */
export async function advanceClock(advanceSeconds: number) {
  await ensureCallsReady();
  const { now, fired } = await simulatorOf(engine()).advance(advanceSeconds);
  if (fired) kickDelivery();
  return { now: now.toISOString(), offsetSeconds: Math.round((now.getTime() - Date.now()) / 1000), fired };
}
