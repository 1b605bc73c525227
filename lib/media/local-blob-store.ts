import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  assertBlobKey,
  BlobNotFoundError,
  BlobTooLargeError,
  isKeyPart,
  type BlobRange,
  type BlobStore,
  type ListedBlob,
  type PutOptions,
  type StoredBlob,
} from "./blob-store";

const TMP = ".tmp";
/** Temp files older than this are left over from a crash; the first write of a process removes them. */
const STALE_TMP_MS = 60 * 60 * 1000;

/** Blobs as files under root: written to root/.tmp, fsynced, then renamed into place (atomic on one file system). */
export class LocalBlobStore implements BlobStore {
  private swept = false;

  constructor(readonly root: string) {}

  /** The file that holds the key (the S3 backend spools uploads here). */
  fileOf(key: string): string {
    assertBlobKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error("Blob key outside the store");
    return full;
  }

  async put(key: string, body: ReadableStream<Uint8Array> | null, { maxBytes, onChunk }: PutOptions): Promise<StoredBlob> {
    const target = this.fileOf(key);
    const tmpDir = path.join(this.root, TMP);
    await fsp.mkdir(tmpDir, { recursive: true });
    await this.sweepOnce(tmpDir);
    const tmp = path.join(tmpDir, randomUUID());
    const file = await fsp.open(tmp, "wx", 0o600);
    const hash = createHash("sha256");
    let size = 0;
    try {
      const reader = body?.getReader();
      for (;;) {
        const next = reader ? await reader.read() : { done: true as const, value: undefined };
        if (next.done) break;
        size += next.value.byteLength;
        if (size > maxBytes) {
          await reader!.cancel().catch(() => {});
          throw new BlobTooLargeError(maxBytes);
        }
        onChunk?.(next.value);
        hash.update(next.value);
        await file.write(next.value);
      }
      await file.sync();
      await file.close();
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tmp, target);
      await syncDirectory(path.dirname(target));
    } catch (error) {
      await file.close().catch(() => {});
      await fsp.rm(tmp, { force: true });
      throw error;
    }
    return { size, sha256: hash.digest("base64url") };
  }

  async get(key: string, range?: BlobRange): Promise<ReadableStream<Uint8Array>> {
    const full = this.fileOf(key);
    const handle = await fsp.open(full, "r").catch((error: NodeJS.ErrnoException) => {
      throw error.code === "ENOENT" ? new BlobNotFoundError(key) : error;
    });
    const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.fileOf(key), { force: true });
  }

  async list(after: string, limit: number): Promise<ListedBlob[]> {
    const names = async (dir: string) => (await fsp.readdir(dir).catch(() => [] as string[])).filter(isKeyPart).sort();
    const [afterDomain = ""] = after.split("/");
    const listed: ListedBlob[] = [];
    for (const domain of await names(this.root)) {
      if (domain < afterDomain) continue;
      for (const name of await names(path.join(this.root, domain))) {
        const key = `${domain}/${name}`;
        if (key <= after) continue;
        const stat = await fsp.stat(path.join(this.root, key)).catch(() => null);
        if (stat?.isFile()) listed.push({ key, modifiedAt: stat.mtime });
        if (listed.length >= limit) return listed;
      }
    }
    return listed;
  }

  private async sweepOnce(tmpDir: string): Promise<void> {
    if (this.swept) return;
    this.swept = true;
    const now = Date.now();
    for (const name of await fsp.readdir(tmpDir)) {
      const full = path.join(tmpDir, name);
      const stat = await fsp.stat(full).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_TMP_MS) await fsp.rm(full, { force: true });
    }
  }
}

/** The rename survives a power cut only once the directory entry is on disk too. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fsp.open(dir, fs.constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
