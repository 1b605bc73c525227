import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedDatabase } from "@/lib/core/db/embedded";
import { createFreshDatabase } from "../support/server";

// `npm run numbers:import file.csv` against its own database: a fresh PostgreSQL database when
// TEST_DATABASE_URL is set, else an embedded one in a throwaway DATA_DIR (no server running).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "numbers-import-"));
let fresh: Awaited<ReturnType<typeof createFreshDatabase>> | undefined;

beforeAll(async () => {
  fresh = process.env.TEST_DATABASE_URL ? await createFreshDatabase(process.env.TEST_DATABASE_URL) : undefined;
});

afterAll(async () => {
  await fresh?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function importFile(lines: string[]) {
  const file = path.join(dir, `numbers-${Date.now()}.csv`);
  fs.writeFileSync(file, lines.join("\n"));
  const env = { ...process.env, DATA_DIR: path.join(dir, "data"), DATABASE_URL: fresh?.url ?? "", LOG_LEVEL: "warn" };
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/numbers-import.ts", file],
      { env },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

async function inventory(): Promise<Array<{ number: string; country: string; sms: boolean; status: string; source: string }>> {
  const embedded = fresh ? undefined : await startEmbeddedDatabase(path.join(dir, "data"));
  const client = new pg.Client({ connectionString: fresh?.url ?? embedded!.url });
  await client.connect();
  try {
    return (await client.query(`SELECT "number", "country", "sms", "status", "source" FROM "PhoneNumber" ORDER BY "number"`)).rows;
  } finally {
    await client.end();
    await embedded?.stop();
  }
}

describe("npm run numbers:import", () => {
  it("adds the numbers of a CSV as available, and leaves existing ones alone on a second run", async () => {
    const first = await importFile(["number,country,sms", "# test range", "+33 1 99 00 00 01,FRA,true", "+33 1 99 00 00 02,fra"]);
    expect(first.output).toContain("added 2 number(s).");
    expect(first.code).toBe(0);
    const again = await importFile(["+33 1 99 00 00 02,FRA", "+33 1 99 00 00 03,FRA,false"]);
    expect(again.output).toContain("added 1 number(s); 1 already in the inventory, left as they were.");
    expect(await inventory()).toEqual([
      { number: "33199000001", country: "FRA", sms: true, status: "available", source: "import" },
      { number: "33199000002", country: "FRA", sms: false, status: "available", source: "import" },
      { number: "33199000003", country: "FRA", sms: false, status: "available", source: "import" },
    ]);
  }, 120_000);

  it("imports nothing while any line is wrong, naming each", async () => {
    const res = await importFile(["+33 1 99 00 00 09,FRA", "01 99 00 00 10,FRA", "+33 1 99 00 00 11,France"]);
    expect(res.code).toBe(1);
    expect(res.output).toContain('line 2: "01 99 00 00 10" is not an international number');
    expect(res.output).toContain('line 3: "France" is not an ISO 3166 alpha-3 country code');
    expect((await inventory()).map((n) => n.number)).not.toContain("33199000009");
  }, 120_000);
});
