import http from "node:http";
import type net from "node:net";

// A reverse proxy on 127.0.0.1 that sends each request to the next of its upstream servers in turn,
// as a load balancer in front of several app instances would (round robin, no stickiness). It keeps
// the Host the client used and adds X-Forwarded-For / -Proto / -Host, as Caddy and nginx do.

export interface AlternatingProxy {
  url: string;
  port: number;
  /** Requests sent to each upstream, in the order given. */
  served: number[];
  close: () => Promise<void>;
}

export async function startAlternatingProxy(upstreamPorts: number[], port = 0): Promise<AlternatingProxy> {
  const served = upstreamPorts.map(() => 0);
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    const index = next++ % upstreamPorts.length;
    served[index]!++;
    const headers = {
      ...request.headers,
      // Appended to what the client sent, as proxies do: the server trusts only the last TRUSTED_PROXY_HOPS entries.
      "x-forwarded-for": [request.headers["x-forwarded-for"], request.socket.remoteAddress ?? "127.0.0.1"].filter(Boolean).join(", "),
      "x-forwarded-proto": "http",
      "x-forwarded-host": request.headers.host ?? "",
    };
    const upstream = http.request({ host: "127.0.0.1", port: upstreamPorts[index], method: request.method, path: request.url, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on("error", (error) => {
      response.writeHead(502, { "Content-Type": "text/plain" });
      response.end(`upstream ${upstreamPorts[index]}: ${error.message}`);
    });
    request.pipe(upstream);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as net.AddressInfo).port;
  return {
    url: `http://localhost:${actual}`,
    port: actual,
    served,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
