import { bodyHash } from "@/lib/http/oauth/signature";
import { signRequest } from "@/lib/http/oauth/sign-request";
import type { Credentials } from "./api-client";

// Media calls whose bodies or replies are bytes, which call() (JSON and text) does not cover.

export interface BytesOptions {
  headers?: Record<string, string>;
  /** Sign the body with oauth_body_hash (or this value, for a wrong hash). */
  bodyHash?: true | string;
  body?: Uint8Array | ReadableStream<Uint8Array>;
}

/** A signed request with a raw body (not covered by the signature unless bodyHash is set). */
export async function signedFetch(baseUrl: string, creds: Credentials, method: string, path: string, options: BytesOptions = {}): Promise<Response> {
  const url = `${baseUrl}/rest/1.0${path}`;
  const hash = options.bodyHash === true ? bodyHash(options.body as Uint8Array) : options.bodyHash;
  const { authorization } = signRequest({ method, url, ...creds, extraOAuthParams: hash ? { oauth_body_hash: hash } : undefined });
  const body = options.body as BodyInit | undefined;
  return fetch(url, {
    method,
    headers: { Authorization: authorization, ...options.headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** Uploads bytes as the spec shows: octet-stream, with the Accept-Type header. */
export const uploadBytes = (
  baseUrl: string,
  creds: Credentials,
  path: string,
  bytes: Uint8Array | string,
  options: Omit<BytesOptions, "body"> = {},
) =>
  signedFetch(baseUrl, creds, "POST", path, {
    ...options,
    body: typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes,
    headers: { "Content-Type": "application/octet-stream", "Accept-Type": "application/octet-stream", ...options.headers },
  });

/** Downloads the bytes (Accept-Type: application/octet-stream) as text. */
export async function downloadText(baseUrl: string, creds: Credentials, path: string, headers: Record<string, string> = {}) {
  const res = await signedFetch(baseUrl, creds, "GET", path, { headers: { "Accept-Type": "application/octet-stream", ...headers } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** About `seconds` of silent MPEG-1 Layer III (128 kbit/s, 44.1 kHz): a real MP3 a browser plays. */
export function silentMp3(seconds: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x44]);
  return Buffer.concat(Array.from({ length: Math.ceil((seconds * 44100) / 1152) }, () => frame));
}
