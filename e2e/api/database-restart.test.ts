import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createLoggedInUser } from "../support/api-client";
import { startServer, type TestServer } from "../support/server";
import { createThrowawayPostgres, postgresBinaries, type ThrowawayPostgres } from "../support/throwaway-postgres";

// PostgreSQL stopped under load (docs/security.md, "Database outages"): while it is down, requests
// answer 503 problem+json with Retry-After at once (no hanging sockets), the job loops back off, and
// everything recovers by itself once it is back. The test owns its cluster, so it may stop it.
const binaries = postgresBinaries();
if ("missing" in binaries) console.warn(`PostgreSQL outage test skipped: ${binaries.missing}.`);

const CLIENTS = 20;

interface Answer {
  at: number;
  status: number;
  ms: number;
  retryAfter: string | null;
  type: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf("missing" in binaries)("PostgreSQL restarted under load", () => {
  let cluster: ThrowawayPostgres | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    cluster = await createThrowawayPostgres((binaries as { bin: string }).bin);
    server = await startServer({ postgresUrl: cluster.url });
  }, 240_000);
  afterAll(async () => {
    await server?.stop().catch(() => undefined); // drops its database: the cluster must be up
    cluster?.destroy();
  }, 120_000);

  it("answers 503 with Retry-After within about a second while it is down, backs the jobs off, and recovers", async () => {
    const s = server!;
    const user = await createLoggedInUser(s.baseUrl);
    const answers: Answer[] = [];
    const failures: string[] = [];
    let running = true;
    const client = async () => {
      while (running) {
        const started = performance.now();
        try {
          const res = await call(s.baseUrl, user.creds, "GET", `/users/${user.guid}`);
          answers.push({
            at: Date.now(),
            status: res.status,
            ms: performance.now() - started,
            retryAfter: res.headers.get("retry-after"),
            type: res.headers.get("content-type"),
          });
        } catch (error) {
          failures.push(String(error)); // a connection the server dropped or never answered
        }
        await sleep(50);
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);

    // Under load first: every client has had answers (a fresh server warms up slowly on a busy machine).
    for (let waited = 0; waited < 60_000 && answers.length < 2 * CLIENTS; waited += 250) await sleep(250);
    const beforeStop = Date.now();
    cluster!.stop();
    const stopped = Date.now();
    await sleep(6000);
    const restarting = Date.now();
    cluster!.start();
    const restarted = Date.now();
    // Back: every client gets 200s again within seconds (new connections, nothing restarted by hand).
    let recoveredAt = 0;
    for (let waited = 0; waited < 30_000 && !recoveredAt; waited += 250) {
      await sleep(250);
      const recent = answers.filter((a) => a.at > restarted + 1000);
      if (recent.length >= CLIENTS && recent.slice(-CLIENTS).every((a) => a.status === 200)) recoveredAt = Date.now();
    }
    await sleep(1000);
    running = false;
    await Promise.all(clients);

    const phase = (a: Answer) => (a.at < beforeStop ? "before" : a.at < restarting ? "down" : "after");
    const summary = Object.groupBy(answers, (a) => `${phase(a)} ${a.status}`);
    console.log(
      "answers by phase and status:",
      Object.entries(summary)
        .map(([k, v]) => `${k}: ${v!.length}, max ${Math.round(Math.max(...v!.map((a) => a.ms)))} ms`)
        .join("; "),
    );
    expect(failures).toEqual([]);
    const healthy = answers.filter((a) => a.at < beforeStop);
    expect(healthy.length).toBeGreaterThanOrEqual(2 * CLIENTS);
    expect(healthy.every((a) => a.status === 200)).toBe(true);

    // Down (requests sent from 1 s after pg_ctl stop returned until it was started again): 503s, answered quickly.
    const down = answers.filter((a) => a.at - a.ms > stopped + 1000 && a.at < restarting);
    expect(down.length).toBeGreaterThan(CLIENTS);
    expect([...new Set(down.map((a) => a.status))]).toEqual([503]);
    for (const a of down) {
      expect(a.retryAfter).toMatch(/^\d+$/);
      expect(a.type).toMatch(/^application\/problem\+json/);
    }
    // "Within about a second": on this busy 2-core machine, each under 2.5 s and the median under 1 s.
    const sorted = down.map((a) => a.ms).sort((x, y) => x - y);
    expect(sorted.at(-1)!).toBeLessThan(2500);
    expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(1000);
    // Nothing but 200 and 503 at any time (no 500 from a query cut off by the stop).
    expect([...new Set(answers.map((a) => a.status))].sort()).toEqual([200, 503]);
    expect(recoveredAt, "200s resumed after the restart").toBeGreaterThan(0);
    expect(recoveredAt - restarted).toBeLessThan(20_000);

    // The job loops (webhook delivery every 300 ms here, the telephony engine every 500 ms) backed off
    // while it was down, and run again after their current wait (at most 30 s) once it is back.
    const logLines = () =>
      fs
        .readFileSync(path.join(s.dataDir, "server.log"), "utf8")
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const routes = ["/api/jobs/deliver", "/api/jobs/telephony"];
    const ranAgain = (route: string) => logLines().find((l) => l.message === "job runs again" && l.route === route);
    for (let waited = 0; waited < 40_000 && !routes.every(ranAgain); waited += 500) await sleep(500);
    const jobLines = logLines().filter((l) => String(l.message).startsWith("job "));
    for (const route of routes) {
      expect(
        jobLines.filter((l) => l.message === "job failed; backing off" && l.route === route).length,
        JSON.stringify(jobLines),
      ).toBeGreaterThanOrEqual(1);
      const recovered = ranAgain(route);
      expect(recovered, `${route}: ${JSON.stringify(jobLines)}`).toBeDefined();
      // 6 s down at a 300-500 ms interval would be 12-20 failed calls; doubling waits make it a handful.
      expect(Number(recovered!.failedTimes)).toBeLessThanOrEqual(8);
    }
  }, 180_000);
});
