import type { Prisma, PrismaClient } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import type { Actor } from "./actor";
import {
  accessTokenScope,
  applicationScope,
  billingAccountScope,
  callScope,
  domainScope,
  eventScope,
  guestTokenScope,
  mailboxScope,
  managedDomainScope,
  messageScope,
  ownApplicationScope,
  userScope,
} from "./scope";

// The per-actor data access (docs/architecture.md, "Scoped data access"): `scopedDb(actor)` is the
// Prisma client with each tenant-owned model's scope put into the where of every query, so a feature
// function that forgets it still finds only the actor's rows; a create is checked against its owner.

type Where = Record<string, unknown>;
type Operation = "read" | "write" | "delete";

/** How a model is scoped: its where per kind of operation, and for a create the owner row that must be in scope. */
interface ModelScope {
  where: (actor: Actor, operation: Operation) => Where;
  /** The foreign key a created row names and the scoped model it points at (the owner checked before the insert). */
  owner?: { field: string; model: Prisma.ModelName };
}

/**
 * What the extension does with each model. Typed over every model of the schema, so a new model does not
 * compile until it is classified: scoped here, or named below with the reason it is not.
 */
const SCOPES = {
  Domain: { where: (actor, operation) => (operation === "delete" ? managedDomainScope(actor) : domainScope(actor)) },
  User: { where: (actor) => userScope(actor), owner: { field: "domainId", model: "Domain" } },
  Application: {
    where: (actor, operation) => (operation === "read" ? applicationScope(actor) : ownApplicationScope(actor)),
    owner: { field: "domainId", model: "Domain" },
  },
  Device: { where: (actor) => ({ user: userScope(actor) }), owner: { field: "userId", model: "User" } },
  MailboxMessage: { where: (actor) => mailboxScope(actor) },
  AccessToken: { where: (actor) => accessTokenScope(actor), owner: { field: "userId", model: "User" } },
  Event: { where: (actor) => eventScope(actor), owner: { field: "applicationId", model: "Application" } },
  DeliveryAttempt: { where: (actor) => ({ event: eventScope(actor) }), owner: { field: "eventId", model: "Event" } },
  ReceivedDelivery: { where: (actor) => ({ application: ownApplicationScope(actor) }), owner: { field: "applicationId", model: "Application" } },
  BillingAccount: { where: (actor) => billingAccountScope(actor) },
  LedgerEntry: { where: (actor) => ({ account: billingAccountScope(actor) }), owner: { field: "accountId", model: "BillingAccount" } },
  Message: { where: (actor) => messageScope(actor), owner: { field: "userId", model: "User" } },
  MessageRecipient: { where: (actor) => ({ message: messageScope(actor) }), owner: { field: "messageId", model: "Message" } },
  UserService: { where: (actor) => ({ user: userScope(actor) }), owner: { field: "userId", model: "User" } },
  Call: { where: (actor) => callScope(actor), owner: { field: "userId", model: "User" } },
  CallLeg: { where: (actor) => ({ call: callScope(actor) }), owner: { field: "callId", model: "Call" } },
  SimulatorClock: { where: (actor) => ({ domain: domainScope(actor) }), owner: { field: "domainId", model: "Domain" } },
  GuestToken: { where: (actor) => guestTokenScope(actor), owner: { field: "userId", model: "User" } },
  GuestCall: { where: (actor) => ({ token: guestTokenScope(actor) }), owner: { field: "tokenId", model: "GuestToken" } },
} satisfies Partial<Record<Prisma.ModelName, ModelScope>>;

type ScopedModel = keyof typeof SCOPES;

/**
 * Models the extension passes through unchanged, and why. Not tenant data: the developers themselves,
 * the shared number inventory (reached through a device), OAuth and rate-limit bookkeeping, replay
 * records, the simulator's and the voicemail job's queues. Media: its area scopes it (lib/media/media-scope.ts:
 * ACL levels per item; no relation to Domain through which a developer's domains could be matched).
 */
const UNSCOPED = {
  Developer: "the tenants themselves; the portal session names one",
  PhoneNumber: "the shared inventory; a held number is reached through its device",
  RequestToken: "OAuth bookkeeping before a user exists",
  OAuthNonce: "OAuth bookkeeping",
  LoginFailure: "rate-limit bookkeeping",
  IdempotencyRecord: "replay records, keyed by the credential",
  SimulatorAction: "the simulator's queue, written by the engine",
  PendingVoicemail: "the voicemail job's queue, written by the engine",
  SipEngineCommand: "the SIP engine's queue, written by the engine",
  SmsPart: "the SMS carrier's acknowledged parts, written by the SMS outbox; read through their recipient",
  MediaFolder: "ACL levels per item: lib/media/media-scope.ts",
  MediaFile: "ACL levels per item: lib/media/media-scope.ts",
} satisfies Record<Exclude<Prisma.ModelName, ScopedModel>, string>;

export const unscopedModels = Object.keys(UNSCOPED) as Array<keyof typeof UNSCOPED>;
export const scopedModels = Object.keys(SCOPES) as ScopedModel[];

const READS = new Set(["findMany", "findFirst", "findFirstOrThrow", "findUnique", "findUniqueOrThrow", "count", "aggregate", "groupBy"]);
const WRITES = new Set(["update", "updateMany", "updateManyAndReturn", "upsert"]);
const DELETES = new Set(["delete", "deleteMany"]);
const CREATES = new Set(["create", "createMany", "createManyAndReturn", "upsert"]);

const scopeOf = (model: string | undefined) => (model && model in SCOPES ? (SCOPES as Record<string, ModelScope>)[model] : undefined);

/** The where with the scope beside it: AND keeps a unique where unique (findUnique, update, delete). */
function withScope(where: Where | undefined, scope: Where): Where {
  if (!where) return { AND: [scope] };
  const and = where.AND === undefined ? [] : Array.isArray(where.AND) ? where.AND : [where.AND];
  return { ...where, AND: [...and, scope] };
}

const lowerFirst = (name: string) => name[0]!.toLowerCase() + name.slice(1);

/** A created row's owner must be one the actor sees (else 404, as a read of it would answer). */
async function checkOwners(client: PrismaClient, actor: Actor, model: string, data: unknown) {
  const owner = scopeOf(model)?.owner;
  if (!owner) return;
  const rows = (Array.isArray(data) ? data : [data]) as Array<Record<string, unknown>>;
  const ids = [...new Set(rows.map((row) => row[owner.field]).filter((id) => id !== undefined))];
  if (!ids.length) return;
  const parent = scopeOf(owner.model)!;
  const delegate = (client as unknown as Record<string, { count: (args: unknown) => Promise<number> }>)[lowerFirst(owner.model)]!;
  const found = await delegate.count({ where: { AND: [{ id: { in: ids } }, parent.where(actor, "read")] } });
  if (found !== ids.length)
    throw new ApiError("not_found", `The ${lowerFirst(owner.model)} was not found. Check the id, and that it belongs to your domain.`);
}

// A query extension adds no types: the scoped client is typed as the client it extends, so its transaction
// client is a Tx that the functions taking one (releaseNumber, publish, ...) accept as they are.
function scopedExtension(client: PrismaClient, actor: Actor): PrismaClient {
  const extended = client.$extends({
    name: "tenant-scope",
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const scope = scopeOf(model);
          if (!scope) return query(args);
          const next = { ...(args as Record<string, unknown>) };
          if (CREATES.has(operation)) await checkOwners(client, actor, model, operation === "upsert" ? next.create : next.data);
          const kind: Operation | undefined = READS.has(operation)
            ? "read"
            : WRITES.has(operation)
              ? "write"
              : DELETES.has(operation)
                ? "delete"
                : undefined;
          if (kind) next.where = withScope(next.where as Where | undefined, scope.where(actor, kind));
          return query(next as typeof args);
        },
      },
    },
  });
  return extended as unknown as PrismaClient;
}

/** The database as one actor sees it (its transaction client is scoped as well). */
export type ScopedDb = PrismaClient;

// One extended client per actor object: a request builds its actor once, so its functions share one.
const perActor = new WeakMap<Actor, ScopedDb>();

/** The database as `actor` sees it: every query of a tenant-owned model carries the actor's scope. */
export function scopedDb(actor: Actor): ScopedDb {
  let db = perActor.get(actor);
  if (!db) perActor.set(actor, (db = scopedExtension(prisma, actor)));
  return db;
}

/** The same, over another client (a test's database). */
export const scopedDbOver = (client: PrismaClient, actor: Actor): ScopedDb => scopedExtension(client, actor);
