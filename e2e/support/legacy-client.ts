import vm from "node:vm";
import { signLegacyRequest } from "@/lib/oauth/sign-request";
import { jsEscape } from "@/lib/rest/json-tunnel";
import type { Credentials } from "./api-client";

// Calls the service the way the original JavaScript library does on a web page: signed the old way
// (signLegacyRequest), then sent through the browser tunnel as a GET with h, m, b, c and w=JS.

export interface TunnelOptions {
  body?: string;
  /** More headers for h (e.g. X-BT-Ribbit-SP-UserId). */
  headers?: Record<string, string>;
  extraOAuthParams?: Record<string, string>;
  callbackId?: string;
  /** Leave Authorization out of h. */
  unsigned?: boolean;
}

export interface TunnelReply {
  response: Response;
  script: string;
  callbackId: unknown;
  status: number;
  /** Entity-decoded, as the library hands it to the application. */
  text: string;
  location: string | null;
}

/** The tunnel URL for a call; `path` is written as the library writes it (query values raw, @ as %40). */
export function tunnelUrl(baseUrl: string, creds: Credentials, method: string, path: string, options: TunnelOptions = {}): string {
  const written = `${baseUrl}/rest/1.0${path}`;
  const headers: Record<string, string> = {
    ...(options.unsigned ? {} : { Authorization: signLegacyRequest({ method, url: written, ...creds, body: options.body, extraOAuthParams: options.extraOAuthParams }).authorization }),
    Host: new URL(baseUrl).hostname,
    Accept: "application/json",
    "Content-type": "application/json",
    ...options.headers,
  };
  const tunnel = [`h=${escapedHeaders(headers)}`, method !== "GET" && `m=${method}`, options.body !== undefined && `b=${jsEscape(options.body)}`, `c=${options.callbackId ?? "1"}`, "w=JS"];
  return `${written}${written.includes("?") ? "&" : "?"}${tunnel.filter(Boolean).join("&")}`;
}

/** h: the headers as "Name=value" pairs joined with "|", through escape(). */
const escapedHeaders = (headers: Record<string, string>) =>
  jsEscape(
    Object.entries(headers)
      .map(([name, value]) => `${name}=${value}`)
      .join("|"),
  );

/** A signed media URL as the original players used it: GET <file>?h=<escaped headers, Authorization included>. */
export function signedMediaUrl(baseUrl: string, creds: Credentials, path: string, options: { timestampMs?: number } = {}): string {
  const written = `${baseUrl}/rest/1.0${path}`;
  const { authorization } = signLegacyRequest({ method: "GET", url: written, ...creds, timestampMs: options.timestampMs });
  return `${written}?h=${escapedHeaders({ Authorization: authorization, Host: new URL(baseUrl).hostname })}`;
}

const entityDecode = (text: string) =>
  text.replace(/&#(\d+);|&(amp|lt|gt|quot|apos);/g, (_, code: string | undefined, name: string | undefined) =>
    code ? String.fromCharCode(Number(code)) : ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[name as "amp"],
  );

/** Runs a tunnel answer as a page would, and returns what reached Ribbit.marshalJsonpCallback. */
export function runTunnelScript(script: string): Omit<TunnelReply, "response" | "script"> {
  const calls: unknown[][] = [];
  vm.runInNewContext(script, { Ribbit: { marshalJsonpCallback: (...args: unknown[]) => calls.push(args) } });
  if (calls.length !== 1) throw new Error(`expected one callback, got ${calls.length}: ${script}`);
  const [callbackId, status, text, location] = calls[0]!;
  return { callbackId, status: status as number, text: entityDecode(String(text ?? "")), location: location as string | null };
}

export async function tunnel(baseUrl: string, creds: Credentials, method: string, path: string, options: TunnelOptions = {}): Promise<TunnelReply> {
  const response = await fetch(tunnelUrl(baseUrl, creds, method, path, options));
  const script = await response.text();
  if (response.status !== 200) throw new Error(`tunnel answered ${response.status}: ${script}`);
  return { response, script, ...runTunnelScript(script) };
}
