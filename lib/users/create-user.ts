import { assignableAccountId, defaultAccountId } from "@/lib/billing/assignable-account";
import { hashPassword } from "@/lib/core/crypto/password";
import { prisma } from "@/lib/core/db/client";
import { ApiError, notFound, fieldError } from "@/lib/core/errors/api-error";
import { createdWithOf, type Actor, type ApplicationActor, type DeveloperActor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import type { CreateUserInput } from "./schemas";
import { toUserEntry } from "./transform";
import { withDomainName } from "@/lib/core/tenancy/with-domain-name";
import { unlessTaken } from "@/lib/core/errors/known-errors";

/** A user's default device: its email address when the login is one, else a SIP address. */
export function defaultDeviceAddress(login: string, domain: string): string {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(login) ? `mailto:${login.toLowerCase()}` : `sip:${login}@${domain}`;
}

/** The default device's row: an email one waits for its check (PUT {verifyBy: "mailCheck"} sends the email). */
function defaultDevice(login: string, domain: { id: string; name: string }) {
  const address = defaultDeviceAddress(login, domain.name);
  return { address, domainId: domain.id, isDefault: true, checkStatus: address.startsWith("mailto:") ? "pending" : null };
}

/** The user's createdBy: the portal's developer, or the developer who made the creating application. */
async function creatingDeveloperId(actor: ApplicationActor | DeveloperActor): Promise<string> {
  if (actor.kind === "developer") return actor.developerId;
  const app = await prisma.application.findUniqueOrThrow({ where: { id: actor.applicationId }, select: { createdById: true } });
  return app.createdById;
}

/**
 * Creates a user and its default device in one transaction. Through the API the user joins the
 * application's domain (a `domain` naming another is a 404); in the portal, the named domain of the
 * developer. A taken login is a 409. It joins the billing account named by accountId, else the
 * creating application's default account (in the portal, the domain's applications' one).
 */
export async function createUser(actor: Actor, input: CreateUserInput) {
  if (actor.kind === "user") {
    throw new ApiError("forbidden", "Users are created by the application itself: sign this request with the consumer key alone (two-legged).");
  }
  const domainName = input.domain ?? (actor.kind === "application" ? actor.domainName : undefined);
  if (!domainName) throw fieldError("domain", "is required");
  // An application creates users in its own domain only, not in the domains it created.
  const ownDomain = actor.kind === "application" ? { id: actor.domainId } : {};
  const domain = await scopedDb(actor).domain.findFirst({ where: { name: domainName, ...ownDomain } });
  if (!domain) throw notFound(`Domain ${domainName}`);
  const accountId = input.accountId === undefined ? await defaultAccountId(actor, domain.id) : await assignableAccountId(actor, input.accountId);
  const createdById = await creatingDeveloperId(actor);
  // Hashed before the transaction: scrypt takes a while, and on PGlite's one connection a
  // transaction holding it while hashing makes concurrent requests time out waiting for theirs.
  const passwordHash = await hashPassword(input.password);
  // The unique index on (domain, login) decides, so two creates of one login at once cannot both pass.
  const user = await unlessTaken(
    scopedDb(actor).user.create({
      data: {
        domainId: domain.id,
        login: input.login,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        createdWith: createdWithOf(actor),
        createdById,
        accountId,
        devices: { create: defaultDevice(input.login, domain) },
      },
      include: withDomainName,
    }),
    `A user with login "${input.login}" already exists in domain ${domain.name}.`,
  );
  return toUserEntry(user);
}
