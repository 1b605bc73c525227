// The one error type of the REST API. Handlers and lib/ functions throw it; the operation wrapper
// (lib/http/operation/operation.ts) turns it into an RFC 9457 problem response. Anything else
// thrown becomes a 500 that shows no internals.

export const errorCodes = {
  bad_request: { status: 400, title: "Bad Request" },
  invalid_json: { status: 400, title: "Invalid JSON body" },
  invalid_parameter: { status: 400, title: "Invalid parameter" },
  validation_failed: { status: 400, title: "Validation failed" },
  unauthorized: { status: 401, title: "Unauthorized" },
  forbidden: { status: 403, title: "Forbidden" },
  /** A billable action for a user who belongs to no billing account (docs/billing.md). */
  billing_required: { status: 403, title: "Billing account required" },
  not_found: { status: 404, title: "Not Found" },
  method_not_allowed: { status: 405, title: "Method Not Allowed" },
  conflict: { status: 409, title: "Conflict" },
  /** The spec: 409 also signals "limit exceeded" (lockouts, rate limits); always with Retry-After. */
  limit_exceeded: { status: 409, title: "Limit exceeded" },
  /** The billing account's balance cannot pay for the action; 409 as the spec's "limit exceeded" (the original platform sent 402). */
  credit_exhausted: { status: 409, title: "Credit exhausted" },
  payload_too_large: { status: 413, title: "Payload Too Large" },
  unsupported_media_type: { status: 415, title: "Unsupported Media Type" },
  internal_error: { status: 500, title: "Internal Server Error" },
  service_unavailable: { status: 503, title: "Service Unavailable" },
  /** Media: an upload would take the domain past MEDIA_QUOTA_BYTES. */
  quota_exceeded: { status: 409, title: "Quota exceeded" },
  /** Calls (docs/calls.md): a leg cannot make that change from its status (unhold a hung-up leg). */
  illegal_leg_state: { status: 409, title: "Illegal leg state" },
  /** POST /calls: a leg was busy, did not answer, failed, or is still ringing when the wait ends. */
  call_busy: { status: 409, title: "Call busy" },
  call_not_answered: { status: 409, title: "Call not answered" },
  call_failed: { status: 502, title: "Call failed" },
  call_pending: { status: 504, title: "Call not connected yet" },
  /** An Idempotency-Key sent again with a different request, or while its first request still runs. */
  idempotency_key_reused: { status: 409, title: "Idempotency key reused" },
  /** Guest calls (docs/tokens.md): the guest token is unknown, revoked, or outside its startDate-endDate window. */
  guest_token_refused: { status: 401, title: "Guest token refused" },
  /** Guest calls: maxConcurrent calls placed with the token are still going on. */
  guest_calls_exhausted: { status: 409, title: "Guest calls exhausted" },
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** OAuth Problem Reporting values sent with 401s (and some 400s) in WWW-Authenticate. */
export type OAuthProblem =
  | "parameter_absent"
  | "parameter_rejected"
  | "signature_invalid"
  | "signature_method_rejected"
  | "version_rejected"
  | "nonce_used"
  | "timestamp_refused"
  | "consumer_key_unknown"
  | "token_rejected"
  | "token_revoked"
  | "token_expired"
  | "token_used"
  | "verifier_invalid"
  | "permission_denied"
  | "body_hash_missing"
  | "body_hash_invalid";

/** The members every problem body has (RFC 9457 and ours); an extra member never replaces one. */
export const PROBLEM_MEMBERS = ["type", "title", "status", "detail", "code", "requestId", "oauthProblem"] as const;
export type ProblemMember = (typeof PROBLEM_MEMBERS)[number];

/** Extra members of a problem body: anything but the problem's own (a leg's status is legStatus, not status). */
export type ProblemExtra = Record<string, unknown> & { [K in ProblemMember]?: never };

export interface ApiErrorOptions {
  /** Extra response headers of the HTTP layer, e.g. Allow for 405 or Retry-After for lockouts. */
  headers?: Record<string, string>;
  /** Seconds to wait before trying again (sent as Retry-After): what feature code says instead of a header. */
  retryAfter?: number;
  /** The REST path (or URL) the problem points at, e.g. a call that did not connect (sent as Location, absolute). */
  location?: string;
  /** A 401's challenge in another scheme than OAuth (guest tokens: Bearer); the realm is added to it. */
  challenge?: { scheme: "Bearer"; params: Record<string, string> };
  /** Sent as oauth_problem in WWW-Authenticate and as oauthProblem in the body. */
  oauthProblem?: OAuthProblem;
  /** Extra OAuth problem parameters, e.g. { oauth_acceptable_timestamps: "a-b" }. */
  oauthParams?: Record<string, string>;
  /** What went wrong underneath: logged with the request id, never sent. */
  cause?: unknown;
  /** Extra machine-readable members of the problem body, e.g. { parameter: "count" }. */
  extra?: ProblemExtra;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly options: ApiErrorOptions;

  constructor(code: ErrorCode, detail: string, options: ApiErrorOptions = {}) {
    super(detail, { cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.status = errorCodes[code].status;
    this.title = errorCodes[code].title;
    this.options = options;
  }
}

export const notFound = (what: string) => new ApiError("not_found", `${what} was not found. Check the id, and that it belongs to your domain.`);

/** 400 for one bad query parameter, named in the problem body's `parameter`. */
export const invalidParameter = (parameter: string, detail: string) => new ApiError("invalid_parameter", detail, { extra: { parameter } });

/** One wrong input, as clients and portal forms read it: the field and what is wrong with it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * 400 for wrong input: the detail says "field: message" (or `detail` when a sentence reads better),
 * and `errors: [{field, message}]` names each field for clients and for the portal's forms.
 */
export function fieldError(field: string, message: string, options: { detail?: string; extra?: ProblemExtra } = {}): ApiError {
  return fieldErrors([{ field, message }], options);
}

/** 400 naming several fields at once; `code` is invalid_parameter for the query string and path. */
export function fieldErrors(
  errors: FieldProblem[],
  options: { detail?: string; extra?: ProblemExtra; code?: "validation_failed" | "invalid_parameter" } = {},
): ApiError {
  const detail = options.detail ?? errors.map((e) => `${e.field}: ${e.message}`).join("; ");
  return new ApiError(options.code ?? "validation_failed", detail, { extra: { ...options.extra, errors } });
}
