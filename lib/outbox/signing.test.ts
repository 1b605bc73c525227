import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signatureProblem, webhookHeaders, webhookSignature } from "./signing";

describe("Standard Webhooks signatures", () => {
  it("matches the published test vector", () => {
    expect(webhookSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("verifies with the snippet in docs/webhooks.md", () => {
    // The receiver-side check exactly as documented for customers.
    const verify = (secret: string, id: string, timestamp: string, body: string, header: string) => {
      const key = Buffer.from(secret.split("_")[1]!, "base64");
      const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
      return header.split(" ").some((sig) => sig === `v1,${expected}`);
    };
    const secret = newWebhookSecret();
    const headers = webhookHeaders([secret], "evt_1", 1700000000, "Json=%7B%7D");
    expect(verify(secret, "evt_1", headers["webhook-timestamp"]!, "Json=%7B%7D", headers["webhook-signature"]!)).toBe(true);
    expect(verify(secret, "evt_1", headers["webhook-timestamp"]!, "Json=%7B%7D ", headers["webhook-signature"]!)).toBe(false);
  });

  it("sends one signature per secret during a rotation", () => {
    const [oldSecret, newSecret] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders([newSecret, oldSecret], "evt_2", 1700000000, "b");
    expect(headers["webhook-signature"]!.split(" ")).toEqual([
      webhookSignature(newSecret, "evt_2", 1700000000, "b"),
      webhookSignature(oldSecret, "evt_2", 1700000000, "b"),
    ]);
  });

  it("makes whsec_ secrets of 24 random bytes", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});

describe("the built-in receiver's check (signatureProblem)", () => {
  const secret = newWebhookSecret();
  const body = "Json=%7B%7D";
  const now = 1_800_000_000;
  const headersAt = (t: number, secrets = [secret]) => webhookHeaders(secrets, "evt_1", t, body);

  it("accepts a fresh delivery signed with one of the secrets, as during a rotation", () => {
    expect(signatureProblem([secret], headersAt(now), body, now)).toBeUndefined();
    expect(signatureProblem([newWebhookSecret(), secret], headersAt(now, [secret]), body, now + 299)).toBeUndefined();
  });

  it("says why it refuses: another secret, a changed body, an old timestamp, a missing header", () => {
    expect(signatureProblem([newWebhookSecret()], headersAt(now), body, now)).toMatch(/no signature matches/);
    expect(signatureProblem([secret], headersAt(now), `${body}x`, now)).toMatch(/no signature matches/);
    expect(signatureProblem([secret], headersAt(now - 301), body, now)).toMatch(/more than 300 s/);
    expect(signatureProblem([secret], { "webhook-id": "evt_1" }, body, now)).toMatch(/missing/);
  });
});
