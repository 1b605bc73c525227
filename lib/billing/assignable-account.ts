import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { applicationScope } from "@/lib/core/tenancy/scope";
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

/**
 * Where a new user of this domain goes without an explicit accountId: the creating application's
 * default account; in the portal, that of the domain's oldest application that names one.
 */
export async function defaultAccountId(actor: Actor, domainId: string): Promise<string | null> {
  if (actor.kind === "user") return null;
  const app = await prisma.application.findFirst({
    where:
      actor.kind === "application"
        ? { id: actor.applicationId }
        : { AND: [{ domainId, defaultBillingAccountId: { not: null } }, applicationScope(actor)] },
    select: { defaultBillingAccountId: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return app?.defaultBillingAccountId ?? null;
}
