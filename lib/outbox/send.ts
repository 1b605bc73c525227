import { Agent, buildConnector, request } from "undici";
import { guardedLookup, literalHostRefusal, privateTargetsAllowed } from "./ssrf";

export interface SendResult {
  ok: boolean;
  statusCode?: number;
  latencyMs: number;
  responseExcerpt?: string;
  error?: string;
  /** Seconds from a Retry-After header, when the receiver sent one. */
  retryAfterSeconds?: number;
}

const EXCERPT_BYTES = 1024;
/** Past this much, the response body is dropped (and the connection with it) instead of read. */
const MAX_READ_BYTES = 64 * 1024;
/** Connections kept per receiver origin; the delivery worker never has more sends in flight to one. */
export const CONNECTIONS_PER_ORIGIN = 8;

const connectTcpOrTls = buildConnector({ lookup: guardedLookup });

/**
 * Keep-alive connections, each checked before it is opened: a host name through guardedLookup, an
 * IP-literal host (which never goes through a lookup) directly. One pool per setting, so a
 * connection opened while private targets were allowed is never reused once they are not.
 */
function newAgent(): Agent {
  return new Agent({
    connections: CONNECTIONS_PER_ORIGIN,
    keepAliveTimeout: 10_000,
    connect: (options, callback) => {
      const refused = literalHostRefusal(options.hostname);
      if (refused) return callback(refused, null);
      connectTcpOrTls(options, callback);
    },
  });
}
const agents = new Map<boolean, Agent>();
const currentAgent = () => {
  const allowed = privateTargetsAllowed();
  if (!agents.has(allowed)) agents.set(allowed, newAgent());
  return agents.get(allowed)!;
};

// The server's own built-in receiver (built-in-receiver.ts): a URL the server builds, never a user's.
let internalAgent: Agent | undefined;

const errorMessage = (error: unknown, timeoutMs: number): string => {
  const e = error as Error & { cause?: Error };
  if (e.name === "AbortError" || e.name === "TimeoutError") return `no response within ${timeoutMs} ms`;
  return e.cause?.message && !e.message.includes(e.cause.message) ? `${e.message}: ${e.cause.message}` : e.message;
};

/**
 * POSTs one delivery. Success is a 2xx within the timeout (connection, answer and body together);
 * redirects are not followed (a 3xx is a failure); the address is checked before connecting,
 * except for `internal` sends to the server's own built-in receiver.
 */
export async function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  { internal = false }: { internal?: boolean } = {},
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, latencyMs: 0, error: "invalid URL" };
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    return { ok: false, latencyMs: 0, error: `unsupported scheme ${target.protocol}` };
  }
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await request(target, {
      method: "POST",
      dispatcher: internal ? (internalAgent ??= new Agent({ connections: CONNECTIONS_PER_ORIGIN, keepAliveTimeout: 10_000 })) : currentAgent(),
      signal,
      headers: {
        ...headers,
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": "Switchboard-Webhooks/1.0",
      },
      body,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (size < EXCERPT_BYTES) chunks.push(chunk);
      size += chunk.length;
      if (size > MAX_READ_BYTES) {
        response.body.destroy();
        break;
      }
    }
    const status = response.statusCode;
    const retryAfter = Number(response.headers["retry-after"]);
    return {
      ok: status >= 200 && status < 300,
      statusCode: status,
      latencyMs: elapsed(),
      responseExcerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8"),
      ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
      ...(status >= 300 && status < 400 ? { error: `redirect to ${response.headers.location ?? "?"} not followed` } : {}),
    };
  } catch (error) {
    return { ok: false, latencyMs: elapsed(), error: errorMessage(signal.aborted ? signal.reason : error, timeoutMs) };
  }
}
