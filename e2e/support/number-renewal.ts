import path from "node:path";
import pg from "pg";
import { expect } from "vitest";
import { reloadConfig } from "@/lib/core/config";
import { embeddedDatabaseUrl } from "@/lib/core/db/embedded";
import { jobsSignature } from "@/lib/http/jobs-auth";
import { client, createLoggedInUser } from "./api-client";
import { startServer } from "./server";

/**
 * A server of its own for the purpose-number renewal tests, and a database connection to move
 * paidUntil into the past (on PGlite through the embedded socket's second slot, used only while
 * the app is idle between requests).
 */
export async function startRenewalServer(env: Record<string, string>) {
  const server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined, env });
  process.env.ENCRYPTION_KEY = server.env.ENCRYPTION_KEY; // the jobs signature's key
  reloadConfig();
  const db = new pg.Client({ connectionString: server.env.DATABASE_URL || embeddedDatabaseUrl(path.join(server.dataDir, "socket")) });
  await db.connect();
  const app = client(server.baseUrl);

  /** A new user of the demo application (so in the demo billing account) holding a purpose number. */
  async function userWithNumber(country: string) {
    const { guid } = await createLoggedInUser(server.baseUrl);
    const res = await app("POST", `/devices/${guid}`, { json: { id: `@purpose/${country}` } });
    expect(res.status, res.text).toBe(201);
    const id = res.body.entry.id as string;
    return { guid, id, number: id.slice("service:".length) };
  }

  /** Sets the number's paidUntil to yesterday (UTC, as stored) and answers it. */
  async function expire(number: string): Promise<string> {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().replace("Z", "");
    await db.query(`UPDATE "PhoneNumber" SET "paidUntil" = $1::timestamp WHERE "number" = $2`, [yesterday, number]);
    return yesterday;
  }

  /** The months of the number on the user's ledger, newest first. */
  async function monthsCharged(guid: string, id: string) {
    const res = await app("GET", `/billing/${guid}/ledger?count=100`);
    expect(res.status, res.text).toBe(200);
    return (res.body.entry as Array<{ item: string; reference: string; amount: string }>).filter(
      (e) => e.item === "purpose_number_month" && e.reference.startsWith(`device:${id}`),
    );
  }

  const runJob = (signature = jobsSignature()) =>
    fetch(`${server.baseUrl}/api/jobs/renew-numbers`, { method: "POST", headers: { "x-jobs-signature": signature } });

  return {
    server,
    db,
    app,
    userWithNumber,
    expire,
    monthsCharged,
    runJob,
    stop: async () => {
      await db.end();
      await server.stop();
    },
  };
}
