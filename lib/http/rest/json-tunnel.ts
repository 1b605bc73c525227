// The original JavaScript library's browser tunnel (JSONP): a <script> GET to the resource URL with
// h (escape()d "Name=value|..." headers), m (method), b (escape()d body), c (callback id) and w=JS,
// answered as JavaScript calling Ribbit.marshalJsonpCallback. Pure parts here; the dispatch is in
// route.ts, the per-application switch in authenticate.ts. Risks: docs/security.md.

import { ApiError } from "@/lib/core/errors/api-error";
import { RAW_QUERY_HEADER, rawSearch } from "./raw-query";

export const TUNNEL_PARAMETERS = ["h", "m", "b", "c", "w"] as const;
/** The only headers h may set: the rest (Host, X-Forwarded-For, Cookie...) come from the real request or nowhere. */
const TUNNELLED_HEADERS = new Set(["authorization", "accept", "accept-language", "content-type", "x-bt-ribbit-sp-userid", "x-service-sp-userid"]);
const TUNNELLED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Requests the tunnel built: authenticate() refuses them for applications without allowJsonTunnel. */
const tunnelled = new WeakSet<Request>();
export const isTunnelled = (request: Request) => tunnelled.has(request);

/** Signed media URLs (GET <file>?h=...): the tunnel's h without m, b, c, w; replays allowed inside the timestamp window. */
const signedUrls = new WeakSet<Request>();
export const isSignedUrl = (request: Request) => signedUrls.has(request);

/** A GET that asks for the tunnel (w=JS); `url` is request.url already parsed. */
export const isTunnelRequest = (request: Request, url = new URL(request.url)) => request.method === "GET" && url.searchParams.get("w") === "JS";

/** JavaScript's escape(), as the original library applies it to h and b (clients and tests). */
export function jsEscape(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += /[A-Za-z0-9@*_+\-./]/.test(text[i]!) ? text[i] : code < 256 ? `%${hex(code, 2)}` : `%u${hex(code, 4)}`;
  }
  return out;
}
const hex = (code: number, width: number) => code.toString(16).toUpperCase().padStart(width, "0");

/** JavaScript's unescape(): %XX is one code unit (escape() writes Latin-1 that way), %uXXXX one UTF-16 unit. */
export function jsUnescape(text: string): string {
  return text.replace(/%u([0-9A-Fa-f]{4})|%([0-9A-Fa-f]{2})/g, (_, wide: string | undefined, byte: string | undefined) =>
    String.fromCharCode(parseInt(wide ?? byte!, 16)),
  );
}

const badTunnel = (detail: string) => new ApiError("bad_request", `${detail} The tunnel's h is escape()d "Name=value" pairs joined with "|".`);

/** The headers in h, in order; each pair splits at its first "=" (an Authorization value holds "=" and ","). */
export function parseTunnelHeaders(escaped: string): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  for (const part of jsUnescape(escaped).split("|")) {
    if (part.trim() === "") continue;
    const eq = part.indexOf("=");
    const name = part.slice(0, Math.max(eq, 0)).trim();
    if (eq === -1 || !TOKEN.test(name)) throw badTunnel(`${JSON.stringify(part.slice(0, 40))} is not a header.`);
    const value = part.slice(eq + 1).trim();
    if (/[\0\r\n]/.test(value)) throw badTunnel(`The value of ${name} holds a line break or NUL.`);
    headers.push([name, value]);
  }
  const authorizations = headers.filter(([name]) => name.toLowerCase() === "authorization").length;
  if (authorizations > 1) throw badTunnel("h holds Authorization more than once.");
  return headers;
}

/** The callback id: digits (the library's counter) or an identifier, nothing that could end the call. */
export function parseCallbackId(raw: string | null): string {
  if (raw !== null && (/^\d{1,15}$/.test(raw) || /^[A-Za-z_$][\w$]{0,63}$/.test(raw))) return raw;
  throw new ApiError("bad_request", "The tunnel needs c, the callback id: digits, or letters, digits and _ (at most 64).", {
    extra: { parameter: "c" },
  });
}

/** The raw (undecoded) value of one query parameter, as written in the URL. */
export function rawQueryValue(search: string, name: string): string | null {
  for (const part of search.replace(/^\?/, "").split("&")) {
    const eq = part.indexOf("=");
    if ((eq === -1 ? part : part.slice(0, eq)) === name) return eq === -1 ? "" : part.slice(eq + 1);
  }
  return null;
}

/** The query without the tunnel's own parameters, every other byte as sent: the library signed the URL before adding them. */
export function withoutTunnelParameters(search: string): string {
  const kept = search
    .replace(/^\?/, "")
    .split("&")
    .filter((part) => part !== "" && !(TUNNEL_PARAMETERS as readonly string[]).includes(part.split("=", 1)[0]!));
  return kept.length ? `?${kept.join("&")}` : "";
}

/** The request the tunnel describes: method m, headers from h over the real ones, body b, the URL without h/m/b/c/w. */
export function tunnelledRequest(request: Request): Request {
  const url = new URL(request.url);
  const raw = rawSearch(request, url);
  const method = (url.searchParams.get("m") || "GET").toUpperCase();
  if (!TUNNELLED_METHODS.includes(method)) {
    throw new ApiError(
      "method_not_allowed",
      `The tunnel carries ${TUNNELLED_METHODS.join(", ")}; m=${JSON.stringify(method.slice(0, 20))} is none of them.`,
    );
  }
  const headers = new Headers(request.headers);
  for (const name of ["authorization", "content-type", "content-length"]) headers.delete(name);
  for (const [name, value] of parseTunnelHeaders(rawQueryValue(raw, "h") ?? "")) {
    if (TUNNELLED_HEADERS.has(name.toLowerCase())) headers.append(name, value);
  }
  const rawBody = rawQueryValue(raw, "b");
  const body = rawBody !== null && method !== "GET" && method !== "HEAD" ? jsUnescape(rawBody) : undefined;
  url.search = withoutTunnelParameters(url.search);
  headers.set(RAW_QUERY_HEADER, withoutTunnelParameters(raw));
  const inner = new Request(url, { method, headers, body });
  tunnelled.add(inner);
  return inner;
}

/** A GET with h and without w=JS: a signed URL (an <audio src>), run as the GET its h describes. */
export const isSignedUrlRequest = (request: Request, url = new URL(request.url)) => {
  const params = url.searchParams;
  return request.method === "GET" && params.has("h") && params.get("w") !== "JS";
};

/** The GET a signed URL describes; only a GET, so m and b have no place in it. */
export function signedUrlRequest(request: Request): Request {
  const params = new URL(request.url).searchParams;
  if (params.has("m") || params.has("b")) throw new ApiError("bad_request", "A signed URL (h without w=JS) is a GET: leave out m and b.");
  const inner = tunnelledRequest(request);
  signedUrls.add(inner);
  return inner;
}

/** What the library shows of a reply: the body, or for a problem its one human sentence (detail). */
export function tunnelText(contentType: string, body: string): string {
  if (!/^application\/problem\+json/i.test(contentType)) return body;
  try {
    const detail = (JSON.parse(body) as { detail?: unknown }).detail;
    return typeof detail === "string" ? detail : body;
  } catch {
    return body;
  }
}

/**
 * The library runs the text through its html_entity_decode before the application parses it: named
 * entities are decoded, numeric ones are not, and &quot; is mangled (its first one becomes \").
 * So only & < > are written as &amp; &lt; &gt;; quotes stay quotes (javascriptString keeps them safe).
 */
const NAMED_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
export function htmlEntityEscape(text: string): string {
  return text.replace(/[&<>]/g, (ch) => NAMED_ENTITIES[ch]!);
}

/**
 * A JavaScript string literal safe inside a script: besides JSON's escapes, < > & / (no "</script>"
 * or "<!--"), U+2028/U+2029 and every non-ASCII character become \uXXXX, so neither the HTML parser
 * nor the page's charset can change its meaning.
 */
export function javascriptString(text: string): string {
  return JSON.stringify(text).replace(/[<>&/\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The tunnel's answer: Ribbit.marshalJsonpCallback(<c>, <status>, <text>, <Location or null>); */
export function javascriptAnswer(callbackId: string, status: number, text: string, location: string | null): string {
  const id = /^\d+$/.test(callbackId) ? callbackId : javascriptString(callbackId);
  const where = location === null ? "null" : javascriptString(location);
  return `Ribbit.marshalJsonpCallback(${id}, ${Math.trunc(status)}, ${javascriptString(htmlEntityEscape(text))}, ${where});\n`;
}

/** Turns the tunnelled request's response into the 200 text/javascript answer. */
export async function tunnelAnswer(callbackId: string, response: Response): Promise<Response> {
  const text = tunnelText(response.headers.get("content-type") ?? "", await response.text());
  const headers: Record<string, string> = {
    "Content-Type": "text/javascript; charset=utf-8",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
  };
  const requestId = response.headers.get("x-request-id");
  if (requestId) headers["X-Request-Id"] = requestId;
  return new Response(javascriptAnswer(callbackId, response.status, text, response.headers.get("location")), { status: 200, headers });
}
