// npm run bench:events [-- <events>]: events delivered per second to a local receiver, and the
// latency from the publishing request's response to the delivery, on PGlite and (when
// TEST_DATABASE_URL is set) on PostgreSQL. Results go to stdout as a markdown table.
import { client } from "../e2e/support/api-client";
import { specialApps } from "../e2e/support/fixtures";
import { startReceiver } from "../e2e/support/receiver";
import { startServer } from "../e2e/support/server";

const TOTAL = Number(process.argv[2] ?? 500);
const CONCURRENCY = 8;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function bench(database: "pglite" | "postgres") {
  console.log(`\n[${database}] starting a server...`);
  const server = await startServer({
    postgresUrl: database === "postgres" ? process.env.TEST_DATABASE_URL : undefined,
    env: { DELIVERY_INTERVAL_MS: "2000", WEBHOOK_TIMEOUT_MS: "15000", WEBHOOK_RETRY_SCHEDULE: "5s,5m,30m,2h,5h,10h,10h" },
  });
  const arrivals = new Map<string, number>();
  const receiver = await startReceiver((event) => {
    if (!arrivals.has(event.id)) arrivals.set(event.id, performance.now());
    return { status: 200 };
  });
  try {
    const api = client(server.baseUrl, specialApps.events);
    const appId = `other:${specialApps.events.name}`;
    await api("PUT", `/apps/${appId}`, { json: { notificationUrl: receiver.url } });
    await api("POST", `/apps/${appId}/events/test`); // warm-up
    const published = new Map<string, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TOTAL) {
          next++;
          const res = await api("POST", `/apps/${appId}/events/test`);
          if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${res.text}`);
          published.set(res.body.entry.id, performance.now());
          if (published.size % 100 === 0) console.log(`[${database}] published ${published.size}/${TOTAL}`);
        }
      }),
    );
    const publishSeconds = (performance.now() - started) / 1000;
    const deadline = Date.now() + 300_000;
    while ([...published.keys()].some((id) => !arrivals.has(id)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const missing = [...published.keys()].filter((id) => !arrivals.has(id)).length;
    const lastArrival = Math.max(...[...published.keys()].map((id) => arrivals.get(id) ?? 0));
    const latencies = [...published].filter(([id]) => arrivals.has(id)).map(([id, t]) => arrivals.get(id)! - t).sort((a, b) => a - b);
    return {
      database,
      published: TOTAL,
      publishPerSecond: TOTAL / publishSeconds,
      deliveredPerSecond: (TOTAL - missing) / ((lastArrival - started) / 1000),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1)!,
      missing,
    };
  } finally {
    await receiver.close();
    await server.stop();
  }
}

async function main() {
  const results = [await bench("pglite")];
  if (process.env.TEST_DATABASE_URL) results.push(await bench("postgres"));
  else console.log("\nTEST_DATABASE_URL is not set: PostgreSQL skipped.");
  console.log(`\n| database | events | published/s | delivered/s | latency p50 | p95 | max | lost |`);
  console.log(`|---|---|---|---|---|---|---|---|`);
  for (const r of results) {
    console.log(
      `| ${r.database} | ${r.published} | ${r.publishPerSecond.toFixed(0)} | ${r.deliveredPerSecond.toFixed(0)} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.max.toFixed(0)} ms | ${r.missing} |`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
