import type { Tx } from "@/lib/core/db/client";
import { queueVoicemail } from "@/lib/voicemail/pending-voicemail";
import { endCall } from "./end-call";
import type { CallRow } from "./transform";

// What happens to inbound calls (POST /simulator/inbound-call, later a carrier's) that nobody takes.

/** Nobody answered the user's number: the call ends as NOANSWER and the caller leaves a voicemail (docs/voicemail.md). */
export async function onInboundCallNotAnswered(tx: Tx, call: CallRow, at: Date): Promise<void> {
  await endCall(tx, call.id, "NOANSWER", at, { reason: "nobody answered: the caller left a voicemail" });
  const [caller, callee] = call.legs;
  await queueVoicemail(tx, { callId: call.id, userId: call.userId, domainId: call.domainId, from: caller!.address, dest: callee!.address, startTime: at });
}
