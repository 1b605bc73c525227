import { prisma } from "@/lib/core/db/client";
import { storedAddress } from "@/lib/devices/get-device";
import { ApiError, fieldError } from "@/lib/core/errors/api-error";
import { createdWithOf, type Actor } from "@/lib/core/tenancy/actor";
import { deviceScope } from "@/lib/core/tenancy/scope";
import { DEFAULT_VALIDITY_DAYS, type CreateTokenInput } from "./schemas";
import { guestSecretHash, newGuestSecret } from "./secret";
import { toTokenEntry } from "./transform";

const DAY_MS = 24 * 60 * 60 * 1000;

const calleeRefused = (message: string) => fieldError("callee", message);

/**
 * Creates a guest-call token for the user whose device `callee` is: with a user's token that user
 * (the device must be its own), two-legged the user of the domain holding that address. The reply
 * carries the secret once; only its SHA-256 is stored.
 */
export async function createToken(actor: Actor, input: CreateTokenInput) {
  if (actor.kind === "developer") throw new ApiError("forbidden", "Guest tokens are created through an application: POST /tokens, signed by it.");
  const address = storedAddress(input.callee)!;
  const owner = actor.kind === "user" ? { userId: actor.userId } : {};
  const device = await prisma.device.findFirst({
    where: { AND: [{ domainId: actor.domainId, address, ...owner }, deviceScope(actor)] },
    select: { userId: true },
  });
  if (!device) {
    throw calleeRefused(
      actor.kind === "user" ? `${address} is not one of your devices` : `${address} is no user's device in domain ${actor.domainName}`,
    );
  }
  const startDate = input.startDate ? new Date(input.startDate) : new Date();
  const endDate = input.endDate ? new Date(input.endDate) : new Date(startDate.getTime() + DEFAULT_VALIDITY_DAYS * DAY_MS);
  if (endDate <= startDate) throw fieldError("endDate", "must be after startDate", { detail: "endDate: must be after startDate (default: now)" });

  const secret = newGuestSecret();
  const token = await prisma.guestToken.create({
    data: {
      userId: device.userId,
      applicationId: actor.applicationId,
      callee: address,
      caller: input.caller || null,
      description: input.description || null,
      startDate,
      endDate,
      maxConcurrent: input.maxConcurrent ?? 1,
      secretHash: guestSecretHash(secret),
      createdWith: createdWithOf(actor),
    },
  });
  return toTokenEntry({ ...token, _count: { calls: 0 } }, secret);
}
