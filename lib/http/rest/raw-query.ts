// Next.js re-serializes the query of request.url ("%20" arrives as "+", ":" as "%3A"), but the
// original client libraries sign the query as written, and their tunnel escape()s with a raw "+".
// scripts/serve.ts passes the query as received in this header (replacing any the client sent).

export const RAW_QUERY_HEADER = "x-raw-query";

/** The query exactly as the client sent it ("?..." or ""), when that is what the URL holds (a forged header changes nothing). */
export function rawSearch(request: Request, url: URL): string {
  const raw = request.headers.get(RAW_QUERY_HEADER);
  if (raw === null || raw === url.search) return url.search;
  // Decoded as the URL itself decodes (escape()'s Latin-1 %XX is not UTF-8: both sides get U+FFFD).
  const a = [...new URLSearchParams(raw)];
  const b = [...url.searchParams];
  return a.length === b.length && a.every(([name, value], i) => name === b[i]![0] && value === b[i]![1]) ? raw : url.search;
}

/** What serve.ts sets: the raw query of a request target, when it is plain printable ASCII. */
export function rawQueryOf(target: string): string | null {
  const start = target.indexOf("?");
  const query = start === -1 ? "" : target.slice(start);
  return query && /^[\x21-\x7e]*$/.test(query) ? query : null;
}
