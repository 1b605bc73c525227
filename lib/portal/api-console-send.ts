import "server-only";
import { config } from "@/lib/core/config";
import { REST_PREFIX, restUrl } from "@/lib/core/urls";
import { signRequest } from "@/lib/http/oauth/sign-request";

// Signing and sending for the API console (api-console.ts): every request is signed here, on the
// server, and goes to this server's /rest/1.0 and nowhere else.

const TIMEOUT_MS = 20_000;

/** Why nothing useful came back, in words for the developer. */
export class ConsoleError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

/** An application's credentials, and a user's token when acting as one. */
export interface Signer {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

/** restUrl of a checked path, refused if it would somehow leave this server's /rest/1.0. */
export function consoleRestUrl(path: string): string {
  const base = new URL(config().publicUrl);
  const url = new URL(restUrl(path));
  const prefix = `${base.pathname.replace(/\/$/, "")}${REST_PREFIX}/`;
  if (url.origin !== base.origin || !url.pathname.startsWith(prefix)) {
    throw new Error("The console refused a URL outside this server's REST API.");
  }
  return url.toString();
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
      `The server could not reach its own API at ${restUrl("")} (${reason}). Check that PUBLIC_URL points at this server.`,
    );
  }
}

/**
 * Signs one request as `signer` and sends it; returns the headers as sent (the Authorization value
 * holds no secret) and the signature base string, for the console to show.
 */
export async function signAndSend(signer: Signer, request: { method: string; url: string; body?: string }) {
  const { method, url, body } = request;
  const signed = signRequest({ method, url, ...signer, body });
  const headers: Array<[string, string]> = [["Authorization", signed.authorization]];
  if (body !== undefined) headers.push(["Content-Type", "application/json"]);
  const { response, durationMs } = await send(url, { method, headers, body });
  return { headers, baseString: signed.baseString, response, durationMs };
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

/** xAuth: trades the user's login and password for an access token of this application. */
export async function logIn(signer: Signer, login: string, password: string) {
  const url = consoleRestUrl("/login");
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
export async function logOut(signer: Required<Signer>): Promise<boolean> {
  try {
    const url = consoleRestUrl("/logout");
    const signed = signRequest({ method: "POST", url, ...signer });
    const { response } = await send(url, { method: "POST", headers: { Authorization: signed.authorization } });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
