import { prisma } from "@/lib/core/db/client";
import type { Actor } from "@/lib/core/tenancy/actor";
import { creatorFields, findFolder } from "./find-media";
import { unlessTaken } from "@/lib/core/errors/known-errors";
import { toFileEntry } from "./transform";

/** Creates an empty file entry in a folder the actor may write; the bytes come with an upload. */
export async function createFile(actor: Actor, domainName: string, folderName: string, name: string) {
  const { folder } = await findFolder(actor, domainName, folderName, "write");
  const file = await unlessTaken(
    prisma.mediaFile.create({ data: { folderId: folder.id, domainId: folder.domainId, name, ...creatorFields(actor) } }),
    `A file named "${name}" already exists in media folder ${folder.name}.`,
  );
  return toFileEntry(folder.name, file);
}
