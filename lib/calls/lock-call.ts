import type { Tx } from "@/lib/core/db/client";

/** Serializes changes to one call (API controls and engine reports) until the transaction ends. */
export async function lockCall(tx: Tx, callId: number): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM "Call" WHERE id = ${callId} FOR UPDATE`;
}
