import { createHash, randomBytes } from "node:crypto";

// HTTP digest authentication as SIP uses it (RFC 2617, RFC 7616 with MD5, RFC 3261 section 22):
// a 401 or 407 carries a challenge, the request is sent again with the answer to it.

export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm?: string;
  /** The qop options the server offers, e.g. ["auth", "auth-int"]. */
  qop?: string[];
  stale?: boolean;
}

export interface DigestCredentials {
  username: string;
  password: string;
}

export interface DigestInput {
  username: string;
  password: string;
  realm: string;
  method: string;
  uri: string;
  nonce: string;
  /** With qop "auth": the nonce count (8 hex digits) and the client nonce. */
  qop?: "auth";
  nc?: string;
  cnonce?: string;
  /** "MD5" (default) or "MD5-sess". */
  algorithm?: string;
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** The response value of RFC 2617 section 3.2.2.1 (MD5 and MD5-sess, qop absent or "auth"). */
export function digestResponse(input: DigestInput): string {
  let ha1 = md5(`${input.username}:${input.realm}:${input.password}`);
  if ((input.algorithm ?? "MD5").toUpperCase() === "MD5-SESS") ha1 = md5(`${ha1}:${input.nonce}:${input.cnonce ?? ""}`);
  const ha2 = md5(`${input.method}:${input.uri}`);
  if (input.qop === "auth") return md5(`${ha1}:${input.nonce}:${input.nc}:${input.cnonce}:auth:${ha2}`);
  return md5(`${ha1}:${input.nonce}:${ha2}`);
}

/** Reads a WWW-Authenticate or Proxy-Authenticate value; null when it is not a Digest challenge. */
export function parseDigestChallenge(header: string): DigestChallenge | null {
  const match = /^\s*Digest\s+(.*)$/is.exec(header);
  if (!match) return null;
  const params = new Map<string, string>();
  for (const part of match[1]!.matchAll(/([a-zA-Z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    params.set(part[1]!.toLowerCase(), part[2] !== undefined ? part[2].replace(/\\(.)/g, "$1") : part[3]!);
  }
  const realm = params.get("realm");
  const nonce = params.get("nonce");
  if (realm === undefined || nonce === undefined) return null;
  const qop = params.get("qop");
  return {
    realm,
    nonce,
    opaque: params.get("opaque"),
    algorithm: params.get("algorithm"),
    qop: qop === undefined ? undefined : qop.split(",").map((option) => option.trim().toLowerCase()),
    stale: params.get("stale")?.toLowerCase() === "true",
  };
}

/** The Authorization (or Proxy-Authorization) value answering `challenge` for a request. */
export function digestAuthorization(
  challenge: DigestChallenge,
  credentials: DigestCredentials,
  request: { method: string; uri: string },
  nonceCount = 1,
  cnonce = randomBytes(8).toString("hex"),
): string {
  const algorithm = challenge.algorithm ?? "MD5";
  if (!/^MD5(-sess)?$/i.test(algorithm)) throw new Error(`digest algorithm ${algorithm} is not supported`);
  const qop = challenge.qop?.includes("auth") ? ("auth" as const) : undefined;
  if (challenge.qop && !qop) throw new Error(`digest qop ${challenge.qop.join(",")} is not supported`);
  const nc = nonceCount.toString(16).padStart(8, "0");
  const response = digestResponse({ ...credentials, ...request, realm: challenge.realm, nonce: challenge.nonce, qop, nc, cnonce, algorithm });
  const quote = (value: string) => `"${value.replace(/(["\\])/g, "\\$1")}"`;
  const fields = [
    `username=${quote(credentials.username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(request.uri)}`,
    `response=${quote(response)}`,
    `algorithm=${algorithm}`,
  ];
  if (challenge.opaque !== undefined) fields.push(`opaque=${quote(challenge.opaque)}`);
  if (qop) fields.push(`qop=${qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`);
  return `Digest ${fields.join(", ")}`;
}
