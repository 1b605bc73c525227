// Web-server variants side by side (issue 30): `npm start` once, then one extra `.build/serve.js` per
// variant (node flags, environment) on the launcher's database, all started together; each is
// sampled idle, then loaded alone in turn (the footprint's signed reads), and sampled again 60 s after
// its own load. Rounds repeat the variants in a rotated order. Linux only (/proc).
//   TEST_DATABASE_URL=postgres://... npx tsx scripts/footprint-variants.ts --postgres [--cwd=<checkout>] [--rounds=2] [--variants=base,size,...]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitUntilHealthy, freePort } from "../e2e/support/server";
import { onCleanup, runMain } from "./bench-events";
import { rssMb, SETTLE_SECONDS, signedReads, sleep, spawnExtraServer, startDeployment } from "./footprint";

const VARIANTS: Record<string, { flags?: string[]; env?: Record<string, string> }> = {
  base: {},
  size: { flags: ["--optimize-for-size"] },
  arena2: { env: { MALLOC_ARENA_MAX: "2" } },
  trim: { env: { MALLOC_ARENA_MAX: "2", MALLOC_TRIM_THRESHOLD_: "1048576", MALLOC_MMAP_THRESHOLD_: "262144" } },
  "single-gc": { flags: ["--single-threaded-gc"] },
  lite: { flags: ["--lite-mode"] },
  "no-opt": { flags: ["--max-opt=2"] },
};

/** CPU time the process has used, ms (user + system, from /proc; clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];

async function main() {
  const rounds = Number(option("rounds") ?? 1);
  const names = option("variants")?.split(",") ?? Object.keys(VARIANTS);
  // PGlite's socket admits two connections (the server and one more): several servers at once need PostgreSQL.
  const postgresUrl = process.argv.includes("--postgres") ? process.env.TEST_DATABASE_URL : undefined;
  const { npm } = await startDeployment({ postgresUrl, cwd: option("cwd") });
  const results: Record<string, Array<{ idle: number; load: number; after: number; requests: number; cpu: number }>> = {};
  for (let round = 0; round < rounds; round++) {
    const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
    const servers = [];
    for (const name of order) {
      const port = await freePort();
      const logFile = path.join(os.tmpdir(), `footprint-variant-${name}-${process.pid}.log`);
      onCleanup(async () => fs.rmSync(logFile, { force: true }));
      const started = spawnExtraServer(npm.pid!, port, { ...VARIANTS[name], logFile })!;
      servers.push({ name, port, logFile, ...started });
    }
    for (const s of servers) await waitUntilHealthy(`http://127.0.0.1:${s.port}`, s.server, s.logFile);
    await sleep(5_000);
    const measured = servers.map((s) => ({ ...s, idle: rssMb(s.server.pid!), load: 0, after: 0, requests: 0, cpu: 0, loadEnded: 0 }));
    for (const m of measured) {
      m.load = m.idle;
      const sampler = setInterval(() => (m.load = Math.max(m.load, rssMb(m.server.pid!))), 500);
      const cpuBefore = cpuMs(m.server.pid!);
      m.requests = (await signedReads(m.port)).requests.total;
      clearInterval(sampler);
      m.cpu = (cpuMs(m.server.pid!) - cpuBefore) / Math.max(1, m.requests);
      m.loadEnded = Date.now();
    }
    for (const m of measured) {
      await sleep(Math.max(0, m.loadEnded + SETTLE_SECONDS * 1000 - Date.now()));
      m.after = rssMb(m.server.pid!);
      await m.stop();
      (results[m.name] ??= []).push({ idle: m.idle, load: m.load, after: m.after, requests: m.requests, cpu: m.cpu });
      console.log(
        `round ${round + 1} ${m.name}: idle ${m.idle.toFixed(0)} load ${m.load.toFixed(0)} after ${m.after.toFixed(0)} ` +
          `MB, ${m.requests} requests, ${m.cpu.toFixed(2)} ms CPU each`,
      );
    }
  }
  console.log(
    "\n| variant | idle | peak under load | 60 s after | requests | server CPU per request | each run (idle / peak / after) |\n|---|---|---|---|---|---|---|",
  );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const name of names) {
    const rs = results[name]!;
    const runs = rs.map((r) => `${r.idle.toFixed(0)}/${r.load.toFixed(0)}/${r.after.toFixed(0)}`).join(", ");
    console.log(
      `| ${name} | ${median(rs.map((r) => r.idle)).toFixed(0)} | ${median(rs.map((r) => r.load)).toFixed(0)} ` +
        `| ${median(rs.map((r) => r.after)).toFixed(0)} | ${median(rs.map((r) => r.requests))} | ${median(rs.map((r) => r.cpu)).toFixed(2)} ` +
        `ms | ${runs} |`,
    );
  }
}

runMain(main);
