import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, demoApp } from "../support/api-client";
import { downloadText, signedFetch, uploadBytes } from "../support/media-client";
import { launch, startServer, stopProcess, waitUntilHealthy, type TestServer } from "../support/server";

// Its own server: small size limit and quota, and the crash test kills it.
const MAX = 100_000;
const QUOTA = 250_000;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    postgresUrl: process.env.TEST_DATABASE_URL || undefined,
    env: { MEDIA_MAX_BYTES: String(MAX), MEDIA_QUOTA_BYTES: String(QUOTA) },
  });
}, 180_000);
afterAll(async () => server?.stop(), 120_000);

const origin = () => server.baseUrl.replace("localhost", "127.0.0.1");
const demo = (method: string, p: string, json?: unknown) => call(server.baseUrl, demoApp, method, p, json === undefined ? {} : { json });
const bytes = (n: number, fill = "a") => new Uint8Array(n).fill(fill.charCodeAt(0));

async function newFile(folder: string, file: string) {
  await demo("POST", "/media/demo", { id: folder });
  expect((await demo("POST", `/media/demo/${encodeURIComponent(folder)}`, { id: file })).status).toBe(201);
  return `/media/demo/${encodeURIComponent(folder)}/${encodeURIComponent(file)}`;
}

/** Every file under the data directory's media store, relative to it. */
const mediaFiles = () => {
  const root = path.join(server.dataDir, "media");
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
};
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

describe("media limits", () => {
  it("refuses a file over MEDIA_MAX_BYTES with 413 and keeps the old content (declared or streamed length)", async () => {
    const file = await newFile("limits", "big.bin");
    expect((await uploadBytes(server.baseUrl, demoApp, file, "old")).status).toBe(201);
    const declared = await uploadBytes(server.baseUrl, demoApp, file, bytes(MAX + 1));
    expect(declared.status).toBe(413);
    expect((await declared.json()).code).toBe("payload_too_large");
    // No Content-Length (chunked): refused once the stream passes the limit.
    const chunks = [bytes(60_000), bytes(60_000)];
    const stream = new ReadableStream<Uint8Array>({ pull: (c) => (chunks.length ? c.enqueue(chunks.shift()!) : c.close()) });
    const streamed = await signedFetch(server.baseUrl, demoApp, "POST", file, {
      body: stream,
      headers: { "Content-Type": "application/octet-stream" },
    });
    expect(streamed.status).toBe(413);
    expect((await downloadText(server.baseUrl, demoApp, file)).text).toBe("old");
    expect((await uploadBytes(server.baseUrl, demoApp, file, bytes(MAX))).status).toBe(201);
  });

  it("refuses an upload past the domain's quota with 409 quota_exceeded; replacing a file counts it once", async () => {
    const a = await newFile("quota", "a.bin");
    const b = await newFile("quota", "b.bin");
    // 100 000 bytes are already stored by the test above.
    expect((await uploadBytes(server.baseUrl, demoApp, a, bytes(90_000))).status).toBe(201);
    expect((await uploadBytes(server.baseUrl, demoApp, a, bytes(90_000, "b"))).status).toBe(201);
    const over = await uploadBytes(server.baseUrl, demoApp, b, bytes(90_000));
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: "quota_exceeded", quota: QUOTA });
    expect((await demo("GET", b)).body.entry.size).toBe(0);
    expect((await uploadBytes(server.baseUrl, demoApp, b, bytes(50_000))).status).toBe(201);
    await demo("DELETE", "/media/demo/quota?recursive=true");
    await demo("DELETE", "/media/demo/limits?recursive=true");
  });

  it("never writes outside the store, whatever the names: traversal, encoded slashes, NUL, long names, look-alikes", async () => {
    const tried = ["../x", "..%2fx", "..%2Fx", "x\u0000y", "x".repeat(300), "\uff0e\uff0e\uff0fx", "\u2024\u2024\u2215x", "..\\x", "..", "%2e%2e"];
    const accepted: string[] = [];
    for (const name of tried) {
      const res = await demo("POST", "/media/demo", { id: name });
      expect([201, 400], name).toContain(res.status);
      if (res.status !== 201) continue;
      accepted.push(name);
      expect((await demo("POST", `/media/demo/${encodeURIComponent(name)}`, { id: name })).status, name).toBe(201);
      const p = `/media/demo/${encodeURIComponent(name)}/${encodeURIComponent(name)}`;
      expect((await uploadBytes(server.baseUrl, demoApp, p, `content of ${name}`)).status, name).toBe(201);
      expect((await downloadText(server.baseUrl, demoApp, p)).text).toBe(`content of ${name}`);
    }
    expect(accepted).toEqual(["..%2fx", "..%2Fx", "\uff0e\uff0e\uff0fx", "\u2024\u2024\u2215x", "%2e%2e"]);
    // Raw traversal in the URL path reaches no file.
    for (const raw of ["/media/demo/..%2f..%2fx/y", "/media/demo/%2e%2e/%2e%2e", "/media/demo/a/..%00"]) {
      const res = await uploadBytes(server.baseUrl, demoApp, raw, "evil");
      expect(res.status, raw).toBeGreaterThanOrEqual(400);
    }
    for (const file of mediaFiles()) expect(file).toMatch(new RegExp(`^(${UUID}/${UUID}|\\.tmp/${UUID})$`));
    for (const stray of ["x", "media/x", "../x"]) expect(fs.existsSync(path.join(server.dataDir, stray)), stray).toBe(false);
  });
});

describe("parallel uploads to one file (issue 27, item 2)", () => {
  it("20 at once: each answers 201 or 409, one blob stays on disk, the quota is charged once", async () => {
    const file = await newFile("parallel", "same.bin");
    expect((await uploadBytes(server.baseUrl, demoApp, file, "old")).status).toBe(201);
    const blobs = () => new Set(mediaFiles().filter((f) => !f.startsWith(".tmp")));
    const before = blobs();
    const size = 50_000;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => uploadBytes(server.baseUrl, demoApp, file, bytes(size, String.fromCharCode(65 + i)))),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(201);
    for (const refused of answers.filter((a) => a.status === 409)) expect((await refused.json()).code).toBe("conflict");

    const after = blobs();
    const added = [...after].filter((f) => !before.has(f));
    const removed = [...before].filter((f) => !after.has(f));
    expect(added).toHaveLength(1); // the content now served, nothing else
    expect(removed).toHaveLength(1); // the "old" content's blob
    const stored = fs.readFileSync(path.join(server.dataDir, "media", added[0]!));
    expect(stored.length).toBe(size);
    expect((await downloadText(server.baseUrl, demoApp, file)).text).toBe(stored.toString());
    expect((await demo("GET", file)).body.entry.size).toBe(size);
    expect(mediaFiles().filter((f) => f.startsWith(".tmp"))).toEqual([]);

    // Charged once: 50 000 of the 250 000 are used, so 100 000 + 90 000 more still fit, and the file takes uploads again.
    const b = await newFile("parallel", "b.bin");
    const c = await newFile("parallel", "c.bin");
    expect((await uploadBytes(server.baseUrl, demoApp, b, bytes(MAX))).status).toBe(201);
    expect((await uploadBytes(server.baseUrl, demoApp, c, bytes(90_000))).status).toBe(201);
    expect((await uploadBytes(server.baseUrl, demoApp, file, bytes(size, "z"))).status).toBe(201);
    expect((await uploadBytes(server.baseUrl, demoApp, file, bytes(size + 20_000))).status).toBe(409); // 260 000 > 250 000
    await demo("DELETE", "/media/demo/parallel?recursive=true");
  });

  it("20 parallel uploads to different files reserve the quota before their bytes land: no more than fit are stored", async () => {
    const files = await Promise.all(Array.from({ length: 20 }, (_, i) => newFile("fit", `f${i}.bin`)));
    const answers = await Promise.all(files.map((f) => uploadBytes(server.baseUrl, demoApp, f, bytes(60_000))));
    const stored = answers.filter((a) => a.status === 201).length;
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    // The traversal test left a few hundred bytes: four 60 000-byte files fit in 250 000, never five.
    expect(stored).toBe(4);
    expect(mediaFiles().filter((f) => f.startsWith(".tmp"))).toEqual([]);
    await demo("DELETE", "/media/demo/fit?recursive=true");
  });
});

describe("media crash safety", () => {
  it("kill -9 during an upload: the old content is still served, no partial file", async () => {
    const file = await newFile("crash", "prompt.txt");
    expect((await uploadBytes(server.baseUrl, demoApp, file, "old content")).status).toBe(201);

    // An upload that sends half its bytes, then the server dies.
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent) return new Promise(() => {}); // never finishes
        sent = true;
        controller.enqueue(bytes(20_000, "n"));
      },
    });
    const upload = signedFetch(server.baseUrl, demoApp, "POST", file, {
      body: stream,
      headers: { "Content-Type": "application/octet-stream" },
    }).catch((e) => e);
    await new Promise((r) => setTimeout(r, 1500));
    await stopProcess(server.process, "SIGKILL");
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`${origin()}/rest/1.0/health`).then(
        () => true,
        () => false,
      );
      if (!up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await upload).toBeInstanceOf(Error);
    // The upload was under way: its bytes sit in a temp file, never under a blob key.
    expect(mediaFiles().filter((f) => f.startsWith(".tmp")).length).toBeGreaterThan(0);

    const log = path.join(server.dataDir, "restart.log");
    server.process = launch(server.env, log);
    await waitUntilHealthy(origin(), server.process, log);
    const after = await downloadText(server.baseUrl, demoApp, file);
    expect(after).toMatchObject({ status: 200, text: "old content" });
    expect((await demo("GET", file)).body.entry.size).toBe("old content".length);
    // Every stored blob is whole: none holds the half-sent bytes.
    for (const f of mediaFiles().filter((f) => !f.startsWith(".tmp"))) {
      expect(fs.readFileSync(path.join(server.dataDir, "media", f), "utf8")).not.toMatch(/^n+$/);
    }
  }, 240_000);
});
