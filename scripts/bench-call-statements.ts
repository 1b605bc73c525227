// The statements of a call set-up (docs/performance.md, line (g)): starts the server as `npm run bench`
// does with every statement it sends logged (scripts/statement-log.mjs), places one call twice and
// then 40 at once between two simulated numbers that answer after the ring, and prints the statements
// per set-up, their round-trip times, and the most frequent ones. `npx tsx scripts/bench-call-statements.ts
// [pglite|postgres]` (postgres: TEST_DATABASE_URL). Scheduler rounds that fall inside a measurement count too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { client } from "../e2e/support/api-client";
import { runMain, startBenchServer, type Database } from "./bench-events";

const database = (process.argv[2] ?? "pglite") as Database;
const LEGS = ["tel:+1 555 010 7777", "tel:+1 555 010 8888"];
/** After the answers: the engine's and the delivery's statements that follow a set-up are its own too. */
const SETTLE_MS = 1500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] ?? NaN;

runMain(async () => {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-statements-")), "statements.log");
  const preload = path.join(__dirname, "statement-log.mjs");
  const server = await startBenchServer(database, { env: { NODE_OPTIONS: `--import ${preload}`, STATEMENT_LOG: log } });
  try {
    const app = client(server.baseUrl);
    const user = await app("POST", "/users", { json: { login: `statements-${Date.now()}`, password: "bench-password-1" } });
    if (user.status !== 201) throw new Error(`creating the caller failed: ${user.status} ${user.text}`);
    const guid = user.body.entry.guid as string;
    const place = (n: number) => Promise.all(Array.from({ length: n }, () => app("POST", `/calls/${guid}`, { json: { legs: LEGS } })));
    const hangUp = (answers: Awaited<ReturnType<typeof place>>) =>
      Promise.all(answers.filter((a) => a.status === 201).map((a) => app("PUT", `/calls/${guid}/${a.body.entry.id}`, { json: { active: false } })));
    await hangUp(await place(5)); // compiles the routes, fills the caches
    await sleep(SETTLE_MS);
    for (const n of [1, 1, 40]) {
      fs.writeFileSync(log, "");
      const started = performance.now();
      const answers = await place(n);
      const seconds = (performance.now() - started) / 1000;
      await sleep(SETTLE_MS);
      const lines = fs.readFileSync(log, "utf8").trim().split("\n").filter(Boolean);
      const times = lines.map((l) => Number(l.split("\t")[1])).sort((a, b) => a - b);
      const placed = answers.filter((a) => a.status === 201).length;
      console.log(
        `${database}: ${n} at once, ${seconds.toFixed(2)} s, ${placed} placed: ${lines.length} statements, ${(lines.length / n).toFixed(1)} per set-up; ` +
          `round trip median ${median(times).toFixed(2)} ms, mean ${(times.reduce((s, t) => s + t, 0) / times.length).toFixed(2)} ms`,
      );
      if (n > 1) {
        const counts = new Map<string, number>();
        for (const line of lines) {
          const text = line.split("\t")[2]!.slice(0, 100);
          counts.set(text, (counts.get(text) ?? 0) + 1);
        }
        for (const [text, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 25))
          console.log(`${(count / n).toFixed(2).padStart(6)}  ${text}`);
      }
      await hangUp(answers);
      await sleep(1000);
    }
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(log), { recursive: true, force: true });
  }
});
