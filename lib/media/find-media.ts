import { prisma } from "@/lib/core/db/client";
import { ApiError, notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { CALL_FOLDER_PREFIX } from "@/lib/core/tenancy/scope";
import { mediaDomainScope, mediaFileScope, mediaFolderScope, type MediaLevel } from "@/lib/media/media-scope";

// Lookups every media operation starts with. What the actor may not read answers 404 like what does
// not exist; what it may read but not write answers 403.

export interface FilePath {
  domain: string;
  folder: string;
  file: string;
}

export async function findMediaDomain(actor: Actor, name: string) {
  const domain = await prisma.domain.findFirst({ where: { AND: [{ name }, mediaDomainScope(actor)] }, select: { id: true, name: true } });
  if (!domain) throw notFound(`Domain ${name}`);
  return domain;
}

const refused = (what: string) =>
  new ApiError("forbidden", `You may read ${what} but not change it: ask someone with write access to add you to its ACL.`);

/**
 * A user's call: folder (recordings, voicemail) asked for by an application two-legged: the spec lets
 * only the owner download a voicemail, so the application is told to act as that user (401), where
 * anyone else gets 404 like for anything they may not read.
 */
async function refuseTwoLeggedCallFolder(actor: Actor, domainId: string, folderName: string): Promise<void> {
  if (actor.kind !== "application" || !folderName.startsWith(CALL_FOLDER_PREFIX)) return;
  const owned = await prisma.mediaFolder.count({ where: { domainId, name: folderName, ownerUserId: { not: null } } });
  if (!owned) return;
  throw new ApiError(
    "unauthorized",
    `${folderName} belongs to a user, and only that user reads it (the spec: only the owner of ` +
      `a voicemail downloads it). Sign with the user's access token, or, as a service provider ` +
      `application, send X-BT-Ribbit-SP-UserId: <the user's GUID>.`,
    { oauthProblem: "parameter_absent", oauthParams: { oauth_parameters_absent: "oauth_token" } },
  );
}

export async function findFolder(actor: Actor, domainName: string, folderName: string, level: MediaLevel) {
  const domain = await findMediaDomain(actor, domainName);
  const where = { domainId: domain.id, name: folderName };
  const folder = await prisma.mediaFolder.findFirst({ where: { AND: [where, mediaFolderScope(actor, "read")] } });
  if (!folder) {
    await refuseTwoLeggedCallFolder(actor, domain.id, folderName);
    throw notFound(`Media folder ${folderName}`);
  }
  if (level === "write" && !(await prisma.mediaFolder.count({ where: { AND: [{ id: folder.id }, mediaFolderScope(actor, "write")] } }))) {
    throw refused(`folder ${folderName}`);
  }
  return { domain, folder };
}

export async function findFile(actor: Actor, path: FilePath, level: MediaLevel) {
  const domain = await findMediaDomain(actor, path.domain);
  const where = { domainId: domain.id, name: path.file, folder: { domainId: domain.id, name: path.folder } };
  const file = await prisma.mediaFile.findFirst({ where: { AND: [where, mediaFileScope(actor, "read")] }, include: { folder: true } });
  if (!file) {
    await refuseTwoLeggedCallFolder(actor, domain.id, path.folder);
    throw notFound(`Media file ${path.folder}/${path.file}`);
  }
  if (level === "write" && !(await prisma.mediaFile.count({ where: { AND: [{ id: file.id }, mediaFileScope(actor, "write")] } }))) {
    throw refused(`file ${path.folder}/${path.file}`);
  }
  return { domain, file };
}

/** Who creates an item: the user, the application (two-legged), or the portal. */
export function creatorFields(actor: Actor) {
  if (actor.kind === "developer") return { createdByUserId: null, createdByApplicationId: null, createdWith: "portal" };
  return {
    createdByUserId: actor.kind === "user" ? actor.userId : null,
    createdByApplicationId: actor.applicationId,
    createdWith: actor.applicationPublicId,
  };
}
