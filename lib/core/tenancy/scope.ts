import type { Prisma } from "@prisma/client";
import type { Actor } from "./actor";

// The one place that says what each actor may see. Every read, update and delete puts one of these
// into its own where, so another tenant's row is simply not found (404), never "forbidden".

/**
 * All domains are private. A developer sees the domains it owns; an application its own domain and
 * the domains it created (POST /domains); a user its own domain.
 */
export function domainScope(actor: Actor): Prisma.DomainWhereInput {
  switch (actor.kind) {
    case "developer":
      return { ownerId: actor.developerId };
    case "application":
      return { OR: [{ id: actor.domainId }, { createdByApplicationId: actor.applicationId }] };
    case "user":
      return { id: actor.domainId };
  }
}

/** Domains an actor may create or delete: an application those it created; a developer all it owns. */
export function managedDomainScope(actor: Actor): Prisma.DomainWhereInput {
  switch (actor.kind) {
    case "developer":
      return { ownerId: actor.developerId };
    case "application":
      return { createdByApplicationId: actor.applicationId };
    case "user":
      return { id: { in: [] } };
  }
}

/**
 * Which users an actor sees, as data: those of the developer's domains; of the application's domain;
 * a user only itself. userScope (Prisma) and userScopeSql (raw SQL) are both built from it.
 */
export type UserScopeRule = { ownerId: string } | { domainId: string; userId?: string };

export function userScopeRule(actor: Actor): UserScopeRule {
  switch (actor.kind) {
    case "developer":
      return { ownerId: actor.developerId };
    case "application":
      return { domainId: actor.domainId };
    case "user":
      return { domainId: actor.domainId, userId: actor.userId };
  }
}

/** Users of the developer's domains; of the application's domain; a user only itself. */
export function userScope(actor: Actor): Prisma.UserWhereInput {
  const rule = userScopeRule(actor);
  if ("ownerId" in rule) return { domain: { ownerId: rule.ownerId } };
  return rule.userId ? { id: rule.userId, domainId: rule.domainId } : { domainId: rule.domainId };
}

/** Applications of the developer's domains; through the API, those of the caller's domain. */
export function applicationScope(actor: Actor): Prisma.ApplicationWhereInput {
  return actor.kind === "developer" ? { domain: { ownerId: actor.developerId } } : { domainId: actor.domainId };
}

/** Applications whose settings, keys and events an actor may change: through the API only itself, two-legged. */
export function ownApplicationScope(actor: Actor): Prisma.ApplicationWhereInput {
  switch (actor.kind) {
    case "developer":
      return { domain: { ownerId: actor.developerId } };
    case "application":
      return { id: actor.applicationId };
    case "user":
      return { id: { in: [] } };
  }
}

/** Events (the delivery log) of the applications an actor administers. */
export function eventScope(actor: Actor): Prisma.EventWhereInput {
  return { application: ownApplicationScope(actor) };
}

/**
 * Access tokens of an actor's tenancy: a user all of its own; an application those it holds for users of
 * its domain; a developer those of its domains' users.
 */
export function accessTokenScope(actor: Actor): Prisma.AccessTokenWhereInput {
  switch (actor.kind) {
    case "developer":
      return { user: { domain: { ownerId: actor.developerId } } };
    case "application":
      return { applicationId: actor.applicationId, user: { domainId: actor.domainId } };
    case "user":
      return { userId: actor.userId };
  }
}

/** Login sessions: the access tokens an actor sees (accessTokenScope) that are still live. */
export function sessionScope(actor: Actor): Prisma.AccessTokenWhereInput {
  return { revokedAt: null, ...accessTokenScope(actor) };
}

/** Devices of the users an actor may see (a user only its own). */
export function deviceScope(actor: Actor): Prisma.DeviceWhereInput {
  return { user: userScope(actor) };
}

/** Dev-mailbox messages for users of the developer's domains. */
export function mailboxScope(actor: Actor): Prisma.MailboxMessageWhereInput {
  return { domain: domainScope(actor) };
}

/**
 * Billing accounts: a developer's own; through the API, those of the developer who owns the
 * caller's domain (the accounts its users may be put in). A user's ledger is read through its guid.
 */
export function billingAccountScope(actor: Actor): Prisma.BillingAccountWhereInput {
  return actor.kind === "developer" ? { developerId: actor.developerId } : { developer: { domains: { some: { id: actor.domainId } } } };
}

/** call:<call id> folders hold call recordings and voicemail: only their user reads them (docs/media.md, docs/voicemail.md). */
export const CALL_FOLDER_PREFIX = "call:";

/** Calls of the users an actor may see (a user only its own): docs/calls.md. */
export function callScope(actor: Actor): Prisma.CallWhereInput {
  return { user: userScope(actor) };
}

/** Messages (issue 13): those of the users an actor may see, so a user only its own. */
export function messageScope(actor: Actor): Prisma.MessageWhereInput {
  return { user: userScope(actor) };
}

/** Guest-call tokens of the users an actor may see (a user only its own). */
export function guestTokenScope(actor: Actor): Prisma.GuestTokenWhereInput {
  return { user: userScope(actor) };
}
