import { assignableAccountId, defaultAccountId } from "@/lib/billing/assignable-account";
import { hashPassword } from "@/lib/crypto/password";
import { prisma } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { createdWithOf, type Actor } from "@/lib/tenancy/actor";
import { domainScope } from "@/lib/tenancy/scope";
import type { CreateUserInput } from "./schemas";
import { toUserEntry, withDomainName } from "./transform";

/** A user's default device: its email address when the login is one, else a SIP address. */
export function defaultDeviceAddress(login: string, domain: string): string {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(login) ? `mailto:${login.toLowerCase()}` : `sip:${login}@${domain}`;
}

/**
 * Creates a user and its default device in one transaction. Through the API the user joins the
 * application's domain (a `domain` naming another is a 404); in the portal, the named domain of the
 * developer. A taken login is a 409. It joins the billing account named by accountId, else the
 * creating application's default account.
 */
export async function createUser(actor: Actor, input: CreateUserInput) {
  if (actor.kind === "user") {
    throw new ApiError("forbidden", "Users are created by the application itself: sign this request with the consumer key alone (two-legged).");
  }
  const domainName = input.domain ?? (actor.kind === "application" ? actor.domainName : undefined);
  if (!domainName) throw new ApiError("validation_failed", "domain: is required", { extra: { errors: [{ field: "domain", message: "is required" }] } });
  const ownDomain = actor.kind === "application" ? { id: actor.domainId } : domainScope(actor);
  const domain = await prisma.domain.findFirst({ where: { AND: [{ name: domainName }, ownDomain] } });
  if (!domain) throw notFound(`Domain ${domainName}`);
  const accountId = input.accountId === undefined ? await defaultAccountId(actor) : await assignableAccountId(actor, input.accountId);
  const user = await prisma.$transaction(async (tx) => {
    const taken = await tx.user.findUnique({ where: { domainId_login: { domainId: domain.id, login: input.login } } });
    if (taken) throw new ApiError("conflict", `A user with login "${input.login}" already exists in domain ${domain.name}.`);
    return tx.user.create({
      data: {
        domainId: domain.id,
        login: input.login,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        createdWith: createdWithOf(actor),
        accountId,
        devices: { create: { address: defaultDeviceAddress(input.login, domain.name), isDefault: true } },
      },
      include: withDomainName,
    });
  });
  return toUserEntry(user);
}
