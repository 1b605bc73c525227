import { signRequest, type SignRequestInput } from "@/lib/http/oauth/sign-request";
import { demo, otherTenant } from "./fixtures";

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
export const otherApp: Credentials = { consumerKey: otherTenant.consumerKey, consumerSecret: otherTenant.consumerSecret };

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

/** Parses a form-encoded OAuth reply keeping the order of its fields. */
export function formFields(text: string): Array<[string, string]> {
  return [...new URLSearchParams(text).entries()];
}

let counter = 0;
/** A login unique to this test run. */
export function uniqueLogin(prefix = "user"): string {
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}`;
}

/** Creates a user two-legged as the application and logs it in (xAuth); returns its token credentials. */
export async function createLoggedInUser(baseUrl: string, app: Credentials = demoApp, login = uniqueLogin()) {
  const password = "user-password-123";
  const created = await call(baseUrl, app, "POST", "/users", { json: { login, password, firstName: "Test" } });
  if (created.status !== 201) throw new Error(`creating a user failed: ${created.status} ${created.text}`);
  const loggedIn = await call(baseUrl, app, "POST", "/login", { sign: { extraOAuthParams: { x_auth_username: login, x_auth_password: password } } });
  if (loggedIn.status !== 200) throw new Error(`login failed: ${loggedIn.status} ${loggedIn.text}`);
  const fields = Object.fromEntries(formFields(loggedIn.text));
  const creds: Credentials = { ...app, token: fields.oauth_token, tokenSecret: fields.oauth_token_secret };
  return { guid: fields.user_guid!, login, password, creds };
}
