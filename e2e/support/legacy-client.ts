import vm from "node:vm";
import { signLegacyRequest } from "@/lib/http/oauth/sign-request";
import { jsEscape } from "@/lib/http/rest/json-tunnel";
import type { Credentials } from "./api-client";
import { ribbitDecode } from "./ribbit-decode";

// Calls the service the way the original JavaScript library 1.6.1 does on a web page, byte for byte
// as its captured requests show (e2e/vectors/ribbit-js-1.6.1.json; a unit test rebuilds every
// captured scriptSrc with this client): signed by signLegacyRequest, sent through the browser tunnel
// as a GET with h, m, b, c and w=JS, and the answer's text decoded as the library decodes it.

const USER_AGENT = "ribbit_javascript_library_1.6.1";

export interface TunnelOptions {
  body?: string;
  /** More headers for h (e.g. X-BT-Ribbit-SP-UserId). */
  headers?: Record<string, string>;
  extraOAuthParams?: Record<string, string>;
  callbackId?: string;
  /** Leave Authorization out of h. */
  unsigned?: boolean;
  /** Fixed instead of fresh (to rebuild a captured request). */
  nonce?: string;
  timestampMs?: number;
}

export interface TunnelReply {
  response: Response;
  script: string;
  callbackId: unknown;
  status: number;
  /** Decoded as the library decodes it before handing it to the application (ribbitDecode). */
  text: string;
  location: string | null;
}

/** The tunnel URL for a call; `path` is written as the library writes it (query values raw, @ as %40). */
export function tunnelUrl(baseUrl: string, creds: Credentials, method: string, path: string, options: TunnelOptions = {}): string {
  const written = `${baseUrl}/rest/1.0${path}`;
  const { nonce, timestampMs, body, extraOAuthParams } = options;
  const headers: Record<string, string> = {
    Host: new URL(baseUrl).hostname,
    "User-Agent": USER_AGENT,
    ...(body !== undefined ? { "Content-type": "application/json" } : {}),
    Accept: "application/json",
    ...options.headers,
    ...(options.unsigned
      ? {}
      : { Authorization: signLegacyRequest({ method, url: written, ...creds, body, extraOAuthParams, nonce, timestampMs }).authorization }),
  };
  const tunnel = [
    `h=${escapedHeaders(headers)}`,
    method !== "GET" && `m=${method}`,
    body !== undefined && `b=${jsEscape(body)}`,
    `c=${options.callbackId ?? "1"}`,
    "w=JS",
  ];
  return `${written}${written.includes("?") ? "&" : "?"}${tunnel.filter(Boolean).join("&")}`;
}

/** h: the headers as "Name=value" pairs joined with "|", through escape(). */
const escapedHeaders = (headers: Record<string, string>) =>
  jsEscape(
    Object.entries(headers)
      .map(([name, value]) => `${name}=${value}`)
      .join("|"),
  );

/** A signed media URL as Ribbit.getStreamableUrl builds it for a player: GET <file>?h=<escaped headers, Authorization included>. */
export function signedMediaUrl(baseUrl: string, creds: Credentials, path: string, options: { timestampMs?: number; nonce?: string } = {}): string {
  const written = `${baseUrl}/rest/1.0${path}`;
  const { authorization } = signLegacyRequest({ method: "GET", url: written, ...creds, ...options });
  return `${written}?h=${escapedHeaders({ Host: new URL(baseUrl).hostname, "User-Agent": USER_AGENT, Accept: "audio/mpeg", Authorization: authorization })}`;
}

/** Runs a tunnel answer as a page would, and returns what reached Ribbit.marshalJsonpCallback. */
export function runTunnelScript(script: string): Omit<TunnelReply, "response" | "script"> {
  const calls: unknown[][] = [];
  vm.runInNewContext(script, { Ribbit: { marshalJsonpCallback: (...args: unknown[]) => calls.push(args) } });
  if (calls.length !== 1) throw new Error(`expected one callback, got ${calls.length}: ${script}`);
  const [callbackId, status, text, location] = calls[0]!;
  return { callbackId, status: status as number, text: ribbitDecode(String(text ?? "")), location: location as string | null };
}

export async function tunnel(baseUrl: string, creds: Credentials, method: string, path: string, options: TunnelOptions = {}): Promise<TunnelReply> {
  const response = await fetch(tunnelUrl(baseUrl, creds, method, path, options));
  const script = await response.text();
  if (response.status !== 200) throw new Error(`tunnel answered ${response.status}: ${script}`);
  return { response, script, ...runTunnelScript(script) };
}
