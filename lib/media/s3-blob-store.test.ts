import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newBlobKey } from "./blob-store";
import { blobStoreContract, readAll, streamOf } from "./blob-store-contract";
import { s3ClientFor } from "./configured-blob-store";
import { S3BlobStore } from "./s3-blob-store";

// The same contract as the disk store, against a real S3-protocol server (s3rver) on loopback.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3-blob-store-test-"));
const bucket = "media";
let server: { run(): Promise<AddressInfo>; close(): Promise<void> };
let endpoint = "";

beforeAll(async () => {
  server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(dir, "s3"), configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const client = () =>
  s3ClientFor({
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  });
const spool = path.join(dir, "spool");
const makeStore = () => new S3BlobStore(client(), bucket, spool, "test/");

describe("S3BlobStore", () => {
  blobStoreContract(makeStore);

  it("keeps objects under the prefix, leaves nothing in the spool, and stores nothing for a refused upload", async () => {
    const store = makeStore();
    const key = newBlobKey("00000000-0000-4000-8000-000000000000");
    await store.put(key, streamOf("in the bucket"), { maxBytes: 100 });
    await store.put(newBlobKey("00000000-0000-4000-8000-000000000000"), streamOf("too long for the limit"), { maxBytes: 5 }).catch(() => {});
    const listed = await client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: "test/00000000-0000-4000-8000-000000000000/" }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual([`test/${key}`]);
    expect(await readAll(await store.get(key))).toBe("in the bucket");
    expect(fs.readdirSync(spool, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toEqual([]);
  });
});
