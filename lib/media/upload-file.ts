import { config } from "@/lib/config";
import { prisma } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/errors/api-error";
import type { StreamedBodyCheck } from "@/lib/oauth/streamed-body-check";
import type { Actor } from "@/lib/tenancy/actor";
import { BlobTooLargeError, newBlobKey } from "./blob-store";
import { blobStore } from "./configured-blob-store";
import { deleteBlobs } from "./delete-file";
import { findFile, type FilePath } from "./find-media";
import { toFileEntry } from "./transform";

export interface Upload {
  contentType: string | null;
  contentLength: string | null;
  body: ReadableStream<Uint8Array> | null;
  /** The request's oauth_body_hash, checked over the bytes as they are stored. */
  bodyCheck?: StreamedBodyCheck;
}

const NOT_BYTES = /^(application\/(([\w.+-]*\+)?json|x-www-form-urlencoded)|multipart\/)/i;

/**
 * Stores a file's content, replacing any before it. The bytes stream to a new blob (never held in
 * memory); the file switches to it in one update, so a failed or killed upload leaves the old content.
 * Past MEDIA_MAX_BYTES: 413; past the domain's quota: 409 quota_exceeded; nothing is kept either way.
 */
export async function uploadFile(actor: Actor, path: FilePath, upload: Upload) {
  const { file } = await findFile(actor, path, "write");
  if (upload.contentType && NOT_BYTES.test(upload.contentType)) {
    throw new ApiError("unsupported_media_type", `Send the file's bytes with Content-Type: application/octet-stream (got ${upload.contentType}).`);
  }
  const { MEDIA_MAX_BYTES: maxBytes, MEDIA_QUOTA_BYTES: quota } = config();
  const quotaLeft = quota ? quota - (await domainUsage(file.domainId, file.id)) : Infinity;
  const declared = Number(upload.contentLength ?? "NaN");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (declared > quotaLeft || quotaLeft <= 0) throw quotaExceeded(quota);

  const store = blobStore();
  const key = newBlobKey(file.domainId);
  const limit = Math.min(maxBytes, quotaLeft);
  const stored = await store.put(key, upload.body, { maxBytes: limit, onChunk: upload.bodyCheck && ((c) => upload.bodyCheck!.update(c)) }).catch((error) => {
    if (error instanceof BlobTooLargeError) throw limit === maxBytes ? tooLarge(maxBytes) : quotaExceeded(quota);
    throw error;
  });
  try {
    upload.bodyCheck?.verify();
    const updated = await prisma.$transaction(async (tx) => {
      // One upload at a time per domain past this point, so two cannot both fit the same free space.
      await tx.$queryRaw`SELECT id FROM "Domain" WHERE id = ${file.domainId}::uuid FOR UPDATE`;
      if (quota && (await domainUsage(file.domainId, file.id, tx)) + stored.size > quota) throw quotaExceeded(quota);
      const { count } = await tx.mediaFile.updateMany({
        where: { id: file.id, domainId: file.domainId },
        data: { blobKey: key, size: stored.size, sha256: stored.sha256 },
      });
      if (!count) throw notFound(`Media file ${path.folder}/${path.file}`);
      return tx.mediaFile.findUniqueOrThrow({ where: { id: file.id } });
    });
    await deleteBlobs(store, [file.blobKey]);
    return toFileEntry(file.folder.name, updated);
  } catch (error) {
    await deleteBlobs(store, [key]);
    throw error;
  }
}

type Db = Pick<typeof prisma, "mediaFile">;

/** Bytes the domain's files hold, not counting one (the file being replaced). */
export async function domainUsage(domainId: string, exceptFileId?: string, db: Db = prisma): Promise<number> {
  const { _sum } = await db.mediaFile.aggregate({ where: { domainId, ...(exceptFileId ? { NOT: { id: exceptFileId } } : {}) }, _sum: { size: true } });
  return _sum.size ?? 0;
}

const tooLarge = (limit: number) =>
  new ApiError("payload_too_large", `The file is larger than the limit of ${limit} bytes; nothing was stored.`, { extra: { limit } });

const quotaExceeded = (quota: number) =>
  new ApiError("quota_exceeded", `This upload would take the domain's media past its quota of ${quota} bytes; nothing was stored. Delete files to make room.`, {
    extra: { quota },
  });
