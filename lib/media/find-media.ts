import { Prisma } from "@prisma/client";
import { prisma } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/tenancy/actor";
import { mediaDomainScope, mediaFileScope, mediaFolderScope, type MediaLevel } from "@/lib/tenancy/scope";

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

const refused = (what: string) => new ApiError("forbidden", `You may read ${what} but not change it: ask someone with write access to add you to its ACL.`);

export async function findFolder(actor: Actor, domainName: string, folderName: string, level: MediaLevel) {
  const domain = await findMediaDomain(actor, domainName);
  const where = { domainId: domain.id, name: folderName };
  const folder = await prisma.mediaFolder.findFirst({ where: { AND: [where, mediaFolderScope(actor, "read")] } });
  if (!folder) throw notFound(`Media folder ${folderName}`);
  if (level === "write" && !(await prisma.mediaFolder.count({ where: { AND: [{ id: folder.id }, mediaFolderScope(actor, "write")] } }))) {
    throw refused(`folder ${folderName}`);
  }
  return { domain, folder };
}

export async function findFile(actor: Actor, path: FilePath, level: MediaLevel) {
  const domain = await findMediaDomain(actor, path.domain);
  const where = { domainId: domain.id, name: path.file, folder: { domainId: domain.id, name: path.folder } };
  const file = await prisma.mediaFile.findFirst({ where: { AND: [where, mediaFileScope(actor, "read")] }, include: { folder: true } });
  if (!file) throw notFound(`Media file ${path.folder}/${path.file}`);
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

/** A create whose unique name is taken answers 409 with the message. */
export async function unlessTaken<T>(create: Promise<T>, message: string): Promise<T> {
  try {
    return await create;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new ApiError("conflict", message);
    throw error;
  }
}
