import { signRequest, type SignRequestInput } from "@/lib/oauth/sign-request";
import { demo } from "./fixtures";

export interface Credentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

export interface CallOptions {
  /** JSON-serialized and covered by oauth_body_hash. */
  json?: unknown;
  /** Sent as is (with Content-Type application/json unless headers say otherwise). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Send without any OAuth signature. */
  unsigned?: boolean;
  /** Overrides for the signer (e.g. timestamp, nonce, extraOAuthParams) for negative tests. */
  sign?: Partial<SignRequestInput>;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export const demoApp: Credentials = { consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret };

/** Signs and sends one REST call; `path` is relative to /rest/1.0 and may carry a query string. */
export async function call<T = any>(
  baseUrl: string,
  creds: Credentials,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const url = `${baseUrl}/rest/1.0${path}`;
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.rawBody;
  const headers: Record<string, string> = { ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...options.headers };
  if (!options.unsigned) {
    headers.Authorization = signRequest({ method, url, ...creds, body, ...options.sign }).authorization;
  }
  const response = await fetch(url, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (e.g. form-encoded OAuth replies): keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** A client bound to one server and one set of credentials. */
export function client(baseUrl: string, creds: Credentials = demoApp) {
  return <T = any>(method: string, path: string, options?: CallOptions) => call<T>(baseUrl, creds, method, path, options);
}
