import "server-only";
import { z } from "zod";
import { getPortalApplication } from "@/lib/applications/get-application";
import { revealConsumerSecret } from "@/lib/applications/secrets";
import { developerActor } from "@/lib/core/tenancy/actor";
import { holdsSecret, shownResponse, type ShownResponse } from "./api-console-redact";
import { ConsoleError, consoleRestUrl, logIn, logOut, signAndSend, type Signer } from "./api-console-send";

// The developer portal's API console: signs one REST call as one of the developer's applications
// (two-legged, or as a user of its domain logged in with xAuth for this call only) and sends it to
// this server's /rest/1.0 (api-console-send.ts). Signing happens on the server, never in the
// browser: the consumer secret and any token secret stay on the server and are never part of what
// is returned (api-console-redact.ts).

export const CONSOLE_METHODS = ["GET", "POST", "PUT", "DELETE"] as const;
export type ConsoleMethod = (typeof CONSOLE_METHODS)[number];

/** Methods whose request carries the JSON body. */
export const METHODS_WITH_BODY: readonly ConsoleMethod[] = ["POST", "PUT"];

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
  actingAs: { kind: "application"; appId: string } | { kind: "user"; appId: string; login: string; userGuid: string; loggedOut: boolean };
  response: ShownResponse;
}

export type ConsoleResult =
  | { ok: true; exchange: ConsoleExchange }
  | {
      ok: false;
      fieldErrors?: Partial<Record<"method" | "path" | "body" | "login" | "password", string[]>>;
      error?: { title: string; message: string };
    };

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
  const url = consoleRestUrl(path);
  const signer: Signer = { consumerKey: app.consumerKey, consumerSecret };

  let session: { token: string; tokenSecret: string; userGuid: string } | undefined;
  try {
    if (input.actAs === "user") session = await logIn(signer, login, input.password);
    const sent = await signAndSend({ ...signer, token: session?.token, tokenSecret: session?.tokenSecret }, { method: input.method, url, body });
    const secrets = [consumerSecret, session?.tokenSecret ?? ""];
    const response = await shownResponse(sent.response, sent.durationMs, secrets);

    const loggedOut = session ? await logOut({ ...signer, token: session.token, tokenSecret: session.tokenSecret }) : false;
    const userSession = session;
    session = undefined;

    const exchange: ConsoleExchange = {
      request: { method: input.method, url, headers: sent.headers, baseString: sent.baseString, body },
      actingAs: userSession
        ? { kind: "user", appId: app.id, login, userGuid: userSession.userGuid, loggedOut }
        : { kind: "application", appId: app.id },
      response,
    };
    if (holdsSecret(exchange, secrets)) {
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
