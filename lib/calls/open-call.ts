import type { Prisma } from "@prisma/client";
import type { Tx } from "@/lib/core/db/client";
import { publishCallEvent } from "./call-events";
import { bootId } from "./boot-id";
import { withLegs, type CallRow } from "./transform";

export interface NewCall {
  user: { id: string; domainId: string; domain: { name: string } };
  application: { id: string; publicId: string };
  legs: string[];
  callerId?: string | null;
  mode?: string;
  announce?: string;
  outbound: boolean;
  at: Date;
  /** An outbound call's account and minute price: its first minute is then reserved (call-credit.ts reserveFirstMinute). */
  billing?: { accountId: string; minutePrice: Prisma.Decimal };
}

/** Writes a call with its legs (all STARTED) and publishes CallInitiated; the caller then dials them. */
export async function openCall(tx: Tx, input: NewCall): Promise<CallRow> {
  const call = await tx.call.create({
    data: {
      domainId: input.user.domainId,
      domainName: input.user.domain.name,
      userId: input.user.id,
      applicationId: input.application.id,
      applicationPublicId: input.application.publicId,
      callerId: input.callerId ?? null,
      mode: input.mode ?? "talk",
      announce: input.announce,
      outbound: input.outbound,
      startTime: input.at,
      bootId: bootId(),
      ...(input.billing ? { billingAccountId: input.billing.accountId, minutePrice: input.billing.minutePrice, paidMinutes: 1 } : {}),
      legs: { create: input.legs.map((address) => ({ address, startTime: input.at })) },
    },
    include: withLegs,
  });
  await publishCallEvent(tx, call, "CallInitiated", {
    status: "STARTED",
    outbound: input.outbound,
    ...(call.callerId ? { callerId: call.callerId } : {}),
  });
  return call;
}
