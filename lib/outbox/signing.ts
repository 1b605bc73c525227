import { createHmac, randomBytes } from "node:crypto";

// Standard Webhooks (standardwebhooks.com): webhook-signature = "v1,<base64 HMAC-SHA256 of
// '<webhook-id>.<webhook-timestamp>.<body>'>" keyed with the base64 part of "whsec_<base64>".

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** Headers for one delivery; during a secret rotation both signatures go, space-separated. */
export function webhookHeaders(secrets: string[], id: string, timestamp: number, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => webhookSignature(s, id, timestamp, body)).join(" "),
  };
}

/** How far a delivery's webhook-timestamp may be from the receiver's clock (Standard Webhooks' usual 5 minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * What a receiver checks, as docs/webhooks.md tells receivers to: the timestamp is recent and one
 * of the signatures is the HMAC of the body under one of the secrets. Returns why not, or undefined.
 */
export function signatureProblem(
  secrets: string[],
  headers: Record<string, string | undefined>,
  body: string,
  nowSeconds: number,
): string | undefined {
  const id = headers["webhook-id"];
  const timestamp = Number(headers["webhook-timestamp"]);
  const signatures = (headers["webhook-signature"] ?? "").split(" ").filter(Boolean);
  if (!id || !headers["webhook-timestamp"] || signatures.length === 0) return "webhook-id, webhook-timestamp or webhook-signature missing";
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    return `webhook-timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} s from the receiver's clock`;
  }
  const expected = new Set(secrets.map((s) => webhookSignature(s, id, timestamp, body)));
  return signatures.some((s) => expected.has(s)) ? undefined : "no signature matches the application's signing secret";
}
