import { afterAll, describe, expect, it } from "vitest";
import { client } from "../support/api-client";
import { specialApps } from "../support/fixtures";
import { startReceiver, waitFor } from "../support/receiver";
import { startTwoInstances, type TwoInstances } from "../support/server";

// Two app instances on one PostgreSQL database, both running the delivery scheduler: every event
// must reach the receiver exactly once when it always answers 200.
const postgresUrl = process.env.TEST_DATABASE_URL;
let instances: TwoInstances | undefined;

afterAll(async () => {
  await instances?.stop();
}, 120_000);

describe.runIf(postgresUrl)("two instances", () => {
  it("never send the same event twice", async () => {
    instances = await startTwoInstances(postgresUrl!, { DELIVERY_INTERVAL_MS: "100" });
    const { first, secondUrl } = instances;

    const receiver = await startReceiver(() => ({ status: 200, delayMs: 20 }));
    try {
      const viaFirst = client(first.baseUrl, specialApps.events);
      const viaSecond = client(secondUrl, specialApps.events);
      const appId = `other:${specialApps.events.name}`;
      expect((await viaFirst("PUT", `/apps/${appId}`, { json: { notificationUrl: receiver.url } })).status).toBe(200);
      const ids: string[] = [];
      for (let i = 0; i < 150; i++) {
        const res = await (i % 2 ? viaSecond : viaFirst)("POST", `/apps/${appId}/events/test`);
        expect(res.status).toBe(201);
        ids.push(res.body.entry.id);
      }
      await waitFor(() => ids.every((id) => receiver.deliveredIds().has(id)), 60_000, "all deliveries");
      await new Promise((r) => setTimeout(r, 1500)); // room for any duplicate to arrive
      const counts = receiver.deliveredIds();
      expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
      expect(ids.every((id) => counts.get(id) === 1)).toBe(true);
    } finally {
      await receiver.close();
    }
  }, 240_000);
});
