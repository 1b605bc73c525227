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
