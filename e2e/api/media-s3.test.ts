import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3ClientFor } from "@/lib/media/configured-blob-store";
import { call, demoApp } from "../support/api-client";
import { downloadText, uploadBytes } from "../support/media-client";
import { startServer, type TestServer } from "../support/server";

// The product with S3_* set: media bytes go to an S3-protocol server (s3rver) on loopback.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-s3-test-"));
let s3: { run(): Promise<AddressInfo>; close(): Promise<void> };
let server: TestServer;
let endpoint = "";
const s3Env = () => ({
  S3_ENDPOINT: endpoint,
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_FORCE_PATH_STYLE: "true" as const,
});

beforeAll(async () => {
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: [{ name: "media" }] });
  endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined, env: { ...s3Env(), S3_BUCKET: "media", S3_PREFIX: "app/" } });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe("media on S3", () => {
  it("uploads to the bucket, serves bytes and ranges from it, deletes from it; nothing stays on local disk", async () => {
    const demo = (method: string, p: string, json?: unknown) => call(server.baseUrl, demoApp, method, p, json === undefined ? {} : { json });
    await demo("POST", "/media/demo", { id: "s3" });
    await demo("POST", "/media/demo/s3", { id: "a.txt" });
    expect((await uploadBytes(server.baseUrl, demoApp, "/media/demo/s3/a.txt", "first")).status).toBe(201);
    expect((await uploadBytes(server.baseUrl, demoApp, "/media/demo/s3/a.txt", "stored in s3")).status).toBe(201);
    expect((await downloadText(server.baseUrl, demoApp, "/media/demo/s3/a.txt")).text).toBe("stored in s3");
    expect(await downloadText(server.baseUrl, demoApp, "/media/demo/s3/a.txt", { Range: "bytes=10-" })).toMatchObject({ status: 206, text: "s3" });

    const objects = async () => (await s3ClientFor(s3Env()).send(new ListObjectsV2Command({ Bucket: "media", Prefix: "app/" }))).Contents ?? [];
    expect(await objects()).toHaveLength(1); // the replaced content is gone
    const local = path.join(server.dataDir, "media");
    const localFiles = fs.existsSync(local) ? fs.readdirSync(local, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];
    expect(localFiles).toEqual([]);

    expect((await demo("DELETE", "/media/demo/s3?recursive=true")).status).toBe(204);
    expect(await objects()).toHaveLength(0);
  });

  it("20 parallel uploads to one file leave one object in the bucket (issue 27, item 2)", async () => {
    const demo = (method: string, p: string, json?: unknown) => call(server.baseUrl, demoApp, method, p, json === undefined ? {} : { json });
    await demo("POST", "/media/demo", { id: "s3-parallel" });
    await demo("POST", "/media/demo/s3-parallel", { id: "same.bin" });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        uploadBytes(server.baseUrl, demoApp, "/media/demo/s3-parallel/same.bin", `content ${i}`).then((r) => r.status),
      ),
    );
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(201);
    const objects = (await s3ClientFor(s3Env()).send(new ListObjectsV2Command({ Bucket: "media", Prefix: "app/" }))).Contents ?? [];
    expect(objects).toHaveLength(1);
    expect((await downloadText(server.baseUrl, demoApp, "/media/demo/s3-parallel/same.bin")).text).toMatch(/^content \d+$/);
    expect((await demo("DELETE", "/media/demo/s3-parallel?recursive=true")).status).toBe(204);
  });
});
