import fs from "node:fs";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import {
  assertBlobKey,
  BlobNotFoundError,
  isBlobKey,
  type BlobRange,
  type BlobStore,
  type ListedBlob,
  type PutOptions,
  type StoredBlob,
} from "./blob-store";
import { LocalBlobStore } from "./local-blob-store";

/**
 * Blobs as objects in an S3-compatible bucket, for several app instances. An upload is spooled to
 * a local temp file first (size limit, hash and body check while streaming, as on disk), then sent
 * with its length in one PutObject, which S3 makes visible whole or not at all.
 */
export class S3BlobStore implements BlobStore {
  private readonly spool: LocalBlobStore;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    spoolDir: string,
    private readonly prefix = "",
  ) {
    this.spool = new LocalBlobStore(spoolDir);
  }

  private objectKey(key: string): string {
    assertBlobKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, body: ReadableStream<Uint8Array> | null, options: PutOptions): Promise<StoredBlob> {
    const objectKey = this.objectKey(key);
    const stored = await this.spool.put(key, body, options);
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: objectKey, Body: fs.createReadStream(this.spool.fileOf(key)), ContentLength: stored.size }),
      );
    } finally {
      await this.spool.delete(key);
    }
    return stored;
  }

  async get(key: string, range?: BlobRange): Promise<ReadableStream<Uint8Array>> {
    const objectKey = this.objectKey(key);
    try {
      const reply = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: objectKey, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return reply.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async list(after: string, limit: number): Promise<ListedBlob[]> {
    const reply = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: this.prefix || undefined,
        StartAfter: after ? `${this.prefix}${after}` : undefined,
        MaxKeys: limit,
      }),
    );
    return (reply.Contents ?? [])
      .map((object) => ({ key: (object.Key ?? "").slice(this.prefix.length), modifiedAt: object.LastModified ?? new Date() }))
      .filter((blob) => isBlobKey(blob.key));
  }
}
