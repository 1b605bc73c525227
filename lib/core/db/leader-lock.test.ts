import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

// The lock is PostgreSQL's: tried against TEST_DATABASE_URL's server when it is set (CI sets it).
const postgresUrl = vi.hoisted(() => {
  const url = process.env.TEST_DATABASE_URL || undefined;
  if (url) process.env.DATABASE_URL = url;
  process.env.DB_EMBEDDED = url ? "0" : "1";
  return url;
});

import pg from "pg";
import { LEADER_RECONNECT_MS, LEADER_RETRY_MS, leaderLockKey, whileLeading } from "./leader-lock";

const until = async (what: string, check: () => boolean, limitMs: number) => {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("leaderLockKey", () => {
  it("is one signed 64-bit key per name, the same every time", () => {
    const key = leaderLockKey("job-scheduler");
    expect(key).toBe(leaderLockKey("job-scheduler"));
    expect(key).not.toBe(leaderLockKey("another-lock"));
    expect(key >= -(2n ** 63n) && key < 2n ** 63n).toBe(true);
  });
});

describe.skipIf(!postgresUrl)("whileLeading on PostgreSQL", () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it("lets one contender lead; the other takes over within its retry once the leader lets go", { timeout: 20_000 }, async () => {
    const name = `test-${randomBytes(4).toString("hex")}`;
    const leading = { a: false, b: false };
    const led = { a: 0, b: 0 };
    const contender = (who: "a" | "b") =>
      whileLeading(name, () => {
        leading[who] = true;
        led[who]++;
        return () => (leading[who] = false);
      });
    const stopA = contender("a");
    stops.push(stopA);
    await until("a leads", () => leading.a, 3_000);
    stops.push(contender("b"));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(leading).toEqual({ a: true, b: false });

    stopA();
    expect(leading.a).toBe(false);
    const stoppedAt = Date.now();
    await until("b takes over", () => leading.b, LEADER_RETRY_MS + 3_000);
    expect(Date.now() - stoppedAt).toBeLessThan(LEADER_RETRY_MS + 3_000);
    expect(led).toEqual({ a: 1, b: 1 });
  });
});

describe.skipIf(!postgresUrl)("whileLeading when the lock's connection drops", () => {
  it("keeps leading (the jobs are not restarted) and holds the lock again within a second or two", { timeout: 20_000 }, async () => {
    const name = `test-${randomBytes(4).toString("hex")}`;
    let leading = false;
    let led = 0;
    const stop = whileLeading(name, () => {
      leading = true;
      led++;
      return () => (leading = false);
    });
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      const holders = async () =>
        (
          await admin.query<{ pid: number }>(
            // A bigint advisory key is stored as classid (its high 32 bits) and objid (its low 32 bits).
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND ((classid::bigint << 32) | objid::bigint) = $1::bigint",
            [leaderLockKey(name).toString()],
          )
        ).rows.map((row) => row.pid);
      await until("it leads", () => leading, 3_000);
      const [first] = await holders();
      expect(first).toBeGreaterThan(0);
      // The database ends the lock's session, as a restart does.
      await admin.query("SELECT pg_terminate_backend($1)", [first]);
      let again: number[] = [];
      for (const started = Date.now(); !again.length && Date.now() - started < LEADER_RECONNECT_MS + 4_000;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        again = (await holders()).filter((pid) => pid !== first);
      }
      expect(again).toHaveLength(1);
      expect({ leading, led }).toEqual({ leading: true, led: 1 });
    } finally {
      stop();
      await admin.end();
    }
  });
});

describe.skipIf(!!postgresUrl)("whileLeading on the embedded database", () => {
  it("leads at once: one server process", () => {
    let leading = false;
    const stop = whileLeading("job-scheduler", () => {
      leading = true;
      return () => (leading = false);
    });
    expect(leading).toBe(true);
    stop();
    expect(leading).toBe(false);
  });
});
