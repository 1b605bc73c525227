// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "@/e2e/support/in-process-server";
import { createHmac } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { client, otherApp } from "@/e2e/support/api-client";
import { demo, specialApps } from "@/e2e/support/fixtures";
import { startReceiver, waitFor } from "@/e2e/support/receiver";

// The built-in receiver (docs/webhooks.md, "Watching deliveries"): while an application watches it,
// its deliveries also go there through the real sender and signer, and the receiver records them
// with its signature check, for that application (and its developer) only.
const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const { watch } = specialApps;
const app = client(baseUrl, watch);
const appId = `other:${watch.name}`;

/** The check docs/webhooks.md gives receivers, applied to what the built-in receiver recorded. */
function verifies(secret: string, headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(secret.split("_")[1]!, "base64");
  const expected = "v1," + createHmac("sha256", key).update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`).digest("base64");
  return headers["webhook-signature"]!.split(" ").includes(expected);
}

async function received(eventId: string) {
  return waitFor(
    async () => {
      const res = await app("GET", `/apps/${appId}/receiver`);
      expect(res.status).toBe(200);
      return res.body.entry.deliveries.find((d: { eventId: string }) => d.eventId === eventId);
    },
    15_000,
    `${eventId} at the built-in receiver`,
  );
}

describe("the built-in webhook receiver", () => {
  it("records a delivery with no notification URL, signed and verified", async () => {
    expect((await app("PUT", `/apps/${appId}`, { json: { notificationUrl: null } })).status).toBe(200);
    const watched = await app("GET", `/apps/${appId}/receiver`);
    expect(watched.status).toBe(200);
    expect(Date.parse(watched.body.entry.watchingUntil)).toBeGreaterThan(Date.now() + 5 * 60_000);

    const sent = await app("POST", `/apps/${appId}/events/test`);
    expect(sent.status).toBe(201);
    // Watched: there is somewhere to deliver it, so it is not "disabled".
    expect(sent.body.entry.status).toBe("pending");
    const got = await received(sent.body.entry.id);
    expect(got).toMatchObject({ type: "TestEvent", signatureValid: true, verification: "signature valid" });
    expect(got.event).toMatchObject({ id: sent.body.entry.id, type: "TestEvent" });
    expect(got.headers).toMatchObject({ "webhook-id": sent.body.entry.id, "content-type": "application/x-www-form-urlencoded" });
    // The server's own admission header is not part of the delivery shown.
    expect(got.headers["x-jobs-signature"]).toBeUndefined();
    expect(verifies(watch.webhookSecret, got.headers, got.body)).toBe(true);

    const event = await waitFor(
      async () => {
        const e = (await app("GET", `/apps/${appId}/events/${sent.body.entry.id}`)).body.entry;
        return e.status === "delivered" ? e : undefined;
      },
      15_000,
      "the event delivered",
    );
    expect(event.deliveries[0]).toMatchObject({ statusCode: 200, url: expect.stringMatching(/\/api\/receiver\/[0-9a-f-]{36}$/) });
  });

  it("gets a copy of each delivery to the notification URL, which still gets its own", async () => {
    const receiver = await startReceiver();
    try {
      expect((await app("PUT", `/apps/${appId}`, { json: { notificationUrl: receiver.url } })).status).toBe(200);
      await app("GET", `/apps/${appId}/receiver`);
      const sent = await app("POST", `/apps/${appId}/events/test`);
      const id = sent.body.entry.id;
      const copy = await received(id);
      const original = await waitFor(() => receiver.received.find((r) => r.event.id === id), 15_000, "the original delivery");
      expect(copy.body).toBe(original.body);
      expect(copy.headers["webhook-signature"]).toBe(original.headers["webhook-signature"]);
      expect(copy.signatureValid).toBe(true);
      // The event's log is about the notification URL only.
      const event = await waitFor(async () => {
        const e = (await app("GET", `/apps/${appId}/events/${id}`)).body.entry;
        return e.status === "delivered" ? e : undefined;
      });
      expect(event.deliveries.map((d: { url: string }) => d.url)).toEqual([receiver.url]);
    } finally {
      await app("PUT", `/apps/${appId}`, { json: { notificationUrl: null } });
      await receiver.close();
    }
  });

  it("is visible only to its own application: another domain's gets 404, and a forged POST is refused", async () => {
    expect((await client(baseUrl, otherApp)("GET", `/apps/${appId}/receiver`)).status).toBe(403);
    expect((await client(baseUrl)("GET", `/apps/${appId}/receiver`)).status).toBe(404);
    expect((await app("GET", `/apps/${demo.domain}:${demo.appName}/receiver`)).status).toBe(404);
    expect((await app("GET", `/apps/${appId}/receiver?since=yesterday`)).status).toBe(400);

    const watched = await app("GET", `/apps/${appId}/receiver`);
    const anyId = watched.body.entry.deliveries[0]?.eventId;
    expect(anyId).toBeDefined();
    // Only the server's own sends (with its jobs signature) reach the receiver route.
    const forged = await fetch(`${baseUrl}/api/receiver/00000000-0000-4000-8000-000000000000`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "webhook-id": "evt_forged" },
      body: "Json=%7B%7D",
    });
    expect(forged.status).toBe(401);
  });
});
