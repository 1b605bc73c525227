import type { Prisma } from "@prisma/client";
import type { Actor, ApplicationActor, UserActor } from "./actor";

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
 * Login sessions (access tokens) that are still live: a user sees all of its own; an application
 * those it holds for users of its domain; a developer those of its domains' users.
 */
export function sessionScope(actor: Actor): Prisma.AccessTokenWhereInput {
  const live = { revokedAt: null };
  switch (actor.kind) {
    case "developer":
      return { ...live, user: { domain: { ownerId: actor.developerId } } };
    case "application":
      return { ...live, applicationId: actor.applicationId, user: { domainId: actor.domainId } };
    case "user":
      return { ...live, userId: actor.userId };
  }
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

/** Domains whose media an actor may reach: through the API only its own domain; a developer those it owns. */
export function mediaDomainScope(actor: Actor): Prisma.DomainWhereInput {
  return actor.kind === "developer" ? { ownerId: actor.developerId } : { id: actor.domainId };
}

export type MediaLevel = "read" | "write";
/** call:<call id> folders hold call recordings and voicemail: only the message's owner reads them (docs/media.md, docs/voicemail.md). */
export const CALL_FOLDER_PREFIX = "call:";

type AclWhere = Prisma.MediaFolderWhereInput & Prisma.MediaFileWhereInput;

/** One pair of ACL lists grants the actor: a listed application; a listed user (through a listed application, if any); with no users, any user of a listed application (rule 3). */
function aclListsGrant(actor: ApplicationActor | UserActor, users: "readUsers" | "writeUsers", apps: "readApps" | "writeApps"): AclWhere {
  if (actor.kind === "application") return { [apps]: { has: actor.applicationPublicId } };
  return {
    OR: [
      { [users]: { has: actor.userId }, OR: [{ [apps]: { isEmpty: true } }, { [apps]: { has: actor.applicationPublicId } }] },
      { [users]: { isEmpty: true }, [apps]: { has: actor.applicationPublicId } },
    ],
  };
}

/** An item's ACL grants the level (write includes read). */
function aclGrants(actor: ApplicationActor | UserActor, level: MediaLevel): AclWhere {
  const write = aclListsGrant(actor, "writeUsers", "writeApps");
  return { hasAcl: true, ...(level === "write" ? write : { OR: [aclListsGrant(actor, "readUsers", "readApps"), write] }) };
}

/** The actor created the item: the user, or the application two-legged. */
function createdBy(actor: ApplicationActor | UserActor): AclWhere {
  return actor.kind === "user" ? { createdByUserId: actor.userId } : { createdByUserId: null, createdByApplicationId: actor.applicationId };
}

/**
 * Media folders an actor may read or write (spec access rules 1-3): with no ACL only the creator; with
 * one only who it lists. An application always administers what it created two-legged. A developer
 * reaches everything in its domains (the caller scopes the domain with mediaDomainScope).
 */
export function mediaFolderScope(actor: Actor, level: MediaLevel): Prisma.MediaFolderWhereInput {
  if (actor.kind === "developer") return {};
  const callFolder = { name: { startsWith: CALL_FOLDER_PREFIX } };
  const rules = [aclGrants(actor, level), { hasAcl: false, ...createdBy(actor) }, ...(actor.kind === "application" ? [createdBy(actor)] : [])];
  return {
    domainId: actor.domainId,
    OR: [{ NOT: callFolder, OR: rules }, ...(level === "read" ? [{ ...callFolder, ...callFolderOwner(actor) }] : [])],
  };
}

/** Who reads a call: folder: its owner, as the message's owner: the user, or an application of its domain two-legged. */
function callFolderOwner(actor: ApplicationActor | UserActor): Prisma.MediaFolderWhereInput {
  return actor.kind === "user" ? { ownerUserId: actor.userId } : { ownerUserId: { not: null } };
}

/** Media files an actor may read or write: their own ACL, else their folder's, else the creator only. */
export function mediaFileScope(actor: Actor, level: MediaLevel): Prisma.MediaFileWhereInput {
  if (actor.kind === "developer") return {};
  const callFolder = { name: { startsWith: CALL_FOLDER_PREFIX } };
  const rules: Prisma.MediaFileWhereInput[] = [
    aclGrants(actor, level),
    { hasAcl: false, folder: aclGrants(actor, level) },
    { hasAcl: false, folder: { hasAcl: false }, ...createdBy(actor) },
    ...(actor.kind === "application" ? [createdBy(actor)] : []),
  ];
  return {
    domainId: actor.domainId,
    OR: [
      { folder: { NOT: callFolder }, OR: rules },
      ...(level === "read" ? [{ folder: { ...callFolder, ...callFolderOwner(actor) } }] : []),
    ],
  };
}

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
