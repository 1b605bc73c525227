// Where a three-legged flow may send the user back: only under a URL prefix the developer registered
// in the portal, so no request token can turn the authorization page into an open redirect.

import { z } from "zod";

const SCRIPT_SCHEMES = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:"]);
export const MAX_CALLBACK_PREFIXES = 10;
const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** A registered prefix: an absolute URL (http(s) or an app's own scheme), no credentials, query or fragment. */
export const callbackUrlPrefix = z
  .string()
  .trim()
  .max(500, "is at most 500 characters")
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: `${JSON.stringify(value)} is not an absolute URL` });
      return z.NEVER;
    }
    if (SCRIPT_SCHEMES.has(url.protocol) || url.username || url.password || url.search || url.hash || !url.host) {
      ctx.addIssue({ code: "custom", message: `${JSON.stringify(value)} must be a plain URL with a host (no credentials, query or fragment)` });
      return z.NEVER;
    }
    return url.href;
  });

export const callbackUrlPrefixes = z.array(callbackUrlPrefix).max(MAX_CALLBACK_PREFIXES, `at most ${MAX_CALLBACK_PREFIXES} prefixes`);

/** One prefix per line (the portal's text area). */
export const prefixLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Whether `callback` lies under one of `prefixes`: same scheme, host and port, and a path equal to the
 * prefix's or below it at a "/" boundary ("https://a.example/cb" allows "/cb", "/cb?x" and "/cb/next",
 * never "/cbx", "https://a.example.evil/..." or "https://a.example@evil/..."). A loopback prefix
 * without a port ("http://127.0.0.1/") allows every port of that loopback host.
 */
export function callbackAllowed(callback: string, prefixes: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(callback);
  } catch {
    return false;
  }
  if (SCRIPT_SCHEMES.has(url.protocol) || url.username || url.password) return false;
  return prefixes.some((raw) => {
    const prefix = new URL(raw);
    // RFC 8252 7.3: a loopback prefix without a port allows any port (native apps listen on a free one).
    const anyPort = !prefix.port && LOOPBACK.has(prefix.hostname) && !/^[a-z][\w+.-]*:\/\/[^/]*:\d/i.test(raw);
    if (prefix.protocol !== url.protocol || (anyPort ? prefix.hostname !== url.hostname : prefix.host !== url.host)) return false;
    const base = prefix.pathname;
    return url.pathname === base || url.pathname.startsWith(base.endsWith("/") ? base : `${base}/`);
  });
}
