import path from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import { config, type Config } from "@/lib/core/config";
import type { BlobStore } from "./blob-store";
import { LocalBlobStore } from "./local-blob-store";
import { S3BlobStore } from "./s3-blob-store";

let store: BlobStore | undefined;
/** The configured store: an S3-compatible bucket when S3_BUCKET is set, else local disk under DATA_DIR/media. */
export function blobStore(): BlobStore {
  return (store ??= storeFor(config()));
}

export function storeFor(c: Config): BlobStore {
  const local = path.join(c.dataDir, "media");
  if (!c.S3_BUCKET) return new LocalBlobStore(local);
  return new S3BlobStore(s3ClientFor(c), c.S3_BUCKET, path.join(local, "spool"), c.S3_PREFIX);
}

export function s3ClientFor(c: Pick<Config, "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE">) {
  return new S3Client({
    endpoint: c.S3_ENDPOINT,
    region: c.S3_REGION,
    forcePathStyle: c.S3_FORCE_PATH_STYLE === "true",
    credentials:
      c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } : undefined,
    // Plain PutObject bodies with a Content-Length: what every S3-compatible service accepts.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}
