import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/core/config";
import { publishEvent } from "@/lib/outbox/publish";
import { seedDemo } from "@/lib/seed/demo";
import { openTestDatabase, type TestDatabase } from "../support/test-database";

// The outbox rule, checked against the database itself: an event exists if and only if the
// transaction that published it committed. Runs on PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL is set.
let db: TestDatabase;
let prisma: PrismaClient;
let applicationId: string;

beforeAll(async () => {
  process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");
  // The configuration may already be cached by a module read at import (the outbox reads its settings): read it again.
  reloadConfig();
  db = await openTestDatabase();
  prisma = db.prisma;
  const demo = await seedDemo(prisma, { developerEmail: "outbox@example.com", domain: "outbox", appName: "outbox-app" });
  applicationId = (await prisma.application.findFirstOrThrow({ where: { name: demo.applicationId.split(":")[1] } })).id;
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const event = (type: string) => ({ applicationId, type, resourcePath: "/users/x", params: { n: 1 } });

describe("outbox", () => {
  it("commits the event with its change", async () => {
    const payload = await prisma.$transaction(async (tx) => {
      await tx.loginFailure.create({
        data: { domainId: (await tx.application.findUniqueOrThrow({ where: { id: applicationId } })).domainId, login: "committed" },
      });
      return publishEvent(tx, event("Committed"));
    });
    expect(payload.id).toMatch(/^evt_/);
    const row = await prisma.event.findUniqueOrThrow({ where: { id: payload.id } });
    expect(row.payload).toEqual(payload);
    expect(await prisma.loginFailure.count({ where: { login: "committed" } })).toBe(1);
  });

  it("publishes nothing when the transaction fails after publishing", async () => {
    let id = "";
    await expect(
      prisma.$transaction(async (tx) => {
        const domainId = (await tx.application.findUniqueOrThrow({ where: { id: applicationId } })).domainId;
        await tx.loginFailure.create({ data: { domainId, login: "rolled-back" } });
        id = (await publishEvent(tx, event("RolledBack"))).id;
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(id).toMatch(/^evt_/);
    expect(await prisma.event.count({ where: { id } })).toBe(0);
    expect(await prisma.event.count({ where: { type: "RolledBack" } })).toBe(0);
    expect(await prisma.loginFailure.count({ where: { login: "rolled-back" } })).toBe(0);
  });

  it("keeps events for an application without a notification URL, as disabled", async () => {
    const payload = await prisma.$transaction((tx) => publishEvent(tx, event("NoUrl")));
    expect((await prisma.event.findUniqueOrThrow({ where: { id: payload.id } })).status).toBe("disabled");
  });
});
