import type { Tx } from "@/lib/core/db/client";

/** Serializes changes to one call (API controls and engine reports) until the transaction ends. */
export async function lockCall(tx: Tx, callId: number): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM "Call" WHERE id = ${callId} FOR UPDATE`;
}

/** Locks the call a leg belongs to, as lockCall, and names it, in one statement; undefined for an unknown leg. */
export async function lockCallOfLeg(tx: Tx, legId: number): Promise<number | undefined> {
  const rows = await tx.$queryRaw<
    Array<{ id: number }>
  >`SELECT c.id FROM "Call" c JOIN "CallLeg" l ON l."callId" = c.id WHERE l.id = ${legId} FOR UPDATE OF c`;
  return rows[0]?.id;
}
