import { prisma } from "@/lib/core/db/client";
import { fieldErrors } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { applicationScope, userScope } from "@/lib/core/tenancy/scope";
import { findFile, findFolder, type FilePath } from "./find-media";
import type { AclBody } from "./schemas";
import { toAclEntry } from "./transform";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";

/** A folder ACL's path, or a file ACL's (with file). */
export type AclPath = Omit<FilePath, "file"> & { file?: string };

/** Anyone who may read an item may read its ACL. */
export async function getMediaAcl(actor: Actor, path: AclPath) {
  if (path.file) {
    const { file } = await findFile(actor, path as FilePath, "read");
    return toAclEntry(`${file.folder.name}/${file.name}`, file);
  }
  const { folder } = await findFolder(actor, path.domain, path.folder, "read");
  return toAclEntry(folder.name, folder);
}

/**
 * Replaces an item's ACL (write access needed). Both spellings are read (readUser and readUsers);
 * a list not sent is empty, so removing a permission is sending the list without it; all lists
 * empty removes the ACL and only the creator has access again.
 */
export async function updateMediaAcl(actor: Actor, path: AclPath, body: AclBody) {
  const acl = {
    readUsers: unique([...(body.readUsers ?? []), ...(body.readUser ?? [])]),
    writeUsers: unique([...(body.writeUsers ?? []), ...(body.writeUser ?? [])]),
    readApps: unique(body.readApps ?? []),
    writeApps: unique(body.writeApps ?? []),
  };
  const data = { ...acl, hasAcl: Object.values(acl).some((list) => list.length > 0) };
  if (path.file) {
    const { domain, file } = await findFile(actor, path as FilePath, "write");
    await checkAclMembers(actor, domain.id, acl);
    await prisma.mediaFile.updateMany({ where: { id: file.id, domainId: domain.id }, data });
    return toAclEntry(`${file.folder.name}/${file.name}`, acl);
  }
  const { domain, folder } = await findFolder(actor, path.domain, path.folder, "write");
  await checkAclMembers(actor, domain.id, acl);
  await prisma.mediaFolder.updateMany({ where: { id: folder.id, domainId: domain.id }, data });
  return toAclEntry(folder.name, acl);
}

const unique = (list: string[]) => [...new Set(list)];

/** Every listed user and application must be of the item's domain: a 400 names the first that is not. */
async function checkAclMembers(actor: Actor, domainId: string, acl: Record<"readUsers" | "writeUsers" | "readApps" | "writeApps", string[]>) {
  const guids = unique([...acl.readUsers, ...acl.writeUsers]);
  // A user's own scope is only itself; the ACL may name any user of the domain.
  const usersOf = actor.kind === "user" ? { domainId } : { AND: [{ domainId }, userScope(actor)] };
  const users = new Set((await prisma.user.findMany({ where: { AND: [usersOf, { id: { in: guids } }] }, select: { id: true } })).map((u) => u.id));
  const apps = await prisma.application.findMany({
    where: { AND: [{ domainId }, applicationScope(actor)] },
    select: { name: true, domain: { select: { name: true } } },
  });
  const appSet = new Set(apps.map((a) => applicationPublicId(a.domain.name, a.name)));
  const errors = [
    ...(["readUsers", "writeUsers"] as const).flatMap((field) =>
      acl[field].filter((g) => !users.has(g)).map((g) => ({ field, message: `${g} is not a user of this domain` })),
    ),
    ...(["readApps", "writeApps"] as const).flatMap((field) =>
      acl[field].filter((a) => !appSet.has(a)).map((a) => ({ field, message: `${a} is not an application of this domain` })),
    ),
  ];
  if (errors.length) throw fieldErrors(errors);
}
