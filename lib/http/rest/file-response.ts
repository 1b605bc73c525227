import type { ByteRange, FileDownload } from "./file-download";
import { isSignedUrl } from "./json-tunnel";

/**
 * A file's bytes as an HTTP response: ETag + If-None-Match (304), a single Range (206, or 416 when
 * it lies past the end; If-Range honoured), the file's Content-Type. Several ranges in one request
 * get the whole file (200), which RFC 9110 allows.
 */
export async function fileResponse(request: Request, file: FileDownload): Promise<Response> {
  const etag = `"${file.etag}"`;
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    ETag: etag,
    "Last-Modified": file.lastModified.toUTCString(),
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, no-cache",
    "X-Content-Type-Options": "nosniff",
    // Nothing served runs as a page, and no page frames it (next.config.js leaves media paths to this).
    "Content-Security-Policy": "sandbox; frame-ancestors 'none'",
    "Content-Disposition": `${file.inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
  };
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });

  const ifRange = request.headers.get("if-range");
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.get("range"), file.size);
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${file.size}` } });
  if (!file.open || file.size === 0) return new Response(null, { status: 200, headers: { ...headers, "Content-Length": "0" } });

  const body = await file.open(range ?? undefined);
  if (!range) return new Response(body, { status: 200, headers: { ...headers, "Content-Length": String(file.size) } });
  return new Response(body, {
    status: 206,
    headers: { ...headers, "Content-Length": String(range.end - range.start + 1), "Content-Range": `bytes ${range.start}-${range.end}/${file.size}` },
  });
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** "bytes=a-b", "bytes=a-" or "bytes=-n" against the size; null: serve it all. */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/** The request asks for the bytes, not the JSON details (spec: Accept-Type, or Accept audio/mpeg; a signed URL is for a player). */
export function wantsBytes(request: Request): boolean {
  if (isSignedUrl(request)) return true;
  const accept = request.headers.get("accept") ?? "";
  return /application\/octet-stream/i.test(request.headers.get("accept-type") ?? "") || /application\/octet-stream|audio\//i.test(accept);
}
