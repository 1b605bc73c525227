import { prisma } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/tenancy/actor";
import { getBillingAccountOrThrow } from "./get-billing-account";

/**
 * The account a user may be put in by this actor: one of the developer who owns the user's domain
 * (404 otherwise, like an id that names nothing); null takes the user out. A user's own token may
 * not move itself between accounts (it could make another account pay): 403.
 */
export async function assignableAccountId(actor: Actor, accountId: string | null): Promise<string | null> {
  if (actor.kind === "user") {
    throw new ApiError("forbidden", "A user cannot change its own billing account: the application (two-legged) or the developer portal does.");
  }
  return accountId === null ? null : (await getBillingAccountOrThrow(actor, accountId)).id;
}

/** Where a new user goes without an explicit accountId: the creating application's default account, if any. */
export async function defaultAccountId(actor: Actor): Promise<string | null> {
  if (actor.kind !== "application") return null;
  const app = await prisma.application.findUnique({ where: { id: actor.applicationId }, select: { defaultBillingAccountId: true } });
  return app?.defaultBillingAccountId ?? null;
}
