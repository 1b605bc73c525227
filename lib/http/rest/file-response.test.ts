import { describe, expect, it } from "vitest";
import { fileDownload } from "./file-download";
import { fileResponse, parseRange } from "./file-response";

describe("parseRange", () => {
  it.each([
    ["bytes=0-9", 100, { start: 0, end: 9 }],
    ["bytes=90-", 100, { start: 90, end: 99 }],
    ["bytes=-10", 100, { start: 90, end: 99 }],
    ["bytes=-500", 100, { start: 0, end: 99 }],
    ["bytes=50-500", 100, { start: 50, end: 99 }],
    ["bytes=100-", 100, "unsatisfiable"],
    ["bytes=9-3", 100, "unsatisfiable"],
    ["bytes=-0", 100, "unsatisfiable"],
    ["bytes=0-1,5-6", 100, null],
    ["items=0-1", 100, null],
    [null, 100, null],
  ] as const)("%s of %d bytes", (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe("fileResponse", () => {
  const file = (fields: Partial<Parameters<typeof fileDownload>[0]> = {}) =>
    fileDownload({
      name: "greeting ü.mp3",
      size: 11,
      contentType: "audio/mpeg",
      etag: "c2hh",
      lastModified: new Date("2026-11-27T17:00:00Z"),
      inline: true,
      open: async (range) => new Blob(["hello world".slice(range?.start ?? 0, (range?.end ?? 10) + 1)]).stream(),
      ...fields,
    });
  const get = (headers: Record<string, string> = {}) => new Request("http://localhost/rest/1.0/media-links/x", { headers });

  it("sends the whole file with its type, validators, disposition and caching headers", async () => {
    const res = await fileResponse(get(), file());
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toEqual({
      "accept-ranges": "bytes",
      "cache-control": "private, no-cache",
      "content-disposition": "inline; filename*=UTF-8''greeting%20%C3%BC.mp3",
      "content-length": "11",
      "content-security-policy": "sandbox; frame-ancestors 'none'",
      "content-type": "audio/mpeg",
      etag: '"c2hh"',
      "last-modified": "Fri, 27 Nov 2026 17:00:00 GMT",
      "x-content-type-options": "nosniff",
    });
    expect(await res.text()).toBe("hello world");
    expect((await fileResponse(get(), file({ inline: false }))).headers.get("content-disposition")).toMatch(/^attachment; /);
  });

  it("answers If-None-Match with 304, a Range with 206 (unless If-Range names another version), past the end with 416", async () => {
    expect((await fileResponse(get({ "if-none-match": 'W/"c2hh"' }), file())).status).toBe(304);
    const part = await fileResponse(get({ range: "bytes=0-4" }), file());
    expect([part.status, part.headers.get("content-range"), part.headers.get("content-length")]).toEqual([206, "bytes 0-4/11", "5"]);
    expect(await part.text()).toBe("hello");
    expect((await fileResponse(get({ range: "bytes=0-4", "if-range": '"old"' }), file())).status).toBe(200);
    const past = await fileResponse(get({ range: "bytes=20-" }), file());
    expect([past.status, past.headers.get("content-range")]).toEqual([416, "bytes */11"]);
  });

  it("sends an empty body for a file with no content yet", async () => {
    const res = await fileResponse(get(), file({ size: 0, open: undefined, etag: "empty" }));
    expect([res.status, res.headers.get("content-length"), await res.text()]).toEqual([200, "0", ""]);
  });
});
