import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { newBlobKey } from "./blob-store";
import { streamOf } from "./blob-store-contract";
import { LocalBlobStore } from "./local-blob-store";
import { sweepOrphanBlobs } from "./sweep-orphan-blobs";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "sweep-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("sweepOrphanBlobs", () => {
  it("deletes old blobs no file names, spares named and young ones, a bounded page at a time", async () => {
    const store = new LocalBlobStore(root);
    const domain = randomUUID();
    const keys = Array.from({ length: 5 }, () => newBlobKey(domain)).sort();
    for (const key of keys) await store.put(key, streamOf("x"), { maxBytes: 10 });
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const key of keys.slice(0, 4)) fs.utimesSync(store.fileOf(key), hoursAgo, hoursAgo); // the last one was just written
    const named = new Set([keys[1]!]);
    const asked: string[][] = [];
    const referenced = async (candidates: string[]) => {
      asked.push(candidates);
      return new Set(candidates.filter((k) => named.has(k)));
    };

    const first = await sweepOrphanBlobs({ store, limit: 3, referenced });
    expect(first).toEqual({ next: keys[2], examined: 3, deleted: 2 });
    const second = await sweepOrphanBlobs({ store, after: first.next, limit: 3, referenced });
    expect(second).toEqual({ next: "", examined: 2, deleted: 1 });
    expect(asked).toEqual([keys.slice(0, 3), [keys[3]]]); // the young blob is not even looked up

    const left = (await store.list("", 100)).map((b) => b.key);
    expect(left).toEqual([keys[1], keys[4]]);
  });
});
