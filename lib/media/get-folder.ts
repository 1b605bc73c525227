import { prisma } from "@/lib/core/db/client";
import type { Actor } from "@/lib/core/tenancy/actor";
import { mediaFileScope } from "@/lib/media/media-scope";
import { findFolder } from "./find-media";
import { toFileEntry, toFolderEntry } from "./transform";

/** The folder and the files in it the actor may read, by name. */
export async function getFolder(actor: Actor, domainName: string, folderName: string) {
  const { folder } = await findFolder(actor, domainName, folderName, "read");
  const files = await prisma.mediaFile.findMany({
    where: { AND: [{ folderId: folder.id }, mediaFileScope(actor, "read")] },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return { ...toFolderEntry(folder), files: files.map((f) => toFileEntry(folder.name, f)) };
}
