import type { AccessToken, Application, Domain } from "@prisma/client";
import { decryptSecret } from "@/lib/core/crypto/secret-box";
import { prisma } from "@/lib/core/db/client";
import { broadcast, onBroadcast } from "@/lib/core/workers";

// What every signed request needs before it can check a signature: the application with its
// decrypted consumer secret, and the access token with its secret and user. Held for at most
// CREDENTIAL_CACHE_TTL_MS, so a change made by another instance (suspension, rotation, revocation)
// applies there within that window; a change made in this instance forgets the cache at once, in
// every web worker of the instance (the launcher relays it, lib/core/workers.ts).

export const CREDENTIAL_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

export type CachedApplication = (Application & { domain: Domain; consumerSecret: string }) | null;
export type CachedAccessToken =
  (AccessToken & { tokenSecret: string; user: { id: string; login: string; domainId: string; suspended: boolean } }) | null;

class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = await load();
    // Unknown keys are held too (as null), so a flood of made-up keys does not reach the database.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, expires: now + CREDENTIAL_CACHE_TTL_MS });
    return value;
  }

  clear() {
    this.entries.clear();
  }
}

// One pair per process: Next.js bundles route handlers and server actions separately, and a change
// made in the portal must reach the cache the REST routes read.
const shared = globalThis as unknown as {
  credentialCaches?: { applications: TtlCache<CachedApplication>; accessTokens: TtlCache<CachedAccessToken> };
};
const { applications, accessTokens } = (shared.credentialCaches ??= { applications: new TtlCache(), accessTokens: new TtlCache() });

export function cachedApplication(consumerKey: string): Promise<CachedApplication> {
  return applications.get(consumerKey, async () => {
    const app = await prisma.application.findUnique({ where: { consumerKey }, include: { domain: true } });
    return app && { ...app, consumerSecret: decryptSecret(app.consumerSecretEnc) };
  });
}

export function cachedAccessToken(token: string): Promise<CachedAccessToken> {
  return accessTokens.get(token, async () => {
    const row = await prisma.accessToken.findUnique({
      where: { token },
      include: { user: { select: { id: true, login: true, domainId: true, suspended: true } } },
    });
    return row && { ...row, tokenSecret: decryptSecret(row.secretEnc) };
  });
}

const FORGET_TOPIC = "credentials-changed";

function forgetHere(): void {
  applications.clear();
  accessTokens.clear();
}

// Once per process: every bundle shares the caches above, so one listener clears them.
(shared as { credentialCacheListening?: boolean }).credentialCacheListening ??= (onBroadcast(FORGET_TOPIC, forgetHere), true);

/** Call after any change to an application, an access token or a user: this instance (all its web workers) sees it at once. */
export function forgetCachedCredentials(): void {
  forgetHere();
  broadcast(FORGET_TOPIC, null);
}
