import type { Call, CallLeg } from "@prisma/client";
import type { Tx } from "@/lib/core/db/client";
import { publishEvent } from "@/lib/outbox/publish";
import { callPath } from "./transform";

export type CallEventType =
  | "CallInitiated"
  | "CallRinging"
  | "CallLegAnswered"
  | "CallLegHungUp"
  | "CallStatusChanged"
  | "DtmfReceived"
  | "PlayAnnouncementComplete"
  | "RecordComplete"
  | "CallCompleted"
  | "CallCost";

/**
 * Publishes a call event in the spec's shape (docs/calls.md): params carry callid, guid, source and
 * dest (the first two legs), and the leg and status concerned, plus the type's own fields.
 */
export async function publishCallEvent(
  tx: Tx,
  call: Call & { legs: Pick<CallLeg, "address">[] },
  type: CallEventType,
  params: { leg?: number; status: string } & Record<string, unknown>,
): Promise<void> {
  await publishEvent(tx, {
    applicationId: call.applicationId,
    type,
    resourcePath: callPath(call),
    params: { callid: call.id, guid: call.userId, source: call.legs[0]?.address, dest: call.legs[1]?.address, ...params },
    inbound: !call.outbound,
  });
}
