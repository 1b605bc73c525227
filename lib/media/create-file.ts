import { prisma } from "@/lib/db/client";
import type { Actor } from "@/lib/tenancy/actor";
import { creatorFields, findFolder, unlessTaken } from "./find-media";
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
