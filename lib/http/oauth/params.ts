// Collects OAuth request parameters from the Authorization header, the query string and a form body
// (RFC 5849 section 3.4.1.3.1).

import { ApiError } from "@/lib/core/errors/api-error";
import { percentDecode } from "@/lib/http/oauth/percent-encode";

export type ParamPair = [string, string];

/**
 * Parses an `OAuth ...` Authorization header value into decoded name/value pairs, without `realm`.
 * Returns null when the scheme is not OAuth (e.g. Bearer, Basic).
 */
export function parseAuthorizationHeader(value: string): ParamPair[] | null {
  return parseAuthorizationHeaderRaw(value)?.map(([name, raw]) => [decodeHeaderPart(name), decodeHeaderPart(raw)]) ?? null;
}

/** The header's pairs as written (not percent-decoded): the original libraries put values there raw. */
export function parseAuthorizationHeaderRaw(value: string): ParamPair[] | null {
  const scheme = /^\s*OAuth(?=\s|$)/i.exec(value);
  if (!scheme) return null;

  const pairs: ParamPair[] = [];
  const text = value;
  let i = scheme[0].length;

  const skip = (pattern: RegExp) => {
    while (i < text.length && pattern.test(text[i]!)) i++;
  };

  for (;;) {
    // Whitespace and stray commas between parameters are tolerated.
    skip(/[\s,]/);
    if (i >= text.length) break;

    const name = /^[^\s=,"]+/.exec(text.slice(i))?.[0];
    if (!name) throw malformedHeader(`expected a parameter name at position ${i}`);
    i += name.length;
    skip(/\s/);
    if (text[i] !== "=") throw malformedHeader(`expected "=" after ${JSON.stringify(name)}`);
    i++;
    skip(/\s/);

    let raw = "";
    if (text[i] === '"') {
      i++;
      let closed = false;
      while (i < text.length) {
        const ch = text[i]!;
        if (ch === '"') {
          closed = true;
          i++;
          break;
        }
        // RFC 7230 quoted-pair; OAuth values are percent-encoded so this only matters for realm.
        if (ch === "\\" && i + 1 < text.length) {
          raw += text[i + 1];
          i += 2;
          continue;
        }
        raw += ch;
        i++;
      }
      if (!closed) throw malformedHeader(`the value of ${JSON.stringify(name)} has no closing quote`);
    } else {
      raw = /^[^\s,"]*/.exec(text.slice(i))?.[0] ?? "";
      i += raw.length;
    }

    skip(/\s/);
    if (i < text.length && text[i] !== ",") {
      throw malformedHeader(`expected "," after the value of ${JSON.stringify(name)}`);
    }

    // realm is not an OAuth parameter and is not percent-encoded, so it is neither decoded nor kept.
    if (name.toLowerCase() === "realm") continue;
    pairs.push([name, raw]);
  }
  return pairs;
}

function decodeHeaderPart(value: string): string {
  try {
    return percentDecode(value);
  } catch {
    throw malformedHeader(`${JSON.stringify(value)} is not correctly percent-encoded`);
  }
}

function malformedHeader(reason: string): ApiError {
  return new ApiError(
    "bad_request",
    `Malformed OAuth Authorization header: ${reason}. ` + `Expected: OAuth oauth_consumer_key="...", oauth_signature="...", ...`,
    { oauthProblem: "parameter_rejected" },
  );
}

/** Parses application/x-www-form-urlencoded pairs ("+" is space), keeping duplicates and order. */
export function parseFormPairs(raw: string): ParamPair[] {
  const pairs: ParamPair[] = [];
  for (const part of raw.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const name = eq === -1 ? part : part.slice(0, eq);
    const value = eq === -1 ? "" : part.slice(eq + 1);
    pairs.push([percentDecode(name, { plusIsSpace: true }), percentDecode(value, { plusIsSpace: true })]);
  }
  return pairs;
}

/** The pairs of a form or query string as written, nothing decoded. */
export function splitRawPairs(raw: string): ParamPair[] {
  return raw
    .split("&")
    .filter((part) => part !== "")
    .map((part) => {
      const eq = part.indexOf("=");
      return eq === -1 ? [part, ""] : [part.slice(0, eq), part.slice(eq + 1)];
    });
}

/**
 * A query value as the original library wrote it into the URL, from what arrived: the browser's (and
 * any URL parser's) own escapes are undone (space, ", ', <, > and non-ASCII), every escape the
 * library wrote itself (%40 for @, %2C for ",") stays.
 */
export function asWrittenInUrl(raw: string): string {
  return raw.replace(/%2[027]|%3[CE]|(?:%[89A-F][0-9A-F])+/gi, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}

/**
 * The Authorization header values the original JavaScript library percent-encodes (it signs them
 * raw): base64 holds "=", "+" and "/". Every other value it sends raw, as it signs it.
 */
export const LEGACY_ENCODED_IN_HEADER: ReadonlySet<string> = new Set(["oauth_signature", "xoauth_body_signature"]);

/** A header pair as the original library signed it: decoded where it encoded it, else as written. */
const asSignedByLibrary = ([name, value]: ParamPair): ParamPair => [name, LEGACY_ENCODED_IN_HEADER.has(name) ? decodeHeaderPart(value) : value];

/** Parses a raw query string (with or without the leading "?"). */
export function parseQueryPairs(rawQuery: string): ParamPair[] {
  return parseFormPairs(rawQuery.startsWith("?") ? rawQuery.slice(1) : rawQuery);
}

export function isProtocolParam(name: string): boolean {
  return name.startsWith("oauth_") || name.startsWith("xoauth_") || name.startsWith("x_auth_");
}

export interface RequestParamSources {
  authorization?: string | null;
  rawQuery: string;
  /** The raw body, only when Content-Type is application/x-www-form-urlencoded. */
  formBody?: string | null;
}

export interface CollectedParams {
  /** Every parameter for the signature base string (oauth_signature and realm excluded). */
  all: ParamPair[];
  /** oauth_*, xoauth_* and x_auth_* parameters by name, including oauth_signature. */
  oauth: Record<string, string>;
  /** The same, with each value as the original libraries sign it (not decoded): see legacyBaseString. */
  legacy: { all: ParamPair[]; oauth: Record<string, string> };
}

/** Merges header, query and form parameters; a protocol parameter sent twice is a 400. */
export function collectRequestParams(sources: RequestParamSources): CollectedParams {
  const header = sources.authorization ? parseAuthorizationHeaderRaw(sources.authorization) : null;
  const query = splitRawPairs(sources.rawQuery.replace(/^\?/, ""));
  const form = sources.formBody ? splitRawPairs(sources.formBody) : [];
  // Each source as [decoded pairs, pairs as the original libraries signed them].
  const labelled: Array<[string, ParamPair[], ParamPair[]]> = [
    ["Authorization header", (header ?? []).map(([n, v]) => [decodeHeaderPart(n), decodeHeaderPart(v)]), (header ?? []).map(asSignedByLibrary)],
    ["query string", parseQueryPairs(sources.rawQuery), query.map(([n, v]) => [asWrittenInUrl(n), asWrittenInUrl(v)])],
    ["form body", sources.formBody ? parseFormPairs(sources.formBody) : [], form],
  ];

  const all: ParamPair[] = [];
  const oauth: Record<string, string> = {};
  const legacy: CollectedParams["legacy"] = { all: [], oauth: {} };
  const seenIn = new Map<string, string>();
  for (const [source, pairs, raw] of labelled) {
    for (const [index, [name, value]] of pairs.entries()) {
      const [rawName, rawValue] = raw[index]!;
      if (name !== "oauth_signature") legacy.all.push([rawName, rawValue]);
      if (isProtocolParam(name)) {
        legacy.oauth[name] = rawValue;
        const first = seenIn.get(name);
        if (first !== undefined) {
          const where = first === source ? `twice in the ${source}` : `in both the ${first} and the ${source}`;
          throw new ApiError("bad_request", `The OAuth parameter "${name}" was sent ${where}. Send each OAuth parameter exactly once.`, {
            oauthProblem: "parameter_rejected",
            extra: { parameter: name },
          });
        }
        seenIn.set(name, source);
        oauth[name] = value;
      }
      if (name !== "oauth_signature") all.push([name, value]);
    }
  }
  return { all, oauth, legacy };
}
