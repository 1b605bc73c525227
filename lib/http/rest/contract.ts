import type { z } from "zod";
import type { FileDownload } from "./file-download";
import type { ListQuery, Page, Filterable } from "./list-query";

/**
 * "none": public (health). "application": any signed request, two-legged (as the application) or
 * with a user's access token. "user": only with a user's access token. "consumer": signed with the
 * consumer secret alone (login, request_token). "request-token": signed with a request token
 * (access_token). No OAuth in the last two, the contract's `credential` is checked instead:
 * "guest-token": a guest-call token's secret as `Authorization: Bearer gt_...`; "capability": a path
 * parameter that is itself the credential (a signed media link, a guest call's id).
 */
export type AuthMode = "none" | "application" | "user" | "consumer" | "request-token" | "guest-token" | "capability";

export type OAuthMode = Exclude<AuthMode, "none" | "guest-token" | "capability">;

/** The modes whose requests are signed with OAuth 1.0a. */
export const isOAuthMode = (mode: AuthMode): mode is OAuthMode => mode !== "none" && mode !== "guest-token" && mode !== "capability";

/** The credential of a "guest-token" or "capability" operation: where it is, and the area's check of it. */
export interface CredentialCheck<Grant = unknown> {
  /** "capability" only: the path parameter holding it. */
  param?: string;
  /** What the credential grants (ctx.grant), or the ApiError refusing it; run by the wrapper before the handler. */
  verify: (credential: string) => Promise<Grant>;
}

// One declaration per REST operation. The route export (lib/http/operation/route.ts), request validation and
// handler types (lib/http/operation/operation.ts), the OpenAPI document (lib/registry/openapi.ts) and the shared
// security battery (e2e/api/battery.test.ts) are all derived from it.

export type ContractMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface Contract {
  /** OpenAPI operationId, e.g. "listUsers". */
  operationId: string;
  method: ContractMethod;
  /** Relative to /rest/1.0, OpenAPI style: "/users/{guid}". */
  path: `/${string}`;
  summary: string;
  description?: string;
  /** Groups operations in the reference: "Users", "Domains", ... */
  tag: string;
  auth: AuthMode;
  /** Required with auth "guest-token" and "capability", refused with the others. */
  credential?: CredentialCheck;
  /** The operation changes none of the user's data (logout): a read-only token may call it. */
  readOnlyTokenAllowed?: boolean;
  /**
   * The parameterized path whose route file serves this literal one. Next.js reads a folder named
   * "@purpose" as a parallel-route slot, so GET /devices/@purpose is served by /devices/{guid}'s
   * route, which hands it the requests whose parameters spell the literal segment (restRoute).
   */
  servedBy?: `/${string}`;
  /** Path parameters; a value failing its schema answers 404 (it cannot name a resource). */
  params?: z.ZodObject;
  /** Query parameters beyond paging and filters; any other parameter is a 400 that names it. */
  query?: z.ZodObject;
  /** A paged collection: startIndex/count, and filterBy/filterOp/filterValue over these properties. */
  list?: Filterable;
  /** JSON request body. */
  body?: z.ZodType;
  /**
   * The request body is bytes the handler streams from ctx.request.body (media uploads): the wrapper
   * neither reads nor parses it; a sent oauth_body_hash is checked while streaming (auth.bodyCheck).
   */
  streamsBody?: true;
  /** An Idempotency-Key header makes a retry replay the first response (lib/idempotency, docs/calls.md). */
  idempotent?: true;
  /** A GET that also answers signed URLs (?h=, the original players' form): docs/media.md. */
  signedUrl?: true;
  /** A valid body: shown in the reference, and sent by the shared security tests. */
  example?: Record<string, unknown>;
  success: {
    status: 200 | 201 | 202 | 204 | 302;
    description: string;
    /** The entry (or, for a list, one item of entry); omitted for empty and non-JSON replies. */
    entry?: z.ZodType;
    /** A reply that is not the {entry} JSON envelope, e.g. the form-encoded OAuth replies. */
    contentType?: string;
    /** Headers naming a REST path, filled like location (a device's DELETE answers REMOVED: /rest/1.0/devices/...). */
    pathHeaders?: Record<string, `/${string}`>;
  };
  /** 201 only: the created resource's path; {name} is taken from the entry, else from the path parameters. */
  location?: `/${string}`;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : never;

export type ParamsOf<C extends Contract> = C["params"] extends z.ZodObject ? z.infer<C["params"]> : Record<string, never>;
export type QueryOf<C extends Contract> = (C["list"] extends Filterable ? ListQuery : unknown) &
  (C["query"] extends z.ZodObject ? z.infer<C["query"]> : unknown);
export type BodyOf<C extends Contract> = C["body"] extends z.ZodType ? z.infer<C["body"]> : undefined;
type EntryOf<C extends Contract> = Infer<C["success"]["entry"]>;

/** What a handler returns: the entry, a page of entries, nothing (204), a file's bytes, or a raw Response (non-JSON replies). */
export type ResultOf<C extends Contract> =
  | Response
  | FileDownload
  | (C["list"] extends Filterable
      ? Page<EntryOf<C>>
      : C["success"]["status"] extends 204
        ? void
        : C["success"]["entry"] extends z.ZodType
          ? EntryOf<C>
          : void | undefined);

export interface Input<C extends Contract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
}

/** Declares a contract, keeping its literal types for the handler. */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

/** Fills a location template: "/users/{guid}" with the entry's guid (or the path parameter's). */
export function fillLocation(template: string, entry: unknown, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (entry as Record<string, unknown>)?.[name] ?? params[name];
    if (value === undefined) throw new Error(`location ${template}: neither the entry nor the path has ${name}`);
    return encodeURIComponent(String(value)).replace(/%3A/gi, ":").replace(/%40/gi, "@");
  });
}

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The Allow header for a path's declared methods: HEAD with GET, OPTIONS always, in a fixed order. */
export function allowHeader(methods: string[]): string {
  const set = new Set(methods);
  if (set.has("GET")) set.add("HEAD");
  set.add("OPTIONS");
  return HTTP_METHODS.filter((m) => set.has(m)).join(", ");
}

/** "/users/{guid}" -> "/users/[guid]": the app/rest/1.0 folder that must serve the contract. */
export const routeFolderOf = (contract: Pick<Contract, "path" | "servedBy">) => (contract.servedBy ?? contract.path).replace(/\{(\w+)\}/g, "[$1]");

/** The parameter values that spell a literal path within the path serving it: "/devices/@purpose" in "/devices/{guid}" -> { guid: "@purpose" }. */
export function literalParams(contract: Pick<Contract, "path" | "servedBy">): Record<string, string> {
  if (!contract.servedBy) return {};
  const literal = contract.path.split("/");
  return Object.fromEntries(
    contract.servedBy.split("/").flatMap((segment, i) => {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      return name ? [[name, literal[i]!]] : [];
    }),
  );
}
