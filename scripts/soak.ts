// npm run soak [-- --minutes=30 --workers=8 --postgres]: a long mixed load on the product started as
// `npm start` starts it (scripts/start.ts, a throwaway PGlite data directory, or with --postgres a
// fresh database on TEST_DATABASE_URL), to see whether memory, event-loop delay or errors drift.
// The load: signed reads, user creation, calls (placed and hung up), SMS, media uploads, and test
// events, with webhooks delivered to a receiver on loopback. Every minute it prints the RSS of the
// launcher and every process under it, the server's event-loop delay (from /rest/1.0/health), and
// the answers by kind. Not a test: it asserts nothing and exits 0 unless the server fails.
// Everything it starts is stopped, and every temporary folder and database removed, at the end.
import "./require-supported-node";
import fs from "node:fs";
import http from "node:http";
import { randomBytes, randomInt } from "node:crypto";
import { call, createLoggedInUser, demoApp, uniqueLogin, type Credentials } from "../e2e/support/api-client";
import { uploadBytes } from "../e2e/support/media-client";
import { serverPidsForPort } from "../e2e/support/server";
import { onCleanup, percentile, runMain, startBenchServer, type BenchServer } from "./bench-events";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value] = arg.replace(/^--/, "").split("=");
    return [name!, value ?? "true"] as const;
  }),
);
const MINUTES = Number(args.get("minutes") ?? 30);
const WORKERS = Number(args.get("workers") ?? 8);
const DATABASE = args.has("postgres") ? "postgres" : "pglite";
const APP_ID = "demo:demo-app";

type Kind = "read" | "create-user" | "call" | "sms" | "upload" | "test-event";
/** How often each kind of work is picked, out of the sum. */
const MIX: Array<[Kind, number]> = [
  ["read", 50],
  ["create-user", 8],
  ["call", 12],
  ["sms", 10],
  ["upload", 10],
  ["test-event", 10],
];

interface Tally {
  requests: number;
  ok: number;
  clientErrors: number;
  serverErrors: number;
  networkErrors: number;
  latencies: number[];
  byStatus: Map<string, number>;
}
const newTally = (): Tally => ({ requests: 0, ok: 0, clientErrors: 0, serverErrors: 0, networkErrors: 0, latencies: [], byStatus: new Map() });
let minute = newTally();
const total = newTally();

function count(kind: Kind, status: number | "network", ms: number) {
  for (const t of [minute, total]) {
    t.requests++;
    if (status === "network") t.networkErrors++;
    else if (status < 400) t.ok++;
    else if (status < 500) t.clientErrors++;
    else t.serverErrors++;
    if (t === minute) t.latencies.push(ms);
    const key = `${kind} ${status}`;
    t.byStatus.set(key, (t.byStatus.get(key) ?? 0) + 1);
  }
}

async function timed<T extends { status: number }>(kind: Kind, request: () => Promise<T>): Promise<T | undefined> {
  const started = performance.now();
  try {
    const res = await request();
    count(kind, res.status, performance.now() - started);
    return res;
  } catch {
    count(kind, "network", performance.now() - started);
    return undefined;
  }
}

/** Counts webhook deliveries without keeping them. */
async function startCountingReceiver() {
  let delivered = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      delivered++;
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`, delivered: () => delivered };
}

/** RSS (MB) of the launcher and every process under it: the embedded database, the HTTP server, the build's workers. */
function processGroupRssMb(port: number): number {
  const serverPid = serverPidsForPort(port)[0]!;
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // exited meanwhile
    }
  }
  const launcher = parentOf.get(serverPid)!;
  const group = [...parentOf.keys()].filter((pid) => {
    for (let p: number | undefined = pid; p && p > 1; p = parentOf.get(p)) if (p === launcher) return true;
    return false;
  });
  const kb = group.reduce((sum, pid) => {
    try {
      return sum + Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return sum;
    }
  }, 0);
  return Math.round(kb / 1024);
}

interface SmsUser {
  guid: string;
  creds: Credentials;
  number: string;
}

async function setUp(server: BenchServer, webhookUrl: string) {
  const app = (method: string, path: string, json?: unknown) => call(server.baseUrl, demoApp, method, path, json === undefined ? {} : { json });
  const hook = await app("PUT", `/apps/${APP_ID}`, { notificationUrl: webhookUrl });
  if (hook.status !== 200) throw new Error(`pointing webhooks at the receiver failed: ${hook.status} ${hook.text}`);
  const readers: Array<Awaited<ReturnType<typeof createLoggedInUser>>> = [];
  for (let i = 0; i < WORKERS; i++) readers.push(await createLoggedInUser(server.baseUrl));
  const smsUsers: SmsUser[] = [];
  for (const user of readers.slice(0, 4)) {
    const device = await app("POST", `/devices/${user.guid}`, { id: "@sms/GBR" });
    if (device.status !== 201) throw new Error(`an SMS number failed: ${device.status} ${device.text}`);
    smsUsers.push({ guid: user.guid, creds: user.creds, number: `tel:${(device.body.entry.id as string).slice("service:".length)}` });
  }
  const folder = `soak-${randomBytes(3).toString("hex")}`;
  const created = await app("POST", "/media/demo", { id: folder });
  if (created.status !== 201) throw new Error(`a media folder failed: ${created.status} ${created.text}`);
  for (let i = 0; i < 5; i++) {
    const file = await app("POST", `/media/demo/${folder}`, { id: `file-${i}.bin` });
    if (file.status !== 201) throw new Error(`a media file failed: ${file.status} ${file.text}`);
  }
  return { app, readers, smsUsers, folder };
}

async function worker(server: BenchServer, context: Awaited<ReturnType<typeof setUp>>, index: number, until: number) {
  const { app, readers, smsUsers, folder } = context;
  const me = readers[index % readers.length]!;
  const weights = MIX.reduce((sum, [, w]) => sum + w, 0);
  const phone = (lastFour = "7777") => `tel:+1555${randomInt(100, 999)}${randomInt(10, 99)}${lastFour}`;
  while (Date.now() < until) {
    let pick = randomInt(weights);
    const kind = MIX.find(([, w]) => (pick -= w) < 0)![0];
    switch (kind) {
      case "read":
        await timed(kind, () => call(server.baseUrl, me.creds, "GET", `/users/${me.guid}`));
        break;
      case "create-user":
        await timed(kind, () => app("POST", "/users", { login: uniqueLogin("soak"), password: "soak-password-1" }));
        break;
      case "call": {
        const placed = await timed(kind, () => app("POST", `/calls/${me.guid}`, { legs: [phone(), phone("0001")] }));
        if (placed?.status === 201) await timed(kind, () => app("PUT", `/calls/${me.guid}/${placed.body.entry.id}`, { mode: "hangup" }));
        break;
      }
      case "sms": {
        const from = smsUsers[index % smsUsers.length]!;
        await timed(kind, () =>
          call(server.baseUrl, from.creds, "POST", `/messages/${from.guid}/outbox`, {
            json: { recipients: [`tel:+44770${randomInt(10_000, 99_999)}${randomInt(5000, 9999)}`], body: "soak", sender: from.number },
          }),
        );
        break;
      }
      case "upload":
        // A few files overwritten again and again: the bytes on disk stay bounded.
        await timed(kind, () =>
          uploadBytes(server.baseUrl, demoApp, `/media/demo/${folder}/file-${randomInt(5)}.bin`, randomBytes(16 * 1024)).then(
            async (r) => (await r.arrayBuffer(), r),
          ),
        );
        break;
      case "test-event":
        await timed(kind, () => app("POST", `/apps/${APP_ID}/events/test`));
        break;
    }
  }
}

async function health(baseUrl: string): Promise<{ p99Ms?: number; maxMs?: number; status: number }> {
  try {
    const res = await fetch(`${baseUrl}/rest/1.0/health`);
    const body = (await res.json()) as { entry?: { eventLoopDelay?: { p99Ms: number; maxMs: number } } };
    return { status: res.status, ...body.entry?.eventLoopDelay };
  } catch {
    return { status: 0 };
  }
}

async function main() {
  const receiver = await startCountingReceiver();
  const server = await startBenchServer(DATABASE, { env: { WEBHOOK_ALLOW_PRIVATE: "true", LOG_LEVEL: "warn" } });
  console.log(`soak: ${MINUTES} min, ${WORKERS} workers, ${DATABASE}, ${server.baseUrl}`);
  const context = await setUp(server, receiver.url);
  const started = Date.now();
  const until = started + MINUTES * 60_000;
  const rows: string[] = [];
  const header = "| min | requests | req/s | 2xx-3xx | 4xx | 5xx | network | p50 ms | p99 ms | RSS MB | loop p99 ms | loop max ms | webhooks |";
  console.log(`${header}\n|---|---|---|---|---|---|---|---|---|---|---|---|---|`);
  let lastDelivered = 0;
  const report = async (n: number) => {
    const t = minute;
    minute = newTally();
    const sorted = t.latencies.sort((a, b) => a - b);
    const loop = await health(server.baseUrl);
    const delivered = receiver.delivered();
    const row =
      `| ${n} | ${t.requests} | ${Math.round(t.requests / 60)} | ${t.ok} | ${t.clientErrors} | ${t.serverErrors} ` +
      `| ${t.networkErrors} | ${Math.round(percentile(sorted, 50))} | ${Math.round(percentile(sorted, 99))} ` +
      `| ${processGroupRssMb(server.port)} | ${loop.p99Ms ?? "?"} | ${loop.maxMs ?? "?"} | ${delivered - lastDelivered} ` +
      `|`;
    lastDelivered = delivered;
    rows.push(row);
    console.log(row);
  };
  let n = 0;
  const timer = setInterval(() => void report(++n), 60_000);
  await Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(server, context, i, until)));
  clearInterval(timer);
  if (Date.now() - started - n * 60_000 > 5_000) await report(++n);
  console.log(
    `\ntotal: ${total.requests} requests, ${total.ok} 2xx-3xx, ${total.clientErrors} 4xx, ${total.serverErrors} ` +
      `5xx, ${total.networkErrors} network errors, ${receiver.delivered()} webhooks delivered`,
  );
  const unusual = [...total.byStatus].filter(([key]) => !/ (200|201|204)$/.test(key)).sort();
  if (unusual.length) console.log(`answers other than 200/201/204: ${unusual.map(([k, v]) => `${k}: ${v}`).join(", ")}`);
  if (total.serverErrors || total.networkErrors) process.exitCode = 1;
}

runMain(main);
