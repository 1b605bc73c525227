import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newBlobKey } from "./blob-store";
import { blobStoreContract, streamOf, TRAVERSAL_NAMES } from "./blob-store-contract";
import { LocalBlobStore } from "./local-blob-store";

const parent = fs.mkdtempSync(path.join(os.tmpdir(), "blob-store-test-"));
const root = path.join(parent, "media");
afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

/** Every file under dir, relative to it. */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    : [];

describe("LocalBlobStore", () => {
  blobStoreContract(() => new LocalBlobStore(root));

  it("writes nothing outside its root, whatever key is tried, and keeps no temp file", async () => {
    const store = new LocalBlobStore(root);
    const key = newBlobKey("00000000-0000-4000-8000-000000000000");
    await store.put(key, streamOf("kept"), { maxBytes: 10 });
    for (const name of TRAVERSAL_NAMES) await store.put(name, streamOf("evil"), { maxBytes: 10 }).catch(() => {});
    expect(filesUnder(parent)).toEqual([path.join("media", key)]);
    expect(fs.readdirSync(path.join(root, ".tmp"))).toEqual([]);
  });

  it("replaces content atomically: a failed rewrite leaves the old content", async () => {
    const store = new LocalBlobStore(root);
    const key = newBlobKey("00000000-0000-4000-8000-000000000001");
    await store.put(key, streamOf("old"), { maxBytes: 10 });
    await store.put(key, streamOf("new content too long"), { maxBytes: 10 }).catch(() => {});
    expect(fs.readFileSync(path.join(root, key), "utf8")).toBe("old");
  });

  it("removes temp files left by a crash on its first write", async () => {
    fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
    const stale = path.join(root, ".tmp", "left-by-a-crash");
    fs.writeFileSync(stale, "partial");
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, old, old);
    await new LocalBlobStore(root).put(newBlobKey("00000000-0000-4000-8000-000000000002"), streamOf("x"), { maxBytes: 10 });
    expect(fs.existsSync(stale)).toBe(false);
  });
});
