import type { Actor, ApiActor } from "@/lib/core/tenancy/actor";

/** A streamed body's hash check, fed chunk by chunk (the OAuth verifier's StreamedBodyCheck). */
export interface BodyCheck {
  update(chunk: Uint8Array): void;
  /** Throws when the body does not match the signed hash. */
  verify(): void;
}

export interface AuthApplication {
  id: string;
  /** Public id "<domain>:<name>". */
  publicId: string;
  name: string;
  domainId: string;
}

export interface AuthUser {
  id: string;
  login: string;
  domainId: string;
}

/** Who is calling: the application (agent) always, the user (requestor) when a token is used. */
export interface AuthContext {
  application: AuthApplication;
  /** Null for two-legged requests, signed with the consumer secret alone. */
  user: AuthUser | null;
  domain: { id: string; name: string };
  token: { id: string; scope: "read-write" | "read-only" } | null;
  /** The request token that signed the request (auth mode "request-token" only). */
  requestTokenId?: string;
  /** The verified oauth_*, xoauth_* and x_auth_* parameters (e.g. x_auth_username, oauth_verifier). */
  oauth: Record<string, string>;
  /** A streamed body's oauth_body_hash (or xoauth_body_signature): fed and verified by the handler. */
  bodyCheck?: BodyCheck;
}

export interface RestContext {
  requestId: string;
  request: Request;
  url: URL;
  /** The raw request body as received (empty string when none). */
  rawBody: string;
  /** Set by OAuth authentication; null on operations declared auth "none", "guest-token" or "capability". */
  auth: AuthContext | null;
  /** The caller as the tenancy module sees it; null with auth "none", "guest-token" and "capability". */
  actor: Actor | null;
  /** What the credential of a "guest-token" or "capability" operation grants (its contract's check); undefined otherwise. */
  grant?: unknown;
}

/** A context whose caller is known: what handlers of authenticated operations receive. */
export type AuthedContext = RestContext & { auth: AuthContext; actor: Actor };

/** A context of an operation whose credential is not OAuth: what it grants instead of an actor. */
export type GrantedContext<Grant> = RestContext & { grant: Grant };

/** The caller as the tenancy module sees it. */
export function actorOf(auth: AuthContext): ApiActor {
  const base = {
    applicationId: auth.application.id,
    applicationPublicId: auth.application.publicId,
    domainId: auth.domain.id,
    domainName: auth.domain.name,
  };
  return auth.user ? { kind: "user", ...base, userId: auth.user.id, tokenId: auth.token?.id ?? null } : { kind: "application", ...base };
}
