import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { AsyncLocalStorage } from "node:async_hooks";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { inject } from "vitest";
import { startEmbeddedDatabase } from "@/lib/core/db/embedded";
import { copyPgliteTemplate, copyPostgresTemplate } from "./database-copy";
import { matchRoute, routeFiles, type RouteModule } from "./route-modules";
import { freePort, testServerEnv } from "./server-env";

// The API tests' in-process harness: the app's route modules behind the same guard as
// scripts/serve.ts, in the test file's own process, on a database of its own (a copy of the run's
// migrated and seeded template, e2e/support/database-template.ts: PGlite in a temporary folder, or
// a database on TEST_DATABASE_URL's server), with the schedulers and the engine's hooks bound as at
// server start. No Next.js server boots: a file's server is ready in about a second. What only the
// real server has (pages, the portal's session, Next's own request handling, a process to measure
// or kill) stays with the suites that start one (e2e/support/server.ts).
//
// A test file imports this module first: evaluating it sets the process's environment (the
// database's URL above all, which lib/core/db/client.ts reads when it is loaded) before any of the
// app's modules load. Vitest runs each file in a process of its own.

export interface InProcessServer {
  baseUrl: string;
  database: "pglite" | "postgres";
  dataDir: string;
  stop: () => Promise<void>;
}

const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD"]);

if ((globalThis as { pool?: unknown }).pool) {
  throw new Error("The database client was loaded before e2e/support/in-process-server.ts: import the harness first in the test file.");
}
// Next.js's request-scope storages, which its after() reads (Next.js internals, used by the voicemail
// and events tests); they need the AsyncLocalStorage global Next.js's own server sets before they load.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
const { workAsyncStorage } = await import("next/dist/server/app-render/work-async-storage.external.js");
const { workUnitAsyncStorage } = await import("next/dist/server/app-render/work-unit-async-storage.external.js");

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-inproc-"));
const template = inject("databaseTemplate");
const copy = template.postgres ? await copyPostgresTemplate(template) : undefined;
if (!copy) copyPgliteTemplate(template, dataDir);
const embedded = copy ? undefined : await startEmbeddedDatabase(dataDir);
// What the launcher gives the server it starts (scripts/start.ts); the template's secrets, which
// encrypted what its seed wrote.
Object.assign(process.env, testServerEnv({ port, dataDir, databaseUrl: copy?.url ?? embedded!.url }), {
  ENCRYPTION_KEY: template.encryptionKey,
  AUTH_SECRET: template.authSecret,
  DB_EMBEDDED: embedded ? "1" : "0",
  ...(embedded ? { DB_POOL_MAX: "1" } : {}),
  AUTH_URL: `http://localhost:${port}`,
  AUTH_TRUST_HOST: "true",
});

/** Starts serving this file's database on its port; call once, at the top of the test file. */
export async function startInProcessServer(): Promise<InProcessServer> {
  const { reloadConfig } = await import("@/lib/core/config");
  reloadConfig();
  let stopJobs = () => {};
  let server: http.Server | undefined;
  const inFlight = new Set<Promise<unknown>>();
  const stop = async () => {
    stopJobs();
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
    }
    // A scheduler's request may still be running: the database closes after it.
    await Promise.allSettled(inFlight);
    const { closeDatabase } = await import("@/lib/core/db/client");
    await closeDatabase().catch(() => {});
    await embedded?.stop();
    await copy?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { onServerStart } = await import("@/lib/registry/server-start");
    const { createGuardedServer } = await import("@/lib/registry/guarded-server");
    stopJobs = onServerStart();
    const handle = routeHandler();
    server = createGuardedServer(
      (req, res) => {
        const answered = handle(req, res).finally(() => inFlight.delete(answered));
        inFlight.add(answered);
      },
      { port },
    );
    await new Promise<void>((resolve, reject) => server!.once("error", reject).listen(port, "127.0.0.1", resolve));
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://localhost:${port}`, database: copy ? "postgres" : "pglite", dataDir, stop };
}

/** Answers a request from the route module that Next.js would pick, as Next.js does for routes. */
function routeHandler() {
  const routes = routeFiles(path.resolve("app"));
  const modules = new Map<string, Promise<RouteModule>>();
  const load = (file: string) => modules.get(file) ?? modules.set(file, import(file) as Promise<RouteModule>).get(file)!;

  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
      const match = matchRoute(routes, url.pathname);
      if (!match) return void res.writeHead(404, { "Content-Type": "text/plain" }).end(`No route file serves ${url.pathname} in process.`);
      const handlers = await load(match.file);
      const method = req.method ?? "GET";
      const handler = handlers[method] ?? (method === "HEAD" ? handlers.GET : undefined);
      if (!handler) {
        const allow = Object.keys(handlers).filter((name) => /^[A-Z]+$/.test(name));
        return void res.writeHead(method === "OPTIONS" ? 204 : 405, { Allow: allow.join(", ") }).end();
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
      }
      const request = new Request(url, {
        method,
        headers,
        body: METHODS_WITHOUT_BODY.has(method) ? undefined : (Readable.toWeb(req) as ReadableStream),
        duplex: "half",
      } as RequestInit);
      // after() (lib/outbox, lib/voicemail) finds a request scope as under Next.js: its tasks run once the answer is sent.
      const afterTasks: Array<(() => unknown) | Promise<unknown>> = [];
      const workStore = { afterContext: { after: (task: (() => unknown) | Promise<unknown>) => void afterTasks.push(task) } };
      // Only what after() reads: route handlers here use no other request-scoped Next.js API.
      type WorkStore = Parameters<typeof workAsyncStorage.run>[0];
      type WorkUnitStore = Parameters<typeof workUnitAsyncStorage.run>[0];
      const response = await workAsyncStorage.run(workStore as unknown as WorkStore, () =>
        workUnitAsyncStorage.run({ type: "request" } as unknown as WorkUnitStore, () => handler(request, { params: Promise.resolve(match.params) })),
      );
      await send(res, response, method, configHeaders(url.pathname));
      for (const task of afterTasks) await (typeof task === "function" ? task() : task);
    } catch (error) {
      console.error("in-process route failed", error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("Internal Server Error");
    }
  };
}

/** What next.config.js's headers() adds to a path (its sources: "/:path*", or a regular expression). */
const nextConfigRules: Promise<Array<{ source: RegExp; headers: Array<{ key: string; value: string }> }>> = import(
  path.resolve("next.config.js")
).then(async (loaded: { default: { headers?: () => Promise<Array<{ source: string; headers: Array<{ key: string; value: string }> }>> } }) =>
  ((await loaded.default.headers?.()) ?? []).map((rule) => ({
    source: new RegExp(`^${rule.source === "/:path*" ? "/.*" : rule.source}$`),
    headers: rule.headers,
  })),
);

async function configHeaders(pathname: string): Promise<Array<{ key: string; value: string }>> {
  return (await nextConfigRules).filter((rule) => rule.source.test(pathname)).flatMap((rule) => rule.headers);
}

async function send(res: http.ServerResponse, response: Response, method: string, extra: Promise<Array<{ key: string; value: string }>>) {
  const cookies = response.headers.getSetCookie();
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  // As with Next.js, a header the configuration sets replaces the route's own.
  for (const { key, value } of await extra) headers[key.toLowerCase()] = value;
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  if (!response.body || method === "HEAD") {
    await response.body?.cancel();
    return void res.end();
  }
  // pipeline also settles when the client goes away mid-body (the harness's stop waits for it).
  await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), res).catch(() => {});
}
