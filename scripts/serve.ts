// The HTTP server the launcher starts: Next.js behind a guard for requests Next cannot turn into a
// Request (TRACE, "GET *", invalid percent-encoding: a bare 500) or would silently simplify
// (duplicate Authorization headers, non-standard methods: a bare 400). Those get the API's own
// problem responses. It also appends the real peer address to X-Forwarded-For, which Next.js
// passes on as the client sent it (lib/security/client-address.ts reads it back for the sign-in
// limits). Usage (the launcher passes these): tsx scripts/serve.ts <port> <host> [--dev]
import http from "node:http";
import next from "next";
import { isServerWideOptions, refusalOf } from "../lib/rest/malformed-request";
import { RAW_QUERY_HEADER, rawQueryOf } from "../lib/rest/raw-query";
import { problemResponse, requestIdFor } from "../lib/rest/responses";

const [port = "3000", host = "0.0.0.0"] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const dev = process.argv.includes("--dev");

async function send(res: http.ServerResponse, response: Response) {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function main() {
  const app = next({ dev, hostname: host, port: Number(port) });
  const handle = app.getRequestHandler();
  await app.prepare();
  http
    .createServer((req, res) => {
      const raw = { method: req.method ?? "GET", target: req.url ?? "/", rawHeaders: req.rawHeaders };
      if (isServerWideOptions(raw)) {
        res.writeHead(204, { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" }).end();
        return;
      }
      const refusal = refusalOf(raw);
      if (!refusal) {
        const sent = req.headers["x-forwarded-for"];
        const peer = req.socket.remoteAddress ?? "unknown";
        req.headers["x-forwarded-for"] = sent ? `${sent}, ${peer}` : peer;
        const rawQuery = rawQueryOf(raw.target);
        if (rawQuery === null) delete req.headers[RAW_QUERY_HEADER];
        else req.headers[RAW_QUERY_HEADER] = rawQuery;
        return void handle(req, res);
      }
      const requestId = requestIdFor(new Request("http://localhost/", { headers: { "x-request-id": String(req.headers["x-request-id"] ?? "") } }));
      const response = problemResponse(refusal, requestId);
      response.headers.set("X-Request-Id", requestId);
      void send(res, response);
    })
    .listen(Number(port), host, () => console.log(`[serve] listening on http://${host}:${port}`));
}

// An explicit exit on SIGTERM (the launcher's stop) lets `--cpu-prof` write its profile.
process.on("SIGTERM", () => process.exit(0));

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
