import http from "node:http";
import https from "node:https";
import { guardedLookup } from "./ssrf";

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

/**
 * POSTs one delivery. Success is a 2xx within the timeout; redirects are not followed (a 3xx is a
 * failure); the address is checked at connect time (guardedLookup).
 */
export function sendWebhook(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ ok: false, latencyMs: 0, error: "invalid URL" });
    }
    const client = target.protocol === "https:" ? https : target.protocol === "http:" ? http : undefined;
    if (!client) return resolve({ ok: false, latencyMs: 0, error: `unsupported scheme ${target.protocol}` });
    const request = client.request(
      target,
      {
        method: "POST",
        lookup: guardedLookup,
        headers: {
          ...headers,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Switchboard-Webhooks/1.0",
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          const retryAfter = Number(response.headers["retry-after"]);
          resolve({
            ok: status >= 200 && status < 300,
            statusCode: status,
            latencyMs: elapsed(),
            responseExcerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8"),
            ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
            ...(status >= 300 && status < 400 ? { error: `redirect to ${response.headers.location ?? "?"} not followed` } : {}),
          });
        });
        response.on("error", (error) => resolve({ ok: false, statusCode: response.statusCode, latencyMs: elapsed(), error: error.message }));
      },
    );
    request.on("error", (error) =>
      resolve({
        ok: false,
        latencyMs: elapsed(),
        error: error.name === "AbortError" || error.name === "TimeoutError" ? `no response within ${timeoutMs} ms` : error.message,
      }),
    );
    request.end(body);
  });
}
