import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { client } from "../support/api-client";
import { specialApps } from "../support/fixtures";
import { startReceiver, waitFor } from "../support/receiver";
import { launch, startServer, stopProcess, waitUntilHealthy, type TestServer } from "../support/server";

// The private-target rule is checked at each delivery against the current setting: a URL saved
// while private targets were allowed is refused once they are not. Its own server, restarted on
// the same database with the other setting. Nothing is ever sent beyond 127.0.0.1.
let server: TestServer | undefined;
let restarted: ReturnType<typeof launch> | undefined;

afterAll(async () => {
  if (restarted) await stopProcess(restarted);
  await server?.stop();
}, 60_000);

describe("webhook targets", () => {
  it("refuses at delivery a private URL saved while private targets were allowed", async () => {
    server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined, env: { WEBHOOK_ALLOW_PRIVATE: "true" } });
    const receiver = await startReceiver();
    try {
      const app = client(server.baseUrl, specialApps.events);
      const appId = `other:${specialApps.events.name}`;
      expect((await app("PUT", `/apps/${appId}`, { json: { notificationUrl: receiver.url } })).status).toBe(200);

      await stopProcess(server.process);
      const log = path.join(server.dataDir, "restarted.log");
      restarted = launch({ ...server.env, WEBHOOK_ALLOW_PRIVATE: "false" }, log);
      await waitUntilHealthy(`http://127.0.0.1:${server.env.PORT}`, restarted, log);

      const sent = await app("POST", `/apps/${appId}/events/test`);
      expect(sent.status).toBe(201);
      const event = await waitFor(
        async () => {
          const e = (await app("GET", `/apps/${appId}/events/${sent.body.entry.id}`)).body.entry;
          return e.deliveries?.length ? e : undefined;
        },
        15_000,
        "a refused attempt",
      );
      expect(event.status).toBe("pending");
      expect(event.deliveries[0].error).toMatch(/refused: 127\.0\.0\.1 is a loopback address/);
      // The refusal says how to allow it, and what needs no URL (issue 26, fix 3).
      expect(event.deliveries[0].error).toMatch(/WEBHOOK_ALLOW_PRIVATE=true.*HOST=127\.0\.0\.1.*built-in receiver/);
      expect(receiver.received).toHaveLength(0);
      // The same URL cannot be saved again under this setting either, and the 400 says the same.
      const saved = await app("PUT", `/apps/${appId}`, { json: { notificationUrl: receiver.url } });
      expect(saved.status).toBe(400);
      expect(saved.body.detail).toMatch(/WEBHOOK_ALLOW_PRIVATE=true.*HOST=127\.0\.0\.1.*built-in receiver/);
    } finally {
      await receiver.close();
    }
  }, 240_000);
});
