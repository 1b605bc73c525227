import type { GuestToken } from "@prisma/client";
import { REST_PREFIX } from "@/lib/core/urls";
import { createCall } from "@/lib/calls/create-call";
import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import { getGuestCall, guestActor } from "./get-guest-call";
import { DEFAULT_GUEST_CALLER, GUEST_LEG, guestCallPath, liveGuestCall } from "./guest-calls";
import type { GuestCallInput } from "./schemas";
import { countOf } from "@/lib/core/text/count-of";

/**
 * Takes one of the token's maxConcurrent slots, or answers 409. The token's row lock makes
 * concurrent attempts count one after another, and the slot exists before the call is dialled.
 */
async function takeSlot(token: GuestToken, caller: string) {
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<
      Array<{ revokedAt: Date | null }>
    >`SELECT "revokedAt" FROM "GuestToken" WHERE id = ${token.id}::uuid FOR UPDATE`;
    if (!locked || locked.revokedAt)
      throw new ApiError("guest_token_refused", "This guest token was revoked. Ask whoever gave it to you for a new one.");
    const live = await tx.guestCall.count({ where: { tokenId: token.id, ...liveGuestCall() } });
    if (live >= token.maxConcurrent) {
      throw new ApiError(
        "guest_calls_exhausted",
        `This guest token allows ${countOf(token.maxConcurrent, "call")} at once and all are in use. Try again when one has ended.`,
        {
          extra: { maxConcurrent: token.maxConcurrent },
        },
      );
    }
    await tx.guestToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date() } });
    return tx.guestCall.create({ data: { tokenId: token.id, caller } });
  });
}

/** The call a refusal from createCall names (busy, no answer, failed, still ringing): it stays in the history. */
const callIdOf = (error: unknown) =>
  error instanceof ApiError && typeof error.options.extra?.callId === "number" ? error.options.extra.callId : undefined;

/**
 * An anonymous visitor's call with a guest token (auth "guest-token": its contract checked it): the guest's leg
 * and the token's callee, placed through the token's application as its user, with the guest as
 * the caller id. Answers like POST /calls (201 once connected; busy, no answer and failure name why),
 * but points at the guest's own view of the call, never at the user's.
 */
export async function createGuestCall(token: GuestToken, input: GuestCallInput) {
  const actor = await guestActor(token);
  const caller = input.caller ?? token.caller ?? DEFAULT_GUEST_CALLER;
  const slot = await takeSlot(token, caller);
  let callId: number | undefined;
  try {
    callId = (await createCall(actor, token.userId, { legs: [GUEST_LEG, token.callee], mode: "talk" }, { callerId: caller })).id;
  } catch (error) {
    callId = callIdOf(error);
    if (!(error instanceof ApiError) || callId === undefined) throw error;
    const location = `${REST_PREFIX}${guestCallPath(slot.id)}`;
    throw new ApiError(
      error.code,
      `The call to ${token.callee} did not connect: ${error.options.extra?.legStatus ?? "failed"}. Its state is at ${location}.`,
      {
        location,
        extra: { legStatus: error.options.extra?.legStatus, location },
      },
    );
  } finally {
    // Linked, the slot lives as long as the call; a call never placed frees it at once.
    if (callId === undefined) await prisma.guestCall.delete({ where: { id: slot.id } });
    else await prisma.guestCall.update({ where: { id: slot.id }, data: { callId } });
  }
  return getGuestCall(slot.id);
}
