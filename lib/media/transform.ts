import type { MediaFile, MediaFolder } from "@prisma/client";
import { contentTypeOf } from "./content-type";
import type { AclEntry, FileEntry, FolderEntry } from "./schemas";

type Item = Pick<MediaFolder, "createdAt" | "createdWith" | "createdByUserId">;

const itemFields = (item: Item) => ({
  createdOn: item.createdAt.toISOString(),
  createdWith: item.createdWith,
  createdBy: item.createdByUserId ?? undefined,
});

export const toFolderEntry = (folder: MediaFolder): FolderEntry => ({ id: folder.name, ...itemFields(folder) });

/** A file as listings and GET show it: id "<folder>/<file>"; never its blob key. */
export function toFileEntry(folderName: string, file: MediaFile): FileEntry {
  return {
    id: `${folderName}/${file.name}`,
    name: file.name,
    size: file.size,
    contentType: contentTypeOf(file.name),
    ...itemFields(file),
    updatedOn: file.updatedAt.toISOString(),
    dest: file.dest ?? undefined,
    startTime: file.startTime?.toISOString(),
  };
}

type AclRow = Pick<MediaFolder, "readUsers" | "writeUsers" | "readApps" | "writeApps">;

/** The ACL in the one spelling replies use (readUsers, writeUsers, readApps, writeApps). */
export const toAclEntry = (id: string, row: AclRow): AclEntry => ({
  id,
  readUsers: row.readUsers,
  writeUsers: row.writeUsers,
  readApps: row.readApps,
  writeApps: row.writeApps,
});
