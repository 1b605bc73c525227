// The HTTP server the launcher starts: Next.js behind the guard of lib/registry/guarded-server.ts
// (requests Next cannot parse or would simplify get the API's own problem responses).
// Usage (the launcher passes these): node .build/serve.js <port> <host> [--dev]
import next from "next";
import { createGuardedServer } from "../lib/registry/guarded-server";

const [port = "3000", host = "0.0.0.0"] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const dev = process.argv.includes("--dev");

async function main() {
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
