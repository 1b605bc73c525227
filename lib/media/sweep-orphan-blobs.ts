import { prisma } from "@/lib/core/db/client";
import type { BlobStore } from "./blob-store";
import { blobStore } from "./configured-blob-store";
import { deleteBlobs } from "./delete-file";

/** Keys examined per sweep: a bounded amount of work each time, the next sweep going on from there. */
export const SWEEP_BATCH = 1000;
/**
 * A blob younger than this is left alone: the platform's own files (call recordings, voicemail)
 * are written before the row that names them, and an upload's key is named by its row from before
 * its first byte, so only a blob no row has named for an hour is an orphan.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

export interface SweepOptions {
  store?: BlobStore;
  /** Continue after this key ("" from the start). */
  after?: string;
  limit?: number;
  graceMs?: number;
  /** Which of these keys a media file names, as its content or as its upload in progress. */
  referenced?: (keys: string[]) => Promise<Set<string>>;
}

/**
 * Removes blobs no media file names (left by a crash, a failed delete, or a domain removed while
 * its blobs could not be): one page of at most `limit` keys per call. Returns where the next call
 * goes on ("" once the store was walked to its end).
 */
export async function sweepOrphanBlobs(options: SweepOptions = {}): Promise<{ next: string; examined: number; deleted: number }> {
  const { store = blobStore(), after = "", limit = SWEEP_BATCH, graceMs = SWEEP_GRACE_MS, referenced = referencedKeys } = options;
  const listed = await store.list(after, limit);
  const cutoff = Date.now() - graceMs;
  const old = listed.filter((blob) => blob.modifiedAt.getTime() < cutoff).map((blob) => blob.key);
  const named = old.length ? await referenced(old) : new Set<string>();
  const orphans = old.filter((key) => !named.has(key));
  await deleteBlobs(store, orphans);
  return { next: listed.length < limit ? "" : listed.at(-1)!.key, examined: listed.length, deleted: orphans.length };
}

async function referencedKeys(keys: string[]): Promise<Set<string>> {
  const rows = await prisma.mediaFile.findMany({
    where: { OR: [{ blobKey: { in: keys } }, { uploadBlobKey: { in: keys } }] },
    select: { blobKey: true, uploadBlobKey: true },
  });
  return new Set(rows.flatMap((row) => [row.blobKey, row.uploadBlobKey]).filter((key): key is string => key !== null));
}

let cursor = "";
/** The scheduler's sweep (every MEDIA_SWEEP_INTERVAL_MS and at start): one page, going on where the last one stopped. */
export async function runOrphanBlobSweep(): Promise<{ examined: number; deleted: number }> {
  const { next, examined, deleted } = await sweepOrphanBlobs({ after: cursor });
  cursor = next;
  return { examined, deleted };
}
