import type { CallLeg } from "@prisma/client";
import type { Tx } from "@/lib/core/db/client";
import { telephonyEngine } from "@/lib/telephony/configured-engine";
import type { PlayInput } from "./schemas";
import type { CallRow } from "./transform";

/** Seconds a play request lasts: each item's duration, 1 s for an item without one. */
export const playSeconds = (media: PlayInput["media"]) => media.reduce((sum, item) => sum + (item.duration ?? 1), 0);

/** Plays media to legs; each reports PlayAnnouncementComplete with the transactionId when done. */
export async function playToLegs(tx: Tx, call: CallRow, legs: CallLeg[], transactionId: string, media: PlayInput["media"]): Promise<void> {
  for (const leg of legs) {
    await telephonyEngine().play(tx, { callId: call.id, legId: leg.id, address: leg.address }, transactionId, playSeconds(media), media);
    await tx.callLeg.update({ where: { id: leg.id }, data: { playing: true, playId: transactionId } });
  }
}
