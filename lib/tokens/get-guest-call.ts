import type { GuestToken } from "@prisma/client";
import { toCallEntries } from "@/lib/calls/get-call";
import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import type { UserActor } from "@/lib/core/tenancy/actor";
import { findGuestCall, type GuestCallWithCall } from "./find-guest-call";
import type { GuestCallEntry } from "./schemas";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";

/** The token's user acting through the token's application: who a guest call is placed as. */
export async function guestActor(token: GuestToken): Promise<UserActor> {
  const app = await prisma.application.findUniqueOrThrow({ where: { id: token.applicationId }, include: { domain: { select: { name: true } } } });
  const user = await prisma.user.findUniqueOrThrow({ where: { id: token.userId }, select: { suspended: true } });
  if (app.suspended || user.suspended) throw new ApiError("forbidden", "Guest calls to this person are turned off at the moment.");
  return {
    kind: "user",
    applicationId: app.id,
    applicationPublicId: applicationPublicId(app.domain.name, app.name),
    domainId: app.domainId,
    domainName: app.domain.name,
    userId: token.userId,
    tokenId: null,
  };
}

/** What the visitor sees of its call, by the call's id. */
export async function getGuestCall(id: string): Promise<GuestCallEntry> {
  return guestCallEntry(await findGuestCall(id));
}

/** What the visitor sees of its call: the callee's side and the state, never the user or the application. */
export async function guestCallEntry(guestCall: GuestCallWithCall): Promise<GuestCallEntry> {
  const [call] = await toCallEntries([guestCall.call]);
  const callee = call!.legs[1]!;
  return {
    id: guestCall.id,
    caller: guestCall.caller,
    callee: guestCall.token.callee,
    status: call!.status,
    calleeStatus: callee.status,
    active: call!.active,
    startTime: call!.startTime,
    answerTime: callee.answerTime,
    endTime: call!.endTime,
    duration: call!.duration,
  };
}
