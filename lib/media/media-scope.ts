import type { Prisma } from "@prisma/client";
import type { Actor, ApplicationActor, UserActor } from "@/lib/core/tenancy/actor";
import { CALL_FOLDER_PREFIX } from "@/lib/core/tenancy/scope";

// What each actor may reach in media (spec, media access rules 1-3), as where clauses: the media
// area's own rules beside the tenant scopes of lib/core/tenancy/scope.ts that every area shares.

/** Domains whose media an actor may reach: through the API only its own domain; a developer those it owns. */
export function mediaDomainScope(actor: Actor): Prisma.DomainWhereInput {
  return actor.kind === "developer" ? { ownerId: actor.developerId } : { id: actor.domainId };
}

export type MediaLevel = "read" | "write";

type AclWhere = Prisma.MediaFolderWhereInput & Prisma.MediaFileWhereInput;

/**
 * One pair of ACL lists grants the actor: a listed application; a listed user (through a listed
 * application, if any); with no users, any user of a listed application (rule 3).
 */
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
    OR: [{ NOT: callFolder, OR: rules }, ...(level === "read" && actor.kind === "user" ? [{ ...callFolder, ownerUserId: actor.userId }] : [])],
  };
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
      // A call: folder is its user's alone (the spec: only the owner downloads a voicemail); an
      // application reads it by acting as that user (lib/http/oauth/service-provider.ts), not two-legged.
      ...(level === "read" && actor.kind === "user" ? [{ folder: { ...callFolder, ownerUserId: actor.userId } }] : []),
    ],
  };
}
