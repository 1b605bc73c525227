import http from "node:http";

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The parsed value of the Json form parameter. */
  event: any;
  status: number;
}

export type Behaviour = (event: any, attempt: number) => { status?: number; delayMs?: number; headers?: Record<string, string> } | "hang";

/** A webhook receiver on 127.0.0.1 that records every request and answers as `behaviour` says. */
export async function startReceiver(behaviour: Behaviour = () => ({ status: 200 }), port = 0) {
  const received: Received[] = [];
  const attemptsById = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", async () => {
      const event = JSON.parse(new URLSearchParams(body).get("Json") ?? "null");
      const attempt = (attemptsById.get(event?.id) ?? 0) + 1;
      attemptsById.set(event?.id, attempt);
      const answer = behaviour(event, attempt);
      if (answer === "hang") return; // never answers: the sender times out
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      const status = answer.status ?? 200;
      received.push({ headers: req.headers, body, event, status });
      res.writeHead(status, answer.headers).end(status < 300 ? "ok" : `refused with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    port: address.port,
    received,
    /** Events answered with a 2xx, by id, with how many times each came. */
    deliveredIds: () => {
      const counts = new Map<string, number>();
      for (const r of received) if (r.status < 300) counts.set(r.event.id, (counts.get(r.event.id) ?? 0) + 1);
      return counts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function waitFor<T>(fn: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
