import type { Tx } from "@/lib/db/client";
import { endCall } from "./end-call";
import type { CallRow } from "./transform";

// What happens to inbound calls (POST /simulator/inbound-call, later a carrier's) that nobody takes.

/** Nobody answered the user's number: for now the call ends as NOANSWER (voicemail replaces this). */
export async function onInboundCallNotAnswered(tx: Tx, call: CallRow, at: Date): Promise<void> {
  await endCall(tx, call.id, "NOANSWER", at, { reason: "nobody answered" });
}
