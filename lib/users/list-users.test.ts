import type { PrismaClient } from "@prisma/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sqlValues } from "@/lib/core/db/sql-values";
import { filterSql, parseListQuery, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { userScope } from "@/lib/core/tenancy/scope";
import { userScopeSql } from "@/lib/core/tenancy/scope-sql";
import { openProductDatabase, type ProductDatabase } from "@/e2e/support/product-database";
import { userFilterable } from "./contracts";
import { toUserEntry } from "./transform";
import { withDomainName } from "@/lib/core/tenancy/with-domain-name";

// The raw user list against a real database (PGlite; PostgreSQL with TEST_DATABASE_URL): the SQL forms
// of the tenancy scope and of the filters select exactly what the Prisma forms select, the list is one
// round trip, and the trigger-kept userCount stays exact under concurrent creates and deletes.

let prisma: PrismaClient;
let listUsers: typeof import("./list-users").listUsers;
let usersPageStatement: typeof import("./list-users").usersPageStatement;
let related: Record<string, string>;
let database: ProductDatabase | undefined;
const ids = { dev1: "", dev2: "", alpha: "", beta: "", gamma: "", alphaUser: "" };
/** The createdBy of some users (a developer's GUID; filters only compare it). */
const CREATOR = "00000000-0000-4000-8000-0000000000c1";

beforeAll(async () => {
  database = await openProductDatabase();
  prisma = database.prisma;
  ({ listUsers, usersPageStatement, USER_RELATED_COLUMNS: related } = await import("./list-users"));

  const developer = (email: string) => prisma.developer.create({ data: { email, name: email, passwordHash: "x" } });
  const [dev1, dev2] = [await developer("one@example.com"), await developer("two@example.com")];
  const domain = (name: string, ownerId: string) => prisma.domain.create({ data: { name, ownerId } });
  const [alpha, beta, gamma] = [await domain("alpha", dev1.id), await domain("beta", dev1.id), await domain("gamma", dev2.id)];
  const start = Date.UTC(2026, 10, 23, 10);
  const users = [
    ...["ada", "a_b", "a%c", "Alan", "grace", "linus"].map((login, i) => ({ login, domainId: alpha.id, firstName: i % 2 ? null : `First${i}` })),
    ...["ada", "bob", "bea_x"].map((login) => ({ login, domainId: beta.id, firstName: "Bee" })),
    ...["ada", "zed"].map((login) => ({ login, domainId: gamma.id, firstName: null })),
  ].map((u, i) => ({
    ...u,
    passwordHash: "x",
    lastName: i % 3 ? `Last${i}` : null,
    createdAt: new Date(start + (i % 4) * 86_400_000 + i),
    createdById: i % 2 ? CREATOR : null,
    lastUsedAt: i % 3 === 1 ? new Date(Date.UTC(2026, 10, 25, 8)) : i % 3 === 2 ? new Date(Date.UTC(2026, 10, 26, 9)) : null,
  }));
  await prisma.user.createMany({ data: users });
  const alphaUser = await prisma.user.findFirstOrThrow({ where: { domainId: alpha.id, login: "grace" } });
  Object.assign(ids, { dev1: dev1.id, dev2: dev2.id, alpha: alpha.id, beta: beta.id, gamma: gamma.id, alphaUser: alphaUser.id });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const app = (domainId: string, name: string) => ({
  kind: "application" as const,
  applicationId: "00000000-0000-4000-8000-000000000001",
  applicationPublicId: `${name}:app`,
  domainId,
  domainName: name,
});
const actors = (): [string, Actor][] => [
  ["developer owning alpha and beta", { kind: "developer", developerId: ids.dev1 }],
  ["developer owning gamma", { kind: "developer", developerId: ids.dev2 }],
  ["application of alpha", app(ids.alpha, "alpha")],
  ["application of gamma", app(ids.gamma, "gamma")],
  ["user of alpha", { ...app(ids.alpha, "alpha"), kind: "user", userId: ids.alphaUser, tokenId: null }],
];
const QUERIES = [
  "",
  "count=2",
  "startIndex=3&count=2",
  "startIndex=50",
  "count=0",
  "filterBy=login&filterValue=ada",
  "filterBy=login&filterOp=contains&filterValue=A",
  "filterBy=login&filterOp=contains&filterValue=_",
  "filterBy=login&filterOp=startsWith&filterValue=a%25",
  "filterBy=login&filterOp=startsWith&filterValue=AL",
  "filterBy=firstName&filterOp=startsWith&filterValue=first",
  "filterBy=login,lastName&filterOp=all&filterValue=A*,LAST*",
  "filterBy=firstName&filterOp=present",
  "filterBy=createdOn&filterOp=startsWith&filterValue=2026-11-24",
  "filterBy=login,lastName&filterOp=all&filterValue=*a*,last*",
  "filterBy=login,firstName&filterOp=all&filterValue=*x,*",
  "filterBy=pwdStatus&filterValue=ok",
  "filterBy=createdOn&filterValue=2026-11-23T10:00:00.000Z",
  "filterBy=guid&filterValue=00000000-0000-4000-8000-000000000000",
  "filterBy=accountId&filterOp=present",
  "filterBy=domain.name,login&filterOp=all&filterValue=*a,ada",
  "filterBy=createdBy&filterValue=00000000-0000-4000-8000-0000000000c1",
  "filterBy=lastUsed&filterOp=startsWith&filterValue=2026-11-25",
];
/** More filter forms, checked by the filterSql test alone (the list test runs QUERIES for every actor). */
const MORE_FILTERS = [
  "filterBy=domain.name&filterValue=beta",
  "filterBy=domain.name&filterOp=startsWith&filterValue=AL",
  "filterBy=domain.name&filterOp=contains&filterValue=mm",
  "filterBy=domain.name&filterOp=present",
  "filterBy=createdBy&filterOp=present",
  "filterBy=lastUsed&filterOp=present",
  "filterBy=lastUsed&filterValue=2026-11-25T08:00:00.000Z",
];
const query = (search: string): ListQuery => parseListQuery(new URLSearchParams(search), userFilterable);
const sortedIds = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe("the SQL form of userScope", () => {
  it("selects the same users as the Prisma form, for every actor kind", async () => {
    for (const [name, actor] of actors()) {
      const values = sqlValues();
      const scope = userScopeSql(actor, values);
      const viaSql = await prisma.$queryRawUnsafe<{ id: string }[]>(`SELECT u.id FROM "User" u WHERE ${scope.users}`, ...values.values);
      const viaPrisma = await prisma.user.findMany({ where: userScope(actor), select: { id: true } });
      expect(sortedIds(viaSql), name).toEqual(sortedIds(viaPrisma));
      expect(viaPrisma.length, name).toBeGreaterThan(0);
      if (scope.domains) {
        const [counted] = await prisma.$queryRawUnsafe<{ total: number }[]>(
          `SELECT COALESCE(sum(d."userCount"), 0)::int AS total FROM "Domain" d WHERE ${scope.domains}`,
          ...values.values,
        );
        expect(counted?.total, name).toBe(viaPrisma.length);
      }
    }
  });
});

describe("filterSql", () => {
  it("selects the same users as the Prisma where, for every filter form (domain.name through its SQL expression)", async () => {
    for (const search of [...QUERIES, ...MORE_FILTERS]) {
      const q = query(search);
      const values = sqlValues();
      const viaSql = await prisma.$queryRawUnsafe<{ id: string }[]>(
        `SELECT u.id FROM "User" u WHERE ${filterSql(q.filters, "u", values, related)}`,
        ...values.values,
      );
      const viaPrisma = await prisma.user.findMany({ where: q.where, select: { id: true } });
      expect(sortedIds(viaSql), search).toEqual(sortedIds(viaPrisma));
    }
  });

  it("matches % and _ literally", async () => {
    const values = sqlValues();
    const rows = await prisma.$queryRawUnsafe<{ login: string }[]>(
      `SELECT u.login FROM "User" u WHERE ${filterSql(query("filterBy=login&filterOp=contains&filterValue=_").filters, "u", values)}`,
      ...values.values,
    );
    expect(rows.map((r) => r.login).sort()).toEqual(["a_b", "bea_x"]);
  });
});

describe("listUsers", () => {
  it("answers what the Prisma count and findMany answer, for every actor and query", async () => {
    for (const [name, actor] of actors()) {
      for (const search of QUERIES) {
        const q = query(search);
        const where = { AND: [userScope(actor), q.where] };
        const [total, rows] = await Promise.all([
          prisma.user.count({ where }),
          prisma.user.findMany({ where, include: withDomainName, skip: q.skip, take: q.take, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
        ]);
        const page = await listUsers(actor, q);
        const itemsPerPage = q.requestedCount === undefined ? {} : { itemsPerPage: rows.length };
        expect({ ...page }, `${name}: ${search}`).toEqual({
          startIndex: q.startIndex,
          ...itemsPerPage,
          totalResults: total,
          entry: rows.map(toUserEntry),
        });
      }
    }
  });

  it("narrows to one domain with `within`", async () => {
    const page = await listUsers({ kind: "developer", developerId: ids.dev1 }, query(""), { domainId: ids.beta });
    expect(page.entry.map((e) => e.login).sort()).toEqual(["ada", "bea_x", "bob"]);
    expect(page.totalResults).toBe(3);
    const other = await listUsers({ kind: "developer", developerId: ids.dev2 }, query(""), { domainId: ids.beta });
    expect({ ...other }).toMatchObject({ totalResults: 0, entry: [] });
  });

  it("is one database round trip", async () => {
    const sent = vi.spyOn(pg.Client.prototype, "query");
    try {
      for (const search of ["count=20", "startIndex=3&count=2", "filterBy=login&filterOp=startsWith&filterValue=a"]) {
        sent.mockClear();
        await listUsers(app(ids.alpha, "alpha"), query(search));
        expect(sent, search).toHaveBeenCalledTimes(1);
      }
    } finally {
      sent.mockRestore();
    }
  });
});

describe("a deep page (from DEEP_PAGE on)", () => {
  const DEEP_USERS = 2_500;
  let deep = "";
  beforeAll(async () => {
    deep = (await prisma.domain.create({ data: { name: "deep", ownerId: ids.dev2 } })).id;
    // Groups of three share a createdAt: the id breaks the tie, in both directions.
    const start = Date.UTC(2026, 0, 1);
    await prisma.user.createMany({
      data: Array.from({ length: DEEP_USERS }, (_, i) => ({
        domainId: deep,
        login: `d${i}`,
        passwordHash: "x",
        createdAt: new Date(start + Math.floor(i / 3) * 1000),
        // FEW_MATCHES (1,000) and one more: a filtered page cut from the matches read once, and one counted and paged as usual.
        firstName: i < 1000 ? "edge" : null,
        lastName: i % 2 === 0 && i < 2002 ? "edge" : null,
      })),
    });
  }, 60_000);

  const prismaPage = async (actor: Actor, q: ListQuery) => {
    const where = { AND: [userScope(actor), q.where] };
    const rows = await prisma.user.findMany({
      where,
      include: withDomainName,
      skip: q.skip,
      take: q.take,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    return { total: await prisma.user.count({ where }), entry: rows.map(toUserEntry) };
  };

  it("is the same page Prisma reads, read from either end", async () => {
    const searches = [999, 1000, 1249, 1250, 1251, 2000, 2480, 2499, 2500, 2600].flatMap((i) => [
      `startIndex=${i}&count=20`,
      `startIndex=${i}&count=100`,
    ]);
    for (const [name, actor] of [
      ["application", app(deep, "deep")],
      ["developer of several domains", { kind: "developer", developerId: ids.dev2 }],
    ] as [string, Actor][]) {
      const filtered = ["firstName", "lastName"].flatMap((by) =>
        [0, 990, 999, 1000, 1001].map((i) => `startIndex=${i}&count=20&filterBy=${by}&filterValue=edge`),
      );
      for (const search of [
        ...searches,
        ...filtered,
        "startIndex=1200&filterBy=login&filterOp=startsWith&filterValue=d1",
        "startIndex=300&filterBy=login&filterOp=startsWith&filterValue=d2",
      ]) {
        const q = query(search);
        const expected = await prismaPage(actor, q);
        const page = await listUsers(actor, q);
        expect({ total: page.totalResults, entry: page.entry }, `${name}: ${search}`).toEqual(expected);
      }
    }
  });

  it("reads forwards when the total it was given is stale, so the page never shifts", async () => {
    const q = query("startIndex=2400&count=20");
    const actor = app(deep, "deep");
    const expected = (await prismaPage(actor, q)).entry.map((e) => e.guid);
    for (const staleHint of [DEEP_USERS - 1, DEEP_USERS + 1, 4000]) {
      const statement = usersPageStatement(actor, q, undefined, staleHint);
      const rows = await prisma.$queryRawUnsafe<{ id: string; total: number }[]>(statement.text, ...statement.values);
      expect(
        rows.map((r) => r.id),
        `hint ${staleHint}`,
      ).toEqual(expected);
      expect(rows[0]?.total).toBe(DEEP_USERS);
    }
  });

  it("takes two round trips, the rest one", async () => {
    const sent = vi.spyOn(pg.Client.prototype, "query");
    try {
      await listUsers(app(deep, "deep"), query("startIndex=2400&count=20"));
      expect(sent).toHaveBeenCalledTimes(2);
      sent.mockClear();
      await listUsers(app(deep, "deep"), query("startIndex=999&count=20"));
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
  });
});

describe("Domain.userCount", () => {
  const counted = async (domainId: string) => (await prisma.domain.findUniqueOrThrow({ where: { id: domainId } })).userCount;

  it("stays exact under concurrent creates and deletes", async () => {
    const domain = await prisma.domain.create({ data: { name: "busy", ownerId: ids.dev2 } });
    const create = (i: number) => prisma.user.create({ data: { domainId: domain.id, login: `u${i}`, passwordHash: "x" } });
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) => create(i)));
    await prisma.user.createMany({ data: Array.from({ length: 25 }, (_, i) => ({ domainId: domain.id, login: `bulk${i}`, passwordHash: "x" })) });
    expect(await counted(domain.id)).toBe(65);
    // Deletes, one by one and in bulk, race further creates (each in its own transaction, as the services run them).
    await Promise.all([
      ...created.slice(0, 20).map((u) => prisma.user.delete({ where: { id: u.id } })),
      prisma.user.deleteMany({ where: { domainId: domain.id, login: { startsWith: "bulk1" } } }),
      ...Array.from({ length: 15 }, (_, i) => create(100 + i)),
      prisma.$transaction(async (tx) => {
        await tx.user.create({ data: { domainId: domain.id, login: "in-tx", passwordHash: "x" } });
        await tx.user.delete({ where: { id: created[39]!.id } });
      }),
    ]);
    const actual = await prisma.user.count({ where: { domainId: domain.id } });
    expect(actual).toBe(65 - 20 - 11 + 15 + 1 - 1);
    expect(await counted(domain.id)).toBe(actual);
    expect((await listUsers(app(domain.id, "busy"), query("count=0"))).totalResults).toBe(actual);
  });

  it("is not changed by a transaction that rolls back", async () => {
    const before = await counted(ids.gamma);
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.user.create({ data: { domainId: ids.gamma, login: "rolled-back", passwordHash: "x" } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await counted(ids.gamma)).toBe(before);
  });

  it("refuses moving a user to another domain, which would leave both counts wrong", async () => {
    await expect(prisma.user.update({ where: { id: ids.alphaUser }, data: { domainId: ids.beta } })).rejects.toThrow(/cannot move/);
    await prisma.user.update({ where: { id: ids.alphaUser }, data: { firstName: "Grace" } });
    expect(await counted(ids.alpha)).toBe(6);
  });
});
