import { config } from "@/lib/core/config";
import { prisma } from "@/lib/core/db/client";
import { ApiError, notFound } from "@/lib/core/errors/api-error";
import type { BodyCheck } from "@/lib/http/rest/context";
import type { Actor } from "@/lib/core/tenancy/actor";
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
  bodyCheck?: BodyCheck;
}

const NOT_BYTES = /^(application\/(([\w.+-]*\+)?json|x-www-form-urlencoded)|multipart\/)/i;
/** An upload holds its file this long past its writer's last sign of life (a killed writer frees it then). */
export const UPLOAD_LEASE_SECONDS = 60;
const LEASE_RENEW_MS = (UPLOAD_LEASE_SECONDS * 1000) / 3;

/**
 * Stores a file's content, replacing any before it (docs/media.md, "Uploads"). One writer per file
 * at a time: a short transaction takes the file's upload slot and reserves the bytes against the
 * domain's quota before the first byte lands (409 when another upload holds the file, or when the
 * quota cannot hold it); the bytes stream to a new blob with no transaction open; a second short
 * transaction swaps the file to it, and the blob it replaced is deleted after that commit.
 * Past MEDIA_MAX_BYTES: 413; past the quota: 409 quota_exceeded; nothing is kept either way.
 */
export async function uploadFile(actor: Actor, path: FilePath, upload: Upload) {
  const { file } = await findFile(actor, path, "write");
  if (upload.contentType && NOT_BYTES.test(upload.contentType)) {
    throw new ApiError("unsupported_media_type", `Send the file's bytes with Content-Type: application/octet-stream (got ${upload.contentType}).`);
  }
  const { MEDIA_MAX_BYTES: maxBytes } = config();
  const declared = Number(upload.contentLength ?? "NaN");
  if (declared > maxBytes) throw tooLarge(maxBytes);

  const store = blobStore();
  const key = newBlobKey(file.domainId);
  const { reserved, staleKey } = await reserveUpload(file.id, file.domainId, key, Number.isInteger(declared) && declared >= 0 ? declared : undefined);
  await deleteBlobs(store, [staleKey]);
  const lease = renewLease(file.id, key);
  try {
    const stored = await store
      .put(key, upload.body, {
        maxBytes: reserved,
        onChunk: (chunk) => {
          if (lease.lost) throw uploadInProgress();
          upload.bodyCheck?.update(chunk);
        },
      })
      .catch((error) => {
        if (error instanceof BlobTooLargeError) throw reserved === maxBytes ? tooLarge(maxBytes) : quotaExceeded(config().MEDIA_QUOTA_BYTES);
        throw error;
      });
    upload.bodyCheck?.verify();
    lease.stop();
    const { updated, oldKey } = await prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<Array<{ blobKey: string | null }>>`
        SELECT "blobKey" FROM "MediaFile" WHERE id = ${file.id}::uuid AND "uploadBlobKey" = ${key} FOR UPDATE`;
      if (!row)
        throw (await tx.mediaFile.count({ where: { id: file.id } })) ? uploadInProgress() : notFound(`Media file ${path.folder}/${path.file}`);
      const updated = await tx.mediaFile.update({
        where: { id: file.id },
        data: { blobKey: key, size: stored.size, sha256: stored.sha256, uploadBlobKey: null, uploadReserved: 0, uploadLeaseUntil: null },
      });
      return { updated, oldKey: row.blobKey };
    });
    await deleteBlobs(store, [oldKey]);
    return toFileEntry(file.folder.name, updated);
  } catch (error) {
    lease.stop();
    await prisma.mediaFile
      .updateMany({ where: { id: file.id, uploadBlobKey: key }, data: { uploadBlobKey: null, uploadReserved: 0, uploadLeaseUntil: null } })
      .catch(() => {}); // the lease runs out by itself
    await deleteBlobs(store, [key]);
    throw error;
  }
}

/**
 * Takes the file's upload slot for `key` and reserves `declared` bytes (or, for a body of unknown
 * length, all the file may hold) against the domain's quota, under the domain's row lock so two
 * uploads cannot reserve the same free space. A slot whose lease ran out (its writer died) is taken
 * over, and its blob, if any was written, is returned to be deleted.
 */
async function reserveUpload(
  fileId: string,
  domainId: string,
  key: string,
  declared?: number,
): Promise<{ reserved: number; staleKey: string | null }> {
  const { MEDIA_MAX_BYTES: maxBytes, MEDIA_QUOTA_BYTES: quota } = config();
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Domain" WHERE id = ${domainId}::uuid FOR UPDATE`;
    const [slot] = await tx.$queryRaw<Array<{ uploadBlobKey: string | null; live: boolean }>>`
      SELECT "uploadBlobKey", coalesce("uploadLeaseUntil" > now(), false) AS live FROM "MediaFile" WHERE id = ${fileId}::uuid FOR UPDATE`;
    if (!slot) throw notFound("Media file");
    if (slot.uploadBlobKey && slot.live) throw uploadInProgress();
    let reserved = declared ?? maxBytes;
    if (quota) {
      const [usage] = await tx.$queryRaw<Array<{ bytes: bigint | null }>>`
        SELECT sum(size + CASE WHEN "uploadLeaseUntil" > now() THEN "uploadReserved" ELSE 0 END) AS bytes
        FROM "MediaFile" WHERE "domainId" = ${domainId}::uuid AND id <> ${fileId}::uuid`;
      const left = quota - Number(usage?.bytes ?? 0);
      if (left <= 0 || (declared !== undefined && declared > left)) throw quotaExceeded(quota);
      reserved = Math.min(reserved, left);
    }
    await tx.$executeRaw`
      UPDATE "MediaFile" SET "uploadBlobKey" = ${key}, "uploadReserved" = ${reserved},
        "uploadLeaseUntil" = now() + make_interval(secs => ${UPLOAD_LEASE_SECONDS})
      WHERE id = ${fileId}::uuid`;
    return { reserved, staleKey: slot.uploadBlobKey };
  });
}

/** Renews the upload's lease while its bytes stream; `lost` once another writer took the file over. */
function renewLease(fileId: string, key: string) {
  const state = { lost: false, stop: () => clearInterval(timer) };
  const timer = setInterval(() => {
    prisma.$executeRaw`
      UPDATE "MediaFile" SET "uploadLeaseUntil" = now() + make_interval(secs => ${UPLOAD_LEASE_SECONDS})
      WHERE id = ${fileId}::uuid AND "uploadBlobKey" = ${key}`.then(
      (count) => void (count === 0 && (state.lost = true)),
      () => {}, // a database hiccup: the next renewal tries again
    );
  }, LEASE_RENEW_MS);
  timer.unref();
  return state;
}

const uploadInProgress = () =>
  new ApiError("conflict", "Another upload to this file is in progress; nothing was stored. Send it again once that one has finished.", {
    retryAfter: 1,
  });

const tooLarge = (limit: number) =>
  new ApiError("payload_too_large", `The file is larger than the limit of ${limit} bytes; nothing was stored.`, { extra: { limit } });

const quotaExceeded = (quota: number) =>
  new ApiError(
    "quota_exceeded",
    `This upload would take the domain's media past its quota of ${quota} bytes; nothing was stored. Delete files to make room.`,
    {
      extra: { quota },
    },
  );
