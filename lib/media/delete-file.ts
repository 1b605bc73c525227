import { prisma } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import type { Actor } from "@/lib/core/tenancy/actor";
import type { BlobStore } from "./blob-store";
import { blobStore } from "./configured-blob-store";
import { findFile, type FilePath } from "./find-media";

export async function deleteFile(actor: Actor, path: FilePath): Promise<void> {
  const { file } = await findFile(actor, path, "write");
  // The key as it is at the delete, not as it was read: an upload may have swapped it since.
  const deleted = await prisma.$queryRaw<Array<{ blobKey: string | null }>>`
    DELETE FROM "MediaFile" WHERE id = ${file.id}::uuid AND "domainId" = ${file.domainId}::uuid RETURNING "blobKey"`;
  await deleteBlobs(
    blobStore(),
    deleted.map((row) => row.blobKey),
  );
}

/** After the rows are gone: a blob that fails to go is only wasted space, so it is logged, not thrown. */
export async function deleteBlobs(store: BlobStore, keys: Array<string | null>): Promise<void> {
  for (const key of keys) {
    if (key) await store.delete(key).catch((error) => log.warn("media blob not deleted", { key, error: String(error) }));
  }
}
