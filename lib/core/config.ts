import path from "node:path";
import { z } from "zod";
import { DEFAULT_PRICES, priceTableJson, type PriceTable } from "@/lib/core/price-table";

// Every environment variable the product reads, validated once. .env.example lists them all.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /**
   * Web workers `npm start` runs (docs/deploy.md), sharing PORT. Unset: the launcher chooses one per
   * core, no more than the machine's memory holds (defaultWebWorkers in lib/core/workers.ts), and
   * sets it for the workers it starts.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL: a new connection that is not up within this many ms fails (503), so a database that is down or unreachable never leaves requests hanging. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** Set by the launcher for the server it starts: "1" when DATABASE_URL is the embedded PGlite. */
  DB_EMBEDDED: z.enum(["0", "1"]).default("0"),
  /** Set by the launcher: one boot id for the calls of all its web workers (lib/calls/boot-id.ts). */
  CALLS_BOOT_ID: z.string().min(1).optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes, base64-encoded (openssl rand -base64 32)")
    .optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
  AUTH_GITHUB_ID: z.string().optional(),
  AUTH_GITHUB_SECRET: z.string().optional(),
  AUTH_GOOGLE_ID: z.string().optional(),
  AUTH_GOOGLE_SECRET: z.string().optional(),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** Media (docs/media.md): the largest file an upload may store (413 past it), at most 2 GiB - 1. */
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .default(100 * 1024 * 1024),
  /** Media bytes a domain may keep in all (409 quota_exceeded past it); 0: no quota. */
  MEDIA_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 * 1024 * 1024),
  /** How often the orphan-blob sweep runs (docs/media.md); it also runs once at start. */
  MEDIA_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(600_000),
  /** How often the scheduler looks for purpose numbers due for renewal (docs/numbers.md): numbers renew by the month. */
  NUMBER_RENEWAL_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  /** Set: media bytes go to this S3-compatible bucket instead of DATA_DIR/media (several app instances). */
  S3_BUCKET: z.string().min(1).optional(),
  /** An S3-compatible service's URL (MinIO, Ceph, s3rver...); unset: AWS. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** true: bucket in the path (most S3-compatible services), not in the host name. */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  /** Prepended to every object key, to share a bucket. */
  S3_PREFIX: z.string().default(""),
  /** Optional: shared rate limits, nonce and cache invalidation across instances. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  /** Tests turn this on: every REST reply is checked against its contract (a mismatch is a 500). */
  VALIDATE_RESPONSES: z.enum(["true", "false"]).default("false"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** Reverse proxies in front of the server whose X-Forwarded-For entries are believed (0: none, the socket address counts). */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Sign-in throttling (docs/security.md): free failures per address and account, then doubling delays up to the cap. */
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).max(100_000).default(100),
  LOGIN_ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * REST rate limits (docs/security.md, "Rate limits"): token buckets that hold this many requests and
   * refill completely in RATE_LIMIT_WINDOW_SECONDS. Per user access token; per application for requests
   * signed without a user token (two-legged, login, request tokens); per consumer key for all its
   * requests together; per client address for unsigned requests and failed signatures.
   */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(15),
  RATE_LIMIT_USER_TOKEN: z.coerce.number().int().min(1).max(10_000_000).default(300),
  RATE_LIMIT_TWO_LEGGED: z.coerce.number().int().min(1).max(10_000_000).default(150),
  RATE_LIMIT_CONSUMER_KEY: z.coerce.number().int().min(1).max(10_000_000).default(3000),
  RATE_LIMIT_UNSIGNED: z.coerce.number().int().min(1).max(10_000_000).default(60),
  /** Prefix of the rate limits' Redis keys (instances sharing a budget use the same one). */
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).max(100).default("ratelimit:"),
  /** Unset: private webhook targets are allowed only when HOST is a loopback address. */
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).optional(),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(ms|s|m|h)(\s*,\s*\d+(ms|s|m|h))*\s*$/, "a comma-separated list of delays such as 5s,5m,30m,2h")
    .default("5s,5m,30m,2h,5h,10h,10h"),
  DELIVERY_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000),
  DELIVERY_SCHEDULER: z.enum(["on", "off"]).default("on"),
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Unset: mail goes to the dev mailbox in the database (the portal's Mailbox page). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must look like smtp://user:pass@host:587 or smtps://host:465")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Switchboard <no-reply@localhost>"),
  /** How long an email verification code and link stay valid. */
  EMAIL_CODE_TTL: z
    .string()
    .regex(/^\s*\d+(ms|s|m|h)\s*$/, "a duration such as 24h, 30m or 90s")
    .default("24h"),
  /** Days a released purpose number rests before it can be given to someone else. */
  NUMBER_QUARANTINE_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** The pricing table as JSON (docs/billing.md); unset: the built-in fictional prices. */
  BILLING_PRICES: priceTableJson.optional(),
  /** Messages (docs/messages.md): how long the SMS simulator takes to report a delivery (or a failure). */
  SMS_SIMULATOR_REPORT_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** Messages (docs/messages.md, "SMPP"): what carries SMS: the in-process simulator, or a carrier's SMSC over SMPP (SMPP_URL). */
  SMS_ENGINE: z.enum(["simulator", "smpp"]).default("simulator"),
  /** The SMSC: smpp://system_id:password@host:port (percent-encode reserved characters); required with SMS_ENGINE=smpp. */
  SMPP_URL: z
    .url({ protocol: /^smpp$/ })
    .refine((v) => new URL(v).username !== "", "must name the system_id: smpp://system_id:password@host:port")
    .optional(),
  /** The bind's system_type, when the carrier asks for one (at most 12 characters). */
  SMPP_SYSTEM_TYPE: z.string().max(12).default(""),
  /** Type of number and numbering plan of the sender address (SMPP 3.4, 5.2.5 and 5.2.6): 1/1 is international E.164. */
  SMPP_SOURCE_TON: z.coerce.number().int().min(0).max(6).default(1),
  SMPP_SOURCE_NPI: z.coerce.number().int().min(0).max(18).default(1),
  /** The throughput the carrier allows: submit_sm (one per part) per second, across this process. */
  SMPP_SUBMITS_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(10),
  /** An enquire_link keeps the bind alive this often (ms). */
  SMPP_ENQUIRE_LINK_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Calls (docs/calls.md): what carries them; "simulator" (default) is deterministic and in-process, "sip" rings real phones (docs/calls.md, "SIP"). */
  TELEPHONY_ENGINE: z.enum(["simulator", "sip"]).default("simulator"),
  /**
   * SIP engine: where its user agent and the calls' dialogs live. "separate": in the telephony
   * engine's own process, which takes the web processes' commands through the database (docs/calls.md,
   * "The engine's own process"); "inline": in the web process. Unset: `npm start` runs it separate, a bare web process inline.
   */
  TELEPHONY_PROCESS: z.enum(["inline", "separate"]).optional(),
  /** SIP engine: where tel: and E.164 numbers are sent, e.g. `sip:trunk.example.net:5060` (unset: numbers cannot be dialled). */
  SIP_TRUNK_URI: z
    .string()
    .regex(/^sips?:[^\s]+$/, "must be a sip: URI, e.g. sip:trunk.example.net:5060")
    .optional(),
  /** SIP engine: the trunk's digest credentials (answers to its 401/407 challenges). */
  SIP_TRUNK_USERNAME: z.string().min(1).optional(),
  SIP_TRUNK_PASSWORD: z.string().optional(),
  /** SIP engine: the address its user agent binds and writes into Via and Contact (one the phones and the trunk reach). */
  SIP_BIND_HOST: z.string().min(1).default("127.0.0.1"),
  /** SIP engine: the UDP port it binds (0: any free port). */
  SIP_BIND_PORT: z.coerce.number().int().min(0).max(65535).default(5060),
  /** SIP engine: the transport of a sip: address (or SIP_TRUNK_URI) that names none with ;transport= (docs/calls.md, "SIP"). */
  SIP_TRANSPORT: z.enum(["udp", "tcp"]).default("udp"),
  /** SIP engine: a leg ringing this long is cancelled and reads NOANSWER (the second leg of a call at most 28 s: RFC 3725 flow I). */
  SIP_RING_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  /** Simulator: how long an ordinary number rings before it answers (simulated ms). */
  SIMULATOR_RING_MS: z.coerce.number().int().min(0).max(600_000).default(300),
  /** How often the server fires the engine's due actions (ms). */
  TELEPHONY_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** POST /calls waits this long (real ms) for the first two legs to answer before answering 504 call_pending. */
  CALL_CONNECT_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(15_000),
  /** Transcription (docs/messages.md, "Services"): an OpenAI-compatible server's base URL; the provider posts to <URL>/v1/audio/transcriptions. */
  TRANSCRIPTION_OPENAI_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Sent as "Authorization: Bearer <key>" when set. */
  TRANSCRIPTION_OPENAI_KEY: z.string().min(1).optional(),
  /** The model field of the request (whisper-1 for OpenAI; servers such as whisper.cpp's ignore it). */
  TRANSCRIPTION_OPENAI_MODEL: z.string().min(1).max(200).default("whisper-1"),
  /** A request that has not answered within this many ms fails (and is retried). */
  TRANSCRIPTION_OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** The local provider's recogniser: Debian's pocketsphinx (apt-get install pocketsphinx pocketsphinx-en-us). */
  TRANSCRIPTION_POCKETSPHINX_COMMAND: z.string().min(1).default("pocketsphinx_continuous"),
  TRANSCRIPTION_LOCAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  /** The waits between attempts when a provider fails (one more attempt per delay), then the message is notAvailable. */
  TRANSCRIPTION_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(ms|s|m|h)(\s*,\s*\d+(ms|s|m|h))*\s*$/, "a comma-separated list of delays such as 2s,10s")
    .default("2s,10s"),
  DEMO_DEVELOPER_EMAIL: z.email().default("demo@example.com"),
  DEMO_DEVELOPER_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  DEMO_DOMAIN: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{0,62}$/, "lowercase letters, digits, dot and dash")
    .default("demo"),
  DEMO_APP_NAME: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/, "letters, digits, dot, dash, underscore")
    .default("demo-app"),
  DEMO_CONSUMER_KEY: z.string().min(8).max(128).optional(),
  DEMO_CONSUMER_SECRET: z.string().min(16).max(256).optional(),
});

/** Every variable the product reads (.env.example must list exactly these). */
export const CONFIG_VARIABLES = Object.keys(schema.shape);

export type Config = z.infer<typeof schema> & {
  publicUrl: string;
  dataDir: string;
  retryScheduleMs: number[];
  webhookAllowPrivate: boolean;
  emailCodeTtlMs: number;
  billingPrices: PriceTable;
  transcriptionRetryMs: number[];
};

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * Whether webhooks may target private, loopback and other special-purpose addresses: as set, or
 * (unset) only when the server listens on loopback alone, so nobody else can register a URL.
 */
export function webhookPrivateTargetsAllowed(env: { WEBHOOK_ALLOW_PRIVATE?: string; HOST?: string }): boolean {
  if (env.WEBHOOK_ALLOW_PRIVATE === "true" || env.WEBHOOK_ALLOW_PRIVATE === "false") return env.WEBHOOK_ALLOW_PRIVATE === "true";
  return LOOPBACK_HOST.test(env.HOST || "0.0.0.0");
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** "5s,5m,2h" -> [5000, 300000, 7200000] */
export function parseDelays(list: string): number[] {
  return list.split(",").map((item) => {
    const m = /^(\d+)(ms|s|m|h)$/.exec(item.trim())!;
    return Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  });
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError that names the variable and the rule. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(blanksRemoved);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nFix the variable(s) above (see .env.example).`);
  }
  const c = result.data;
  if (c.SMS_ENGINE === "smpp" && !c.SMPP_URL) {
    throw new ConfigError(
      "Invalid configuration:\n  SMPP_URL: required with SMS_ENGINE=smpp (smpp://system_id:password@host:port)\nFix the variable(s) above (see .env.example).",
    );
  }
  return {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(c.DATA_DIR),
    retryScheduleMs: parseDelays(c.WEBHOOK_RETRY_SCHEDULE),
    webhookAllowPrivate: webhookPrivateTargetsAllowed(c),
    emailCodeTtlMs: parseDelays(c.EMAIL_CODE_TTL)[0]!,
    billingPrices: c.BILLING_PRICES ?? DEFAULT_PRICES,
    transcriptionRetryMs: parseDelays(c.TRANSCRIPTION_RETRY_SCHEDULE),
  };
}

let cached: Config | undefined;
export function config(): Config {
  return (cached ??= loadConfig());
}

/** Reads the environment again: for the launcher once it has filled in generated secrets, and for tests. */
export function reloadConfig(): Config {
  cached = undefined;
  return config();
}
