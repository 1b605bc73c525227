import type { Prisma, PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProductDatabase, type ProductDatabase } from "@/e2e/support/product-database";
import type { Actor, ApplicationActor, UserActor } from "./actor";

// The per-actor data access against a real database (PGlite; PostgreSQL with TEST_DATABASE_URL): two
// tenants' rows side by side, and queries written WITHOUT any scope, through scopedDb(actor), that
// still find, count, change and delete only the actor's rows, and refuse to create under another's.

let prisma: PrismaClient;
let scopedDb: typeof import("./scoped-db").scopedDb;
let database: ProductDatabase | undefined;

/** One tenant: a developer, its domain, an application, a user with a device, a session, a call, a message, a guest token, a billing account. */
interface Tenant {
  developerId: string;
  domainId: string;
  applicationId: string;
  userId: string;
  otherUserId: string;
  callId: number;
  app: ApplicationActor;
  user: UserActor;
}
const tenants: Record<"a" | "b", Tenant> = {} as never;

async function seedTenant(name: string): Promise<Tenant> {
  const developer = await prisma.developer.create({ data: { email: `${name}@example.com`, name, passwordHash: "x" } });
  const domain = await prisma.domain.create({ data: { name, ownerId: developer.id } });
  const application = await prisma.application.create({
    data: { domainId: domain.id, name: "app", consumerKey: `key-${name}`, consumerSecretEnc: "x", createdById: developer.id },
  });
  const [user, other] = await Promise.all(
    ["ada", "bob"].map((login) => prisma.user.create({ data: { domainId: domain.id, login, passwordHash: "x" } })),
  );
  for (const owner of [user!, other!]) {
    await prisma.device.create({ data: { userId: owner.id, domainId: domain.id, address: `mailto:${owner.login}@${name}.example` } });
    await prisma.message.create({ data: { userId: owner.id, domainId: domain.id, type: "InboundSms", status: "NEW", folder: "inbox" } });
    await prisma.guestToken.create({
      data: {
        userId: owner.id,
        applicationId: application.id,
        callee: "tel:1",
        startDate: new Date(),
        endDate: new Date(),
        maxConcurrent: 1,
        secretHash: `${name}-${owner.login}`,
        createdWith: "test",
      },
    });
    await prisma.accessToken.create({
      data: { token: `${name}-${owner.login}`, secretEnc: "x", userId: owner.id, applicationId: application.id, createdWith: "test" },
    });
  }
  const call = await prisma.call.create({
    data: {
      domainId: domain.id,
      userId: user!.id,
      applicationId: application.id,
      applicationPublicId: `${name}:app`,
      domainName: name,
      startTime: new Date(),
      bootId: "b",
    },
  });
  await prisma.callLeg.create({ data: { callId: call.id, address: "tel:1", startTime: new Date() } });
  await prisma.event.create({ data: { id: `evt-${name}`, applicationId: application.id, type: "test", payload: {} } });
  await prisma.billingAccount.create({ data: { developerId: developer.id, name: `${name} account`, currency: "USD" } });
  await prisma.mailboxMessage.create({ data: { domainId: domain.id, from: "a", to: "b", subject: name, text: "" } });
  const app: ApplicationActor = {
    kind: "application",
    applicationId: application.id,
    applicationPublicId: `${name}:app`,
    domainId: domain.id,
    domainName: name,
  };
  return {
    developerId: developer.id,
    domainId: domain.id,
    applicationId: application.id,
    userId: user!.id,
    otherUserId: other!.id,
    callId: call.id,
    app,
    user: { ...app, kind: "user", userId: user!.id, tokenId: null },
  };
}

beforeAll(async () => {
  database = await openProductDatabase();
  prisma = database.prisma;
  ({ scopedDb } = await import("./scoped-db"));
  tenants.a = await seedTenant("alpha");
  tenants.b = await seedTenant("beta");
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const developer = (t: Tenant): Actor => ({ kind: "developer", developerId: t.developerId });

describe("scopedDb: queries without a scope see only the actor's rows", () => {
  it("domains and users: an application its domain's, a user only itself, a developer its domains'", async () => {
    const { a, b } = tenants;
    expect((await scopedDb(a.app).domain.findMany({ select: { id: true } })).map((d) => d.id)).toEqual([a.domainId]);
    expect((await scopedDb(a.app).user.findMany({ select: { id: true }, orderBy: { login: "asc" } })).map((u) => u.id)).toEqual([
      a.userId,
      a.otherUserId,
    ]);
    expect((await scopedDb(a.user).user.findMany({ select: { id: true } })).map((u) => u.id)).toEqual([a.userId]);
    expect(await scopedDb(developer(b)).user.count()).toBe(2);
    expect(await scopedDb(a.app).user.findFirst({ where: { id: b.userId } })).toBeNull();
    // findUnique keeps its unique where and gets the scope beside it.
    expect(await scopedDb(a.app).user.findUnique({ where: { id: b.userId } })).toBeNull();
    expect(await scopedDb(a.app).user.findUnique({ where: { id: a.userId } })).not.toBeNull();
    expect(await prisma.user.count()).toBe(4);
  });

  it("devices, messages, guest tokens and sessions: of the users the actor sees", async () => {
    const { a } = tenants;
    for (const actor of [a.app, a.user]) {
      const userIds = actor.kind === "user" ? [a.userId] : [a.userId, a.otherUserId].sort();
      const db = scopedDb(actor);
      const owners = async (rows: Promise<Array<{ userId: string }>>) => [...new Set((await rows).map((r) => r.userId))].sort();
      expect(await owners(db.device.findMany())).toEqual(userIds);
      expect(await owners(db.message.findMany())).toEqual(userIds);
      expect(await owners(db.guestToken.findMany())).toEqual(userIds);
      expect(await owners(db.accessToken.findMany())).toEqual(userIds);
      expect((await db.message.groupBy({ by: ["userId"], _count: { _all: true } })).length).toBe(userIds.length);
    }
  });

  it("calls and their legs: of the actor's users only", async () => {
    const { a, b } = tenants;
    expect((await scopedDb(a.app).call.findMany({ select: { id: true } })).map((c) => c.id)).toEqual([a.callId]);
    expect(await scopedDb(a.app).callLeg.count()).toBe(1);
    expect(await scopedDb(b.user).call.findFirst({ where: { id: a.callId } })).toBeNull();
    const other = { ...a.user, userId: a.otherUserId };
    expect(await scopedDb(other).call.count()).toBe(0);
    expect(await scopedDb(other).callLeg.aggregate({ _count: { _all: true } })).toEqual({ _count: { _all: 0 } });
  });

  it("applications, events, billing accounts and the mailbox: of the actor's domain or developer", async () => {
    const { a, b } = tenants;
    expect((await scopedDb(a.app).application.findMany({ select: { id: true } })).map((x) => x.id)).toEqual([a.applicationId]);
    expect((await scopedDb(a.app).event.findMany({ select: { id: true } })).map((x) => x.id)).toEqual(["evt-alpha"]);
    expect(await scopedDb(a.user).event.count()).toBe(0); // events are the administering application's
    expect((await scopedDb(b.app).billingAccount.findMany({ select: { name: true } })).map((x) => x.name)).toEqual(["beta account"]);
    expect((await scopedDb(developer(a)).mailboxMessage.findMany({ select: { subject: true } })).map((x) => x.subject)).toEqual(["alpha"]);
  });
});

describe("scopedDb: writes", () => {
  it("updateMany and deleteMany leave another tenant's rows alone", async () => {
    const { a, b } = tenants;
    expect((await scopedDb(a.app).message.updateMany({ data: { label: "touched" } })).count).toBe(2);
    expect(await prisma.message.count({ where: { label: "touched" } })).toBe(2);
    expect(await prisma.message.count({ where: { label: "touched", domainId: b.domainId } })).toBe(0);
    expect((await scopedDb(a.app).guestToken.deleteMany({ where: { userId: b.userId } })).count).toBe(0);
    expect(await prisma.guestToken.count({ where: { userId: b.userId } })).toBe(1);
  });

  it("update and delete by id of another tenant's row find nothing (P2025)", async () => {
    const { a, b } = tenants;
    await expect(scopedDb(a.app).user.update({ where: { id: b.userId }, data: { firstName: "x" } })).rejects.toMatchObject({ code: "P2025" });
    await expect(
      scopedDb(a.app).device.delete({ where: { domainId_address: { domainId: b.domainId, address: "mailto:ada@beta.example" } } }),
    ).rejects.toMatchObject({ code: "P2025" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: b.userId } })).firstName).toBeNull();
  });

  it("applications: any of the domain is read, only the actor's own is changed; a user's token changes none", async () => {
    const { a } = tenants;
    expect(await scopedDb(a.user).application.count()).toBe(1);
    expect((await scopedDb(a.user).application.updateMany({ data: { name: "renamed" } })).count).toBe(0);
    expect((await scopedDb(a.app).application.updateMany({ data: { name: "app" } })).count).toBe(1);
  });

  it("create: the owner must be in scope (404 otherwise), and the row is created when it is", async () => {
    const { a, b } = tenants;
    const device = (userId: string, domainId: string) => ({ data: { userId, domainId, address: "tel:15550100" } });
    await expect(scopedDb(a.app).device.create(device(b.userId, b.domainId))).rejects.toMatchObject({ code: "not_found", status: 404 });
    await expect(scopedDb(a.user).device.create(device(a.otherUserId, a.domainId))).rejects.toMatchObject({ code: "not_found" });
    const rows: Prisma.MessageCreateManyInput[] = [a.userId, b.userId].map((userId) => ({
      userId,
      domainId: a.domainId,
      type: "x",
      status: "NEW",
      folder: "inbox",
    }));
    await expect(scopedDb(a.app).message.createMany({ data: rows })).rejects.toMatchObject({ code: "not_found" });
    const created = await scopedDb(a.user).device.create(device(a.userId, a.domainId));
    expect(created.userId).toBe(a.userId);
    await prisma.device.delete({ where: { id: created.id } });
  });

  it("a transaction of the scoped client is scoped too", async () => {
    const { a } = tenants;
    const seen = await scopedDb(a.user).$transaction(async (tx) => [await tx.user.count(), await tx.device.count(), await tx.call.count()]);
    expect(seen).toEqual([1, 1, 1]);
  });
});
