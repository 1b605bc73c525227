import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { isGuid } from "@/lib/core/validation";
import { toDomainEntry } from "./schemas";

/**
 * The developer who owns what an actor creates: the portal's developer, or the owner of the calling
 * application's domain. Domains are the application's own business: never on a user's behalf.
 * `namedOwner` is the spec's X-Service-SP-UserId header; it must name that same developer.
 */
export async function domainOwnerFor(actor: Actor, namedOwner: string | null): Promise<string> {
  if (actor.kind === "user")
    throw new ApiError("forbidden", "Domains are managed by the application: sign with the consumer key alone (two-legged).");
  const owner =
    actor.kind === "developer"
      ? actor.developerId
      : (await prisma.domain.findUniqueOrThrow({ where: { id: actor.domainId }, select: { ownerId: true } })).ownerId;
  if (namedOwner !== null && (!isGuid(namedOwner) || namedOwner.toLowerCase() !== owner)) {
    throw new ApiError("forbidden", "X-Service-SP-UserId must be the GUID of the developer who owns this application's domain.");
  }
  return owner;
}

/** Creates a domain owned by the actor's developer; one an application creates stays visible to it. */
export async function createDomain(actor: Actor, input: { name: string }, namedOwner: string | null = null) {
  const ownerId = await domainOwnerFor(actor, namedOwner);
  if (await prisma.domain.findUnique({ where: { name: input.name } })) {
    throw new ApiError("conflict", `The domain name "${input.name}" is taken. Choose another one.`);
  }
  const domain = await prisma.domain.create({
    data: { name: input.name, ownerId, createdByApplicationId: actor.kind === "application" ? actor.applicationId : null },
  });
  return toDomainEntry(domain);
}
