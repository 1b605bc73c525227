// Where to send a developer after sign-in. A crafted link (/signin?callbackUrl=/\evil.example/) must
// never send them to another site: browsers read "\" as "/" and drop tabs and newlines, so a naive
// "starts with / but not //" check lets "/\evil.example" and "/<TAB>/evil.example" through.

const PROBE_ORIGIN = "http://same-origin.invalid";

function staysOnOrigin(candidate: string): boolean {
  if (!candidate.startsWith("/") || /[\\\x00-\x1f\x7f]/.test(candidate)) return false;
  try {
    return new URL(candidate, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

function decodedOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * `raw` when it is a path on this site (path, query and fragment, normalized), otherwise `fallback`.
 * Also refused when decoding it once would leave the site, in case something on the way decodes it.
 */
export function sameOriginPath(raw: unknown, fallback = "/overview"): string {
  if (typeof raw !== "string" || raw.length > 2000) return fallback;
  if (!staysOnOrigin(raw) || !staysOnOrigin(decodedOnce(raw))) return fallback;
  const url = new URL(raw, PROBE_ORIGIN);
  return `${url.pathname}${url.search}${url.hash}`;
}
