import type { Contract } from "@/lib/http/rest/contract";

// Examples for every property of the OpenAPI document (issue 26, fix 9). Swagger UI builds each
// sample from the schema: without an example an integer showed zod's safe-integer bound
// (-9007199254740991) and a date-time a string generated from its pattern (3600-02-29...). Every
// leaf property gets an example: first the value the contracts' own request examples give a
// property of that name, then a realistic value for its name, format or type. Dates are the time
// the document is built, so the reference reads as "now".

type Schema = Record<string, unknown> & {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  example?: unknown;
  minimum?: number;
  maximum?: number;
};

const SAFE = Number.MAX_SAFE_INTEGER;

/** Realistic ids, by the component that holds an `id` (what an id looks like differs per resource). */
const ID_BY_COMPONENT: Record<string, unknown> = {
  Application: "acme:helpdesk",
  Domain: "acme",
  Event: "evt_mhx3k2a9Qe7rTz0bVn4LcA",
  ReceivedDelivery: "7d0c2b1e-4f6a-4e8b-9a3d-2c5e8f1b6a40",
  Device: "tel:+447700900123",
  PurposeNumber: "service:447700900456",
  Call: 1042,
  CallLeg: "tel:+12025550143",
  Message: "inbox:0f3e2a1b-6c5d-4e7f-8a9b-1c2d3e4f5a6b",
  Service: "transcription:simulated",
  Label: "follow-up",
  MediaFolder: "uploads",
  MediaFile: "uploads/greeting.mp3",
  GuestToken: "gt_3mQx8Rk2Lw",
  GuestCall: 1043,
  LedgerEntry: "9b1f6e2a-3c4d-4e5f-8a7b-6c5d4e3f2a1b",
};

/** Properties whose meaning depends on the resource: their example comes from the component, never from another contract's request. */
const GENERIC = new Set(["id", "name", "type", "title", "status", "body", "label", "key", "description"]);
const BY_COMPONENT: Record<string, Record<string, unknown>> = {
  Problem: {
    type: "https://switchboard.example/docs/api#error-not_found",
    title: "Not Found",
    status: 404,
    detail: "User 0b9e6c2f-5a3d-4f1e-8c7b-2d4a6e8f0a13 was not found. Check the id, and that it belongs to your domain.",
  },
  Domain: { name: "acme" },
  Application: { name: "helpdesk" },
  Billing: { name: "Acme main account" },
  LedgerEntry: { description: "SMS to tel:+12025550143" },
  MediaFile: { name: "greeting.mp3" },
  MediaFolder: { name: "prompts" },
  MediaFolderDetails: { name: "prompts" },
  Event: { type: "TestEvent" },
  ReceivedDelivery: { type: "TestEvent", body: "Json=%7B%22id%22%3A%22evt_mhx3k2a9Qe7rTz0bVn4LcA%22%2C%22type%22%3A%22TestEvent%22%7D" },
  Message: { type: "InboundSms", title: "Running late", body: "Running ten minutes late." },
  Service: { name: "Simulated transcription", type: "transcription" },
  Label: { name: "follow-up" },
  User: { status: "active" },
  PurposeNumber: { status: "active" },
  Device: { name: "Work mobile", label: "work", key: "1" },
  GuestCall: { status: "CONNECTED" },
  UpdateMessage: { status: "READ", title: "Running late" },
};
/** What a generic property shows in a component without its own value. */
const GENERIC_DEFAULTS: Record<string, unknown> = {
  description: "Answers the support line and texts customers back.",
  name: "helpdesk",
  title: "Greeting",
  status: "active",
  body: "Running ten minutes late.",
  label: "work",
  key: "1",
  type: "TestEvent",
};

/** Each names another resource: one uuid per name, so a user's guid, its creator and its account differ. */
const UUID_NAMES = /^(guid|user|createdBy|owner|accountId)$/;
const UUIDS = [
  "2f7c9a41-6b3e-4d8a-b5c1-9e0d4f6a2b73",
  "d4a81c3e-7f25-4b9d-8e60-1a3c5e7f9b02",
  "0b9e6c2f-5a3d-4f1e-8c7b-2d4a6e8f0a13",
  "5c1d7e9a-2b4f-4a6c-9e8d-7f3b1a5c9e27",
  "8e4a2c6b-1d3f-4b5e-a7c9-3e5f7a9b1c48",
];

/** "+1 day" offsets for dates that lie ahead. */
const FUTURE_DATES = /^(expires|nextAttempt|paidUntil|watchingUntil|endDate|until)$/;

function byName(name: string, schema: Schema, component: string, now: Date): unknown {
  const iso = (ms: number) => new Date(Math.floor((now.getTime() + ms) / 1000) * 1000).toISOString();
  if (schema.format === "date-time") return FUTURE_DATES.test(name) ? iso(86_400_000) : iso(-60_000);
  if (schema.format === "date") return iso(0).slice(0, 10);
  if (schema.format === "uuid" || UUID_NAMES.test(name)) return UUIDS[[...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % UUIDS.length];
  if (schema.format === "uri" || /url$/i.test(name)) return "https://api.acme.example/hooks/switchboard";
  if (name === "id" && ID_BY_COMPONENT[component] !== undefined) return ID_BY_COMPONENT[component];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "integer" || type === "number") {
    const table: Record<string, number> = {
      status: 404,
      duration: 42,
      attempts: 1,
      size: 48213,
      quantity: 1,
      id: 1042,
      latencyMs: 87,
      statusCode: 200,
      offsetSeconds: 0,
    };
    const value =
      table[name] ?? (typeof schema.minimum === "number" && schema.minimum > 0 && schema.minimum < SAFE ? Math.max(schema.minimum, 1) : 1);
    return typeof schema.maximum === "number" && schema.maximum < value ? schema.maximum : value;
  }
  if (type === "boolean") return undefined; // Swagger UI's true is fine
  if (type !== "string") return undefined;
  const strings: Record<string, string> = {
    login: "ada",
    password: "correct-horse-battery",
    firstName: "Ada",
    lastName: "Lovelace",
    domain: "acme",
    name: "helpdesk",
    displayName: "Acme helpdesk",
    description: "Answers the support line and texts customers back.",
    email: "ada@acme.example",
    from: "tel:+447700900123",
    to: "tel:+12025550143",
    sender: "tel:+447700900123",
    dest: "tel:+12025550143",
    caller: "tel:+447700900123",
    callee: "tel:+12025550143",
    callerId: "tel:+447700900456",
    callerid: "tel:+447700900456",
    callerID: "tel:+447700900456",
    address: "tel:+447700900123",
    body: "Running ten minutes late.",
    folder: "inbox",
    locale: "en-GB",
    currency: "GBP",
    balance: "12.50",
    amount: "-0.04",
    unitPrice: "0.04",
    lowCreditThreshold: "2.00",
    type: "NewMessage",
    eventId: "evt_mhx3k2a9Qe7rTz0bVn4LcA",
    application: "acme:helpdesk",
    label: "Work mobile",
    key: "1",
    transcript: "Hi, it's Ada. Call me back when you can.",
    contentType: "audio/mpeg",
    version: "1.0",
    reason: "no answer",
    verification: "signature valid",
    requestId: "req_5f3a9c1e2b7dQx0A",
    detail: "login must be 1 to 64 letters, digits, dots, dashes or underscores.",
    title: "Validation failed",
    carrier: "Simulated",
    mediaUri: "/rest/1.0/media/acme/uploads/greeting.mp3",
    location: "/rest/1.0/devices/0b9e6c2f-5a3d-4f1e-8c7b-2d4a6e8f0a13/tel:+447700900123",
    reference: "top-up 2026-11",
    item: "sms",
    announce: "Please hold while we connect you.",
    verifyCode: "123456",
    id: "helpdesk",
    pwdStatus: "ok",
    status: "active",
    calleeStatus: "answered",
    file: "call-1042-recording.mp3",
    stoptones: "#",
    stopTones: "#",
    transactionId: "play-1",
    value: "/rest/1.0/media/acme/uploads/greeting.mp3",
    oauthProblem: "signature_invalid",
    createdWith: "portal",
    checkDetail: "Call forwarding works: the test call reached voicemail.",
    responseExcerpt: "ok",
    error: "no response within 15000 ms",
    callId: "1042",
    destination: "tel:+12025550143",
    token: "gt_3mQx8Rk2LwVd7pZs",
  };
  return strings[name];
}

/** Primitive values the contracts' request examples give each property name (the first one wins). */
export function contractExampleValues(contracts: Contract[]): Map<string, unknown> {
  const values = new Map<string, unknown>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    for (const [key, v] of Object.entries(value)) {
      if (v !== null && typeof v !== "object" && !values.has(key)) values.set(key, v);
      else visit(v);
    }
  };
  contracts.forEach((c) => visit(c.example));
  return values;
}

const isLeaf = (s: Schema) => !s.properties && !s.items && !s.$ref && !(s.anyOf ?? s.oneOf ?? s.allOf)?.some((x) => x.properties || x.$ref);

/** The schema a nullable or optional wrapper (anyOf [X, null]) stands for. */
const unwrap = (s: Schema): Schema => (s.anyOf ?? s.oneOf)?.find((x) => x.type !== "null") ?? s;

/**
 * Adds examples in place to every schema of an OpenAPI document: leaf properties get one (a value
 * a request example of the contracts gives that name, if its type fits, else a realistic one), and
 * integer bounds that are only JavaScript's safe-integer range are dropped.
 */
export function addExamples(
  document: { components?: { schemas?: Record<string, unknown> }; paths?: unknown },
  contracts: Contract[],
  now = new Date(),
): void {
  const fromContracts = contractExampleValues(contracts);
  const bodyExamples = new Map<string, Record<string, unknown>>();
  for (const c of contracts) {
    const id = (c.body as { meta?: () => { id?: string } | undefined } | undefined)?.meta?.()?.id;
    if (id && c.example) bodyExamples.set(id, c.example);
  }
  const walk = (node: unknown, component: string) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, component));
    if (!node || typeof node !== "object") return;
    const schema = node as Schema;
    if (schema.minimum === -SAFE) delete schema.minimum;
    if (schema.maximum === SAFE) delete schema.maximum;
    if (schema.properties && typeof schema.properties === "object") {
      for (const [name, property] of Object.entries(schema.properties)) {
        if (!property || typeof property !== "object" || property.example !== undefined || property.enum || !isLeaf(property)) continue;
        const target = unwrap(property);
        if (target.enum) continue;
        const type = Array.isArray(target.type) ? target.type[0] : target.type;
        // A request body's own contract example first; a generic name ("type", "name") only from its own component.
        const own = bodyExamples.get(component)?.[name];
        const given =
          own !== undefined && (own === null || typeof own !== "object")
            ? own
            : name === "id" && ID_BY_COMPONENT[component] !== undefined
              ? ID_BY_COMPONENT[component]
              : UUID_NAMES.test(name)
                ? undefined
                : GENERIC.has(name)
                  ? (BY_COMPONENT[component]?.[name] ?? GENERIC_DEFAULTS[name])
                  : fromContracts.get(name);
        const fits = given !== undefined && given !== null && typeof given === (type === "integer" ? "number" : type) && target.format === undefined;
        const example = fits ? given : GENERIC.has(name) && name !== "id" ? undefined : byName(name, target, component, now);
        if (example !== undefined) property.example = example;
      }
    }
    for (const [key, value] of Object.entries(schema)) if (key !== "example") walk(value, component);
  };
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) walk(schema, name);
  walk(document.paths, "");
}

/** What the API covers, for the document's description (one sentence per area). */
export const API_SUMMARY = [
  "The REST API of Switchboard, a self-hosted communications platform.",
  "Users and their domains; applications (consumer keys, notification URLs); login sessions, OAuth access tokens (xAuth, three-legged) and guest call tokens;",
  "devices: verified phones and email addresses, and purpose numbers for calls and SMS; calls with their legs (dial, answer, record, play, DTMF, hang up);",
  "messages: SMS sent and received with delivery reports, voicemail with MP3 audio and transcripts, folders and labels; transcription services;",
  "media folders and files with ACLs and signed download links; billing accounts with their ledger and prices;",
  "signed webhook events with a delivery log, replay and a built-in receiver to watch them; the telephony simulator's clock and inbound calls and SMS; health.",
  "Every request except the public ones is signed with OAuth 1.0a (HMAC-SHA1): two-legged " +
    "with the consumer key and secret, or with a user's access token. Errors are RFC 9457 " +
    "problem documents.",
].join(" ");
