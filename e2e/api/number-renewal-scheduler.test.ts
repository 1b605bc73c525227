import { afterAll, beforeAll, expect, it } from "vitest";
import { waitFor } from "../support/receiver";
import { startRenewalServer } from "../support/number-renewal";

// The in-server scheduler runs the renewal by itself (once a minute by default; every 2 s here, through
// NUMBER_RENEWAL_INTERVAL_MS, so the test does not wait for a minute to pass), delivery ticks slowed
// down so nothing else uses the database meanwhile.
let harness: Awaited<ReturnType<typeof startRenewalServer>>;

beforeAll(async () => {
  harness = await startRenewalServer({ DELIVERY_INTERVAL_MS: "3600000", NUMBER_RENEWAL_INTERVAL_MS: "2000" });
}, 180_000);

afterAll(async () => harness?.stop(), 120_000);

it("renews a number past its paidUntil at the scheduler's next look, with no job call from outside", async () => {
  const { guid, id, number } = await harness.userWithNumber("GBR");
  await harness.expire(number);
  const months = await waitFor(
    async () => {
      const charged = await harness.monthsCharged(guid, id);
      return charged.length === 2 ? charged : undefined;
    },
    30_000,
    "the scheduled renewal",
  );
  expect(months[0]!.reference).toMatch(new RegExp(`^device:${id}/\\d{4}-\\d\\d-\\d\\d\\.\\.\\d{4}-\\d\\d-\\d\\d$`));
}, 60_000);
