// Known seed values for tests: the launcher reads them from the environment (DEMO_*).
export const demo = {
  developerEmail: "dev@example.com",
  developerPassword: "test-password-123",
  domain: "demo",
  appName: "demo-app",
  consumerKey: "ck_test_demo_consumer_key",
  consumerSecret: "cs_test_demo_consumer_secret_0123456789",
};

export function demoEnv(): Record<string, string> {
  return {
    DEMO_DEVELOPER_EMAIL: demo.developerEmail,
    DEMO_DEVELOPER_PASSWORD: demo.developerPassword,
    DEMO_DOMAIN: demo.domain,
    DEMO_APP_NAME: demo.appName,
    DEMO_CONSUMER_KEY: demo.consumerKey,
    DEMO_CONSUMER_SECRET: demo.consumerSecret,
  };
}

/**
 * Test servers get rate limits no suite reaches (the fuzz and battery tests send thousands of requests
 * from one token and one address); e2e/api/rate-limits.test.ts starts its own servers with small ones.
 */
export function generousRateLimitEnv(): Record<string, string> {
  return {
    RATE_LIMIT_USER_TOKEN: "1000000",
    RATE_LIMIT_TWO_LEGGED: "1000000",
    RATE_LIMIT_CONSUMER_KEY: "1000000",
    RATE_LIMIT_UNSIGNED: "1000000",
  };
}

/** A second tenant (developer, domain, application) that tests must never be able to reach. */
export const otherTenant = {
  developerEmail: "other-dev@example.com",
  developerPassword: "other-password-123",
  domain: "other",
  appName: "other-app",
  consumerKey: "ck_test_other_consumer_key",
  consumerSecret: "cs_test_other_consumer_secret_0123456789",
};

/** Applications in the other domain: one suspended, one with two-legged requests turned off. */
export const specialApps = {
  /** Its notification URL is pointed at receivers the events tests start; signing secret known. */
  events: {
    name: "events-app",
    consumerKey: "ck_test_events",
    consumerSecret: "cs_test_events_secret_0123456789abc",
    webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  },
  suspended: { name: "suspended-app", consumerKey: "ck_test_suspended", consumerSecret: "cs_test_suspended_secret_0123456789" },
  noTwoLegged: { name: "three-legged-only", consumerKey: "ck_test_no2legged", consumerSecret: "cs_test_no2legged_secret_012345678" },
  /** requireSignedBodies: JSON bodies must carry oauth_body_hash or xoauth_body_signature. */
  signedBodies: { name: "signed-bodies", consumerKey: "ck_test_signed_bodies", consumerSecret: "cs_test_signed_bodies_secret_0123456" },
  /** The original clients' settings: browser tunnel, legacy OAuth 1.0 flow, service provider, loopback callbacks. */
  legacy: { name: "legacy-app", consumerKey: "ck_test_legacy", consumerSecret: "cs_test_legacy_secret_0123456789abc" },
  /** Watched at its built-in receiver by lib/events/events-receiver.api.test.ts; signing secret known. */
  watch: {
    name: "watch-app",
    consumerKey: "ck_test_watch",
    consumerSecret: "cs_test_watch_secret_0123456789abcde",
    webhookSecret: "whsec_C2FtcGxlLXdhdGNoLXNlY3JldC0wMTIzNDU2Nzg5",
  },
  /** Marked as a test tool: it may move the other domain's simulator clock (docs/calls.md). */
  testTool: { name: "test-tool", consumerKey: "ck_test_test_tool", consumerSecret: "cs_test_test_tool_secret_0123456789" },
};
