import { prisma } from "@/lib/core/db/client";
import { newBlobKey, readAllBytes } from "./blob-store";
import { blobStore } from "./configured-blob-store";
import { deleteBlobs } from "./delete-file";

// Files the platform itself writes (voicemail audio, transcripts) and reads back, outside any actor's
// ACL. They count towards the domain's usage like any file but are not refused by its quota.

export interface SystemFile {
  domainId: string;
  folder: string;
  file: string;
  /** call:<id> folders: the one user who may read them (lib/core/tenancy/scope.ts). */
  ownerUserId?: string;
  /** What wrote it, shown as the item's createdWith: "voicemail", "transcription". */
  createdWith: string;
  /** Voicemail audio: the device called and when the message started (spec Media). */
  dest?: string;
  startTime?: Date;
}

/** "/media/<domain>/<folder>/<file>", as a message's mediaItems list it. */
export const mediaPathOf = (domainName: string, folder: string, file: string) => `/media/${domainName}/${folder}/${file}`;

/** Parses "/media/<domain>/<folder>/<file>" (folder and file may hold ":" and "."). */
export function parseMediaPath(path: string): { domain: string; folder: string; file: string } | undefined {
  const match = /^\/media\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(path);
  return match ? { domain: match[1]!, folder: match[2]!, file: match[3]! } : undefined;
}

/** Writes (or replaces) a file with the given bytes, creating its folder if needed; returns the file's id. */
export async function writeSystemFile(target: SystemFile, bytes: Uint8Array): Promise<string> {
  const store = blobStore();
  const key = newBlobKey(target.domainId);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const stored = await store.put(key, body, { maxBytes: Math.max(bytes.byteLength, 1) });
  try {
    const { file, oldKey } = await prisma.$transaction(async (tx) => {
      const folder = await tx.mediaFolder.upsert({
        where: { domainId_name: { domainId: target.domainId, name: target.folder } },
        create: { domainId: target.domainId, name: target.folder, createdWith: target.createdWith, ownerUserId: target.ownerUserId },
        update: {},
      });
      const existing = await tx.mediaFile.findUnique({
        where: { folderId_name: { folderId: folder.id, name: target.file } },
        select: { blobKey: true },
      });
      const data = { blobKey: key, size: stored.size, sha256: stored.sha256, dest: target.dest, startTime: target.startTime };
      const file = await tx.mediaFile.upsert({
        where: { folderId_name: { folderId: folder.id, name: target.file } },
        create: { folderId: folder.id, domainId: target.domainId, name: target.file, createdWith: target.createdWith, ...data },
        update: data,
      });
      return { file, oldKey: existing?.blobKey ?? null };
    });
    await deleteBlobs(store, [oldKey]);
    return file.id;
  } catch (error) {
    await deleteBlobs(store, [key]);
    throw error;
  }
}

/** The bytes of a file of the domain, or undefined when it does not exist or holds nothing. */
export async function readSystemFile(domainId: string, folder: string, file: string): Promise<Uint8Array | undefined> {
  const row = await prisma.mediaFile.findFirst({ where: { domainId, name: file, folder: { domainId, name: folder } }, select: { blobKey: true } });
  if (!row?.blobKey) return undefined;
  const stream = await blobStore().get(row.blobKey);
  return new Uint8Array(await readAllBytes(stream));
}

/** Removes files of the domain (their rows, then their blobs); a folder left empty goes too. */
export async function deleteSystemFiles(domainId: string, paths: Array<{ folder: string; file: string }>): Promise<void> {
  for (const { folder, file } of paths) {
    const row = await prisma.mediaFile.findFirst({
      where: { domainId, name: file, folder: { domainId, name: folder } },
      select: { id: true, blobKey: true, folderId: true },
    });
    if (!row) continue;
    await prisma.mediaFile.deleteMany({ where: { id: row.id, domainId } });
    await deleteBlobs(blobStore(), [row.blobKey]);
    if ((await prisma.mediaFile.count({ where: { folderId: row.folderId } })) === 0)
      await prisma.mediaFolder.deleteMany({ where: { id: row.folderId, domainId } });
  }
}
