import { prisma } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { Actor } from "@/lib/tenancy/actor";
import type { BlobStore } from "./blob-store";
import { blobStore } from "./configured-blob-store";
import { findFile, type FilePath } from "./find-media";

export async function deleteFile(actor: Actor, path: FilePath): Promise<void> {
  const { file } = await findFile(actor, path, "write");
  await prisma.mediaFile.deleteMany({ where: { id: file.id, domainId: file.domainId } });
  await deleteBlobs(blobStore(), [file.blobKey]);
}

/** After the rows are gone: a blob that fails to go is only wasted space, so it is logged, not thrown. */
export async function deleteBlobs(store: BlobStore, keys: Array<string | null>): Promise<void> {
  for (const key of keys) {
    if (key) await store.delete(key).catch((error) => log.warn("media blob not deleted", { key, error: String(error) }));
  }
}
