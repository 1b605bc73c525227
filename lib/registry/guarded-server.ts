import http from "node:http";
import type { Duplex } from "node:stream";
import { ApiError } from "@/lib/core/errors/api-error";
import { config } from "@/lib/core/config";
import { originOfHost } from "@/lib/core/urls";
import { RAW_QUERY_HEADER, rawQueryOf } from "@/lib/http/rest/raw-query";
import { problemResponse, requestIdFor } from "@/lib/http/rest/responses";
import { isServerWideOptions, oversizedBody, refusalOf, type RawRequest } from "./malformed-request";

// The HTTP server in front of the app's handler (Next.js under scripts/serve.ts; the route modules
// themselves under the API tests' in-process harness): requests Next cannot turn into a Request
// (TRACE, "GET *", invalid percent-encoding: a bare 500) or would silently simplify (duplicate
// Authorization headers, non-standard methods: a bare 400) get the API's own problem responses, and
// the real peer address is appended to X-Forwarded-For, which Next.js passes on as the client sent
// it (lib/http/limits/client-address.ts reads it back for the sign-in limits).

export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

async function send(res: http.ServerResponse, response: Response) {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The problem response for a request refused in front of Next.js, with its X-Request-Id. */
function refusalResponse(req: http.IncomingMessage, refusal: ApiError): Response {
  const requestId = requestIdFor(new Request("http://localhost/", { headers: { "x-request-id": String(req.headers["x-request-id"] ?? "") } }));
  const response = problemResponse(refusal, requestId, originOfHost(req.headers.host));
  response.headers.set("X-Request-Id", requestId);
  return response;
}

/**
 * Reads and discards a refused request's body (at most `limit` bytes) before the answer goes out:
 * closing a socket with unread bytes makes the kernel reset it, and the client loses the answer.
 */
function bodyDiscarded(req: http.IncomingMessage, limit: number): Promise<void> {
  if (req.complete) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    // a client that stops sending does not hold the answer longer than this
    const timer = setTimeout(() => done(), 5_000);
    const done = () => {
      clearTimeout(timer);
      req.removeListener("data", count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) done();
    };
    req.on("data", count).once("end", done).once("error", done).once("close", done);
  });
}

/**
 * Next.js answers some requests without reading their body (a GET that carries one, a route that
 * refuses before parsing): their answer's last write waits until the body is read and dropped,
 * or Node would close the connection with bytes unread, and the reset cuts off the answer.
 */
function endAfterBody(req: http.IncomingMessage, res: http.ServerResponse, limit: number) {
  if (!req.headers["transfer-encoding"] && !Number(req.headers["content-length"])) return;
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.end = ((...args: unknown[]) => {
    if (req.complete) return end(...args);
    void bodyDiscarded(req, limit).then(() => end(...args));
    return res;
  }) as typeof res.end;
}

/** Writes a response straight to a socket Node handed over (CONNECT has no ServerResponse), then closes it. */
async function sendOnSocket(socket: Duplex, response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  const head = [
    `HTTP/1.1 ${response.status} ${http.STATUS_CODES[response.status] ?? ""}`,
    ...[...response.headers].map(([name, value]) => `${name}: ${value}`),
  ];
  head.push(`Content-Length: ${body.length}`, "Connection: close");
  socket.end(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "latin1"), body]));
}

/** An HTTP server passing what the guard lets through to `handle`; not listening yet. */
export function createGuardedServer(handle: NodeHandler, { port }: { port: number }): http.Server {
  const publicUrl = config().PUBLIC_URL;
  /** Next.js behind the checks that need no body; `raw` has passed the body-size check. */
  const guarded = (req: http.IncomingMessage, res: http.ServerResponse, raw: RawRequest) => {
    const refusal = refusalOf(raw);
    if (!refusal) {
      const sent = req.headers["x-forwarded-for"];
      const peer = req.socket.remoteAddress ?? "unknown";
      req.headers["x-forwarded-for"] = sent ? `${sent}, ${peer}` : peer;
      // Without PUBLIC_URL, Auth.js builds sign-in and sign-out URLs from X-Forwarded-Host/-Proto
      // (Next.js fills them only when absent): they say what this server saw, never what a client claims.
      if (!publicUrl) {
        req.headers["x-forwarded-host"] = req.headers.host;
        req.headers["x-forwarded-proto"] = "http";
        req.headers["x-forwarded-port"] = String(port);
      }
      const rawQuery = rawQueryOf(raw.target);
      if (rawQuery === null) delete req.headers[RAW_QUERY_HEADER];
      else req.headers[RAW_QUERY_HEADER] = rawQuery;
      endAfterBody(req, res, config().MAX_BODY_BYTES);
      return void handle(req, res);
    }
    void Promise.all([refusal, bodyDiscarded(req, config().MAX_BODY_BYTES)]).then(([error]) => send(res, refusalResponse(req, error)));
  };
  const server = http.createServer((req, res) => {
    const raw = { method: req.method ?? "GET", target: req.url ?? "/", rawHeaders: req.rawHeaders };
    if (isServerWideOptions(raw)) {
      res.writeHead(204, { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" }).end();
      return;
    }
    // Declared past the limit: answered without reading the body, or (a streamed upload) let through.
    const tooLarge = oversizedBody(raw, config().MAX_BODY_BYTES);
    if (!tooLarge) return guarded(req, res, raw);
    void tooLarge.then((refusal) => {
      if (!refusal) return guarded(req, res, raw);
      // The body is never read: the connection closes after the answer.
      res.shouldKeepAlive = false;
      return send(res, refusalResponse(req, refusal));
    });
  });
  // Node hands CONNECT to this event, never to the request handler (without a listener it just
  // closes the connection): no proxying here, so it gets the 405 every other refused method gets.
  server.on("connect", (req: http.IncomingMessage, socket: Duplex) => {
    socket.on("error", () => socket.destroy());
    void Promise.resolve(refusalOf({ method: req.method ?? "CONNECT", target: req.url ?? "/", rawHeaders: req.rawHeaders })).then((refusal) =>
      sendOnSocket(socket, refusalResponse(req, refusal ?? new ApiError("method_not_allowed", "CONNECT is not allowed."))),
    );
  });
  // Node's parser refuses what is not HTTP (a space or a control byte in the path, a broken header)
  // before any handler sees it, and by default closes at once, often before the client has read the
  // answer. Here the refusal is a problem body, and the rest of what the client sends is read and
  // dropped (up to the body limit) so that closing does not reset the connection under the answer.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
    const refusal = new ApiError(
      "bad_request",
      tooLarge
        ? "The request's headers are too large."
        : "The request is not valid HTTP/1.1: check the request line (method, path without spaces or raw non-ASCII bytes, version) and the headers.",
    );
    // Node's own listener would feed the rest to the failed parser, which errs again on every chunk.
    socket.removeAllListeners("data");
    let dropped = 0;
    socket.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > config().MAX_BODY_BYTES) socket.destroy();
    });
    socket.once("end", () => socket.destroy());
    socket.resume();
    setTimeout(() => socket.destroy(), 5_000).unref();
    void sendOnSocket(socket, refusalResponse({ headers: {} } as http.IncomingMessage, refusal));
  });
  return server;
}
