// The HTTP server the launcher starts: Next.js behind the guard of lib/registry/guarded-server.ts
// (requests Next cannot parse or would simplify get the API's own problem responses).
// Usage (the launcher passes these): node .build/serve.js <port> <host> [--dev]
import fs from "node:fs";
import path from "node:path";
import next from "next";
import { createGuardedServer } from "../lib/registry/guarded-server";

const [port = "3000", host = "0.0.0.0"] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const dev = process.argv.includes("--dev");

/**
 * The configuration `next build` resolved (its required-server-files.json), handed to Next.js as its
 * standalone server gets it: Next then neither loads next.config.js nor validates it again at start,
 * which leaves its config schema and loaders out of each web worker (about 20 MB, docs/decisions.md,
 * "Footprint"). The launcher rebuilds when next.config.js changes, so the two cannot differ. Without a
 * build (or in dev) nothing is set and Next.js loads next.config.js itself, as before.
 */
function takeBuiltConfig() {
  if (dev || process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) return;
  const file = path.join(process.env.NEXT_DIST_DIR || ".next", "required-server-files.json");
  const built = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as { config?: object }) : undefined;
  if (built?.config) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(built.config);
}

async function main() {
  takeBuiltConfig();
  const app = next({ dev, hostname: host, port: Number(port) });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createGuardedServer(handle, { port: Number(port) });
  server.listen(Number(port), host, () => console.log(`[serve] Node ${process.version} listening on http://${host}:${port}`));
}

// An explicit exit on SIGTERM (the launcher's stop) lets `--cpu-prof` write its profile.
process.on("SIGTERM", () => process.exit(0));
// Ctrl-C in a terminal reaches every process of the group: under the launcher (an IPC channel), its
// one SIGTERM stops this server, before it closes the database; run alone, SIGINT ends it.
process.on("SIGINT", () => {
  if (typeof process.send !== "function") process.exit(0);
});

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
