import "server-only";
import { z } from "zod";
import { getPortalApplication } from "@/lib/applications/get-application";
import { revealConsumerSecret } from "@/lib/applications/secrets";
import { developerActor } from "@/lib/core/tenancy/actor";
import { config } from "@/lib/core/config";
import { signRequest } from "@/lib/http/oauth/sign-request";

// The developer portal's API console: signs one REST call as one of the developer's applications
// (two-legged, or as a user of its domain logged in with xAuth for this call only) and sends it to
// this server's /rest/1.0. Signing happens here, never in the browser: the consumer secret and any
// token secret stay on the server and are never part of what is returned.

export const CONSOLE_METHODS = ["GET", "POST", "PUT", "DELETE"] as const;
export type ConsoleMethod = (typeof CONSOLE_METHODS)[number];

/** Methods whose request carries the JSON body. */
export const METHODS_WITH_BODY: readonly ConsoleMethod[] = ["POST", "PUT"];

export const REST_BASE_PATH = "/rest/1.0";
/** Response headers worth showing; the rest is transport noise. */
const SHOWN_RESPONSE_HEADERS = ["Location", "Allow", "WWW-Authenticate", "X-Request-Id", "Content-Type"];
const TIMEOUT_MS = 20_000;
/** Larger bodies are cut for display (the browser would struggle with megabytes of JSON). */
const MAX_SHOWN_BODY_CHARS = 200_000;
const HIDDEN = "[hidden]";

export const consoleInputSchema = z.object({
  method: z.enum(CONSOLE_METHODS),
  path: z.string().max(2000),
  body: z.string().max(1_000_000).default(""),
  actAs: z.enum(["application", "user"]),
  login: z.string().max(254).default(""),
  password: z.string().max(200).default(""),
});
export type ConsoleInput = z.input<typeof consoleInputSchema>;

export interface ConsoleExchange {
  request: {
    method: ConsoleMethod;
    url: string;
    /** Headers as sent, the Authorization value included (it holds no secret). */
    headers: Array<[string, string]>;
    baseString: string;
    body?: string;
  };
  actingAs:
    | { kind: "application"; appId: string }
    | { kind: "user"; appId: string; login: string; userGuid: string; loggedOut: boolean };
  response: {
    status: number;
    statusText: string;
    headers: Array<[string, string]>;
    /** Pretty-printed when it is JSON; secrets replaced by [hidden]. */
    body: string;
    format: "json" | "text" | "empty";
    truncated: boolean;
    durationMs: number;
  };
}

export type ConsoleResult =
  | { ok: true; exchange: ConsoleExchange }
  | { ok: false; fieldErrors?: Partial<Record<"method" | "path" | "body" | "login" | "password", string[]>>; error?: { title: string; message: string } };

/**
 * Why a path relative to /rest/1.0 may not be called, or null when it is fine. The console calls
 * this server's API and nothing else: no scheme or host, no dot segments, nothing that could make
 * the URL leave /rest/1.0.
 */
export function pathProblem(path: string): string | null {
  if (!path) return "Enter a path, for example /users?count=5.";
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("//")) {
    return "Enter a path relative to /rest/1.0 such as /users, not a full URL: the console only calls this server's API.";
  }
  if (!path.startsWith("/")) return "The path must start with /, for example /users?count=5.";
  if (/[\s\\]/.test(path) || /[\u0000-\u001f\u007f]/.test(path)) {
    return "The path may not contain spaces, backslashes or control characters. Encode a space in a query value as %20.";
  }
  if (path.includes("#")) return "Leave out the #fragment: it is not sent to the server.";
  const pathPart = path.split("?")[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return "The path has a malformed %-escape.";
  }
  if (pathPart.includes("..") || decoded.split("/").some((segment) => segment === "." || segment === "..")) {
    return "The path may not contain . or .. segments: it must stay under /rest/1.0.";
  }
  return null;
}

/** The absolute URL for a checked path, refused if it would somehow leave this server's /rest/1.0. */
function restUrlFor(path: string): string {
  const base = new URL(config().publicUrl);
  const url = new URL(`${config().publicUrl}${REST_BASE_PATH}${path}`);
  const prefix = `${base.pathname.replace(/\/$/, "")}${REST_BASE_PATH}/`;
  if (url.origin !== base.origin || !url.pathname.startsWith(prefix)) {
    throw new Error("The console refused a URL outside this server's REST API.");
  }
  return url.toString();
}

class ConsoleError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

/** A fetch that explains in words why nothing came back. */
async function send(url: string, init: RequestInit): Promise<{ response: Response; durationMs: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, redirect: "manual", cache: "no-store", signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { response, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new ConsoleError("No answer", `The API did not answer within ${TIMEOUT_MS / 1000} seconds. Try again in a moment.`);
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new ConsoleError(
      "The request could not be sent",
      `The server could not reach its own API at ${config().publicUrl}${REST_BASE_PATH} (${reason}). Check that PUBLIC_URL points at this server.`,
    );
  }
}

/** "Invalid login or password." from a problem+json reply, else the status line. */
async function problemDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { detail?: unknown; title?: unknown };
    if (typeof body.detail === "string") return body.detail;
    if (typeof body.title === "string") return body.title;
  } catch {
    // not JSON
  }
  return `${response.status} ${response.statusText}`.trim();
}

/** Replaces every secret the console knows of, and oauth_token_secret values of form replies. */
function redact(text: string, secrets: string[]): string {
  let out = text.replace(/(oauth_token_secret=)[^&\s]*/g, `$1${HIDDEN}`);
  for (const secret of secrets) if (secret) out = out.split(secret).join(HIDDEN);
  return out;
}

function formatBody(text: string, contentType: string): { body: string; format: "json" | "text" | "empty" } {
  if (!text) return { body: "", format: "empty" };
  if (/json/i.test(contentType) || /^\s*[[{]/.test(text)) {
    try {
      return { body: JSON.stringify(JSON.parse(text), null, 2), format: "json" };
    } catch {
      // shown as it came
    }
  }
  return { body: text, format: "text" };
}

interface Signer {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

/** xAuth: trades the user's login and password for an access token of this application. */
async function logIn(signer: Signer, login: string, password: string) {
  const url = restUrlFor("/login");
  const signed = signRequest({ method: "POST", url, ...signer, extraOAuthParams: { x_auth_username: login, x_auth_password: password } });
  const { response } = await send(url, { method: "POST", headers: { Authorization: signed.authorization } });
  if (response.status !== 200) {
    const detail = await problemDetail(response);
    throw new ConsoleError(`Could not log in as "${login}"`, `The API answered ${response.status}: ${detail}`);
  }
  const reply = new URLSearchParams(await response.text());
  const token = reply.get("oauth_token");
  const tokenSecret = reply.get("oauth_token_secret");
  const userGuid = reply.get("user_guid");
  if (!token || !tokenSecret || !userGuid) {
    throw new ConsoleError(`Could not log in as "${login}"`, "The login reply had no token. Try again.");
  }
  return { token, tokenSecret, userGuid };
}

/** Revokes the console's token so it does not outlive the request. */
async function logOut(signer: Required<Signer>): Promise<boolean> {
  try {
    const url = restUrlFor("/logout");
    const signed = signRequest({ method: "POST", url, ...signer });
    const { response } = await send(url, { method: "POST", headers: { Authorization: signed.authorization } });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Signs and sends one request as the developer's application `appId` and describes what went out
 * and what came back. Another developer's application is "not found" (an ApiError, thrown).
 */
export async function sendConsoleRequest(developerId: string, appId: string, rawInput: ConsoleInput): Promise<ConsoleResult> {
  const parsed = consoleInputSchema.safeParse(rawInput);
  if (!parsed.success) {
    return { ok: false, error: { title: "The request was not sent", message: "The form was incomplete. Reload the page and try again." } };
  }
  const input = parsed.data;
  const path = input.path.trim();
  const fieldErrors: NonNullable<Extract<ConsoleResult, { ok: false }>["fieldErrors"]> = {};
  const problem = pathProblem(path);
  if (problem) fieldErrors.path = [problem];
  const hasBody = METHODS_WITH_BODY.includes(input.method) && input.body.trim() !== "";
  const body = hasBody ? input.body.trim() : undefined;
  if (body !== undefined) {
    try {
      JSON.parse(body);
    } catch (error) {
      fieldErrors.body = [(error as Error).message];
    }
  }
  const login = input.login.trim();
  if (input.actAs === "user") {
    if (!login) fieldErrors.login = ["is required to act as a user"];
    if (!input.password) fieldErrors.password = ["is required to act as a user"];
  }
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };

  // Owner check first: this throws "not found" for an application of another developer.
  const app = await getPortalApplication(developerActor(developerId), appId);
  const consumerSecret = await revealConsumerSecret(developerActor(developerId), app.internalId);
  const url = restUrlFor(path);
  const signer: Signer = { consumerKey: app.consumerKey, consumerSecret };

  let session: { token: string; tokenSecret: string; userGuid: string } | undefined;
  try {
    if (input.actAs === "user") session = await logIn(signer, login, input.password);
    const signed = signRequest({ method: input.method, url, ...signer, token: session?.token, tokenSecret: session?.tokenSecret, body });
    const headers: Array<[string, string]> = [["Authorization", signed.authorization]];
    if (body !== undefined) headers.push(["Content-Type", "application/json"]);
    const { response, durationMs } = await send(url, { method: input.method, headers, body });
    const rawText = await response.text();
    const secrets = [consumerSecret, session?.tokenSecret ?? ""];
    const contentType = response.headers.get("content-type") ?? "";
    const formatted = formatBody(redact(rawText, secrets), contentType);
    const truncated = formatted.body.length > MAX_SHOWN_BODY_CHARS;

    const loggedOut = session ? await logOut({ ...signer, token: session.token, tokenSecret: session.tokenSecret }) : false;
    const userSession = session;
    session = undefined;

    const exchange: ConsoleExchange = {
      request: {
        method: input.method,
        url,
        headers,
        baseString: signed.baseString,
        body,
      },
      actingAs: userSession
        ? { kind: "user", appId: app.id, login, userGuid: userSession.userGuid, loggedOut }
        : { kind: "application", appId: app.id },
      response: {
        status: response.status,
        statusText: response.statusText,
        headers: SHOWN_RESPONSE_HEADERS.flatMap((name): Array<[string, string]> => {
          const value = response.headers.get(name);
          return value === null ? [] : [[name, redact(value, secrets)]];
        }),
        body: truncated ? formatted.body.slice(0, MAX_SHOWN_BODY_CHARS) : formatted.body,
        format: formatted.format,
        truncated,
        durationMs,
      },
    };
    // What goes back to the browser must hold no secret (a developer may even paste one into the path or body).
    const outgoing = JSON.stringify(exchange);
    if (secrets.some((secret) => secret && outgoing.includes(secret))) {
      return {
        ok: false,
        error: {
          title: "The result is not shown",
          message: "It contained your consumer secret or the token secret. Leave secrets out of the path and body.",
        },
      };
    }
    return { ok: true, exchange };
  } catch (error) {
    if (error instanceof ConsoleError) return { ok: false, error: { title: error.title, message: error.message } };
    throw error;
  } finally {
    // The request failed half-way: still revoke the token.
    if (session) await logOut({ ...signer, token: session.token, tokenSecret: session.tokenSecret });
  }
}
