import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";

// PostgreSQL when TEST_DATABASE_URL is set (the other process's notifications arrive through LISTEN),
// else the embedded database's transport: this process's emitter alone.
const postgresUrl = vi.hoisted(() => {
  const url = process.env.TEST_DATABASE_URL || undefined;
  if (url) process.env.DATABASE_URL = url;
  process.env.DB_EMBEDDED = url ? "0" : "1";
  delete process.env.REDIS_URL;
  return url;
});

import { callChangeTransport, callChanged, watchCall } from "./call-changes";

afterAll(async () => {
  const { prisma } = await import("@/lib/core/db/client");
  await prisma.$disconnect();
});

describe("a call's changes wake its waiters", () => {
  it("wakes a wait at the call's change, not at another call's; times out without one", async () => {
    const watch = watchCall(901);
    const started = performance.now();
    setTimeout(() => callChanged(902), 20);
    setTimeout(() => callChanged(901), 60);
    expect(await watch.wait(5_000)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await watch.wait(50)).toBe(false);
    watch.close();
  });

  it("keeps a change that came between opening the watch and waiting (the call was being read)", async () => {
    const watch = watchCall(903);
    callChanged(903);
    expect(await watch.wait(0)).toBe(true);
    expect(await watch.wait(0)).toBe(false);
    watch.close();
  });

  it("stops hearing a call once closed", async () => {
    const watch = watchCall(904);
    watch.close();
    callChanged(904);
    expect(await watch.wait(20)).toBe(false);
  });
});

describe.skipIf(!postgresUrl)("across processes on PostgreSQL", () => {
  it("hears another process's NOTIFY for the call (LISTEN on a connection of its own)", async () => {
    expect(callChangeTransport()).toBe("postgres");
    const watch = watchCall(905);
    const other = new pg.Client({ connectionString: postgresUrl });
    await other.connect();
    try {
      let heard = false;
      // The LISTEN connection comes up in the background: notify until it hears one.
      for (let i = 0; i < 50 && !heard; i++) {
        await other.query("SELECT pg_notify('switchboard_call_changed', 'another-process 905')");
        heard = await watch.wait(100);
      }
      expect(heard).toBe(true);
      await other.query("SELECT pg_notify('switchboard_call_changed', 'another-process 906')");
      expect(await watch.wait(300)).toBe(false);
    } finally {
      watch.close();
      await other.end();
    }
  });
});
