// Preloaded into the Next.js server by the launcher (NODE_OPTIONS=--require). Next.js keeps an
// X-Forwarded-For the client sent and never adds the socket address to it, so a client could pick
// its own address and escape per-address sign-in limits. Here every request gets the real peer
// appended, before Next.js sees it; lib/security/client-address.ts reads it back.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS, loaded by node --require
const http = require("node:http");

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitWithPeerAddress(event, request, ...rest) {
  if (event === "request") {
    const peer = request.socket.remoteAddress ?? "unknown";
    const sent = request.headers["x-forwarded-for"];
    request.headers["x-forwarded-for"] = sent ? `${sent}, ${peer}` : peer;
  }
  return emit.call(this, event, request, ...rest);
};
