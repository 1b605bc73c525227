import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { client, uniqueLogin } from "../support/api-client";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { signIn } from "./portal-helpers";

// Issue 26, fix 3: an application's deliveries watched live in the portal, with no notification URL,
// through its built-in receiver (docs/webhooks.md, "Watching deliveries").

const PHONE = { width: 390, height: 844 };

test("Watch events shows a simulated inbound SMS's delivery and a test event, with signature valid", async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const api = client(baseURL!);
  const created = await api("POST", "/users", { json: { login: uniqueLogin("watch"), password: "portal-user-123", firstName: "Ada" } });
  expect(created.status, created.text).toBe(201);
  const guid = created.body.entry.guid as string;
  const number = await api("POST", `/devices/${guid}`, { json: { id: "@sms/GBR" } });
  expect(number.status, number.text).toBe(201);

  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto("/apps");
  await page
    .getByRole("row")
    .filter({ hasText: `${demo.domain}:${demo.appName}` })
    .getByRole("link", { name: demo.appName })
    .first()
    .click();
  await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}$/);
  await page.getByRole("link", { name: "Watch events" }).click();
  await expect(page.getByRole("heading", { name: "Watch events", level: 1 })).toBeVisible();
  const deliveries = page.getByTestId("watched-delivery");
  // The newest delivery so far (the receiver keeps 50, so a count can stop growing; a new one goes first).
  const newestText = async () => ((await deliveries.count()) ? await deliveries.first().innerText() : "");
  const before = await newestText();
  await screenshot(page, testInfo, "watch-events-waiting");

  // An inbound SMS simulated on the user's Messages page, in another tab: its event shows up here.
  const other = await context.newPage();
  await other.goto(`/domains/${demo.domain}/users/${guid}/messages`);
  const smsForm = other.getByRole("region", { name: "Simulate an inbound SMS" });
  await smsForm.getByLabel("From").fill(`tel:44770${randomInt(1_000_000, 9_999_999)}`);
  await smsForm.getByLabel("Message").fill("Watching from the portal.");
  await smsForm.getByRole("button", { name: "Simulate the SMS" }).click();
  await expect(other.getByText("Watching from the portal.").first()).toBeVisible();
  await other.close();

  await expect.poll(newestText, { timeout: 20_000, message: "the SMS's delivery appears" }).not.toBe(before);
  const newest = deliveries.first();
  await expect(newest).toContainText("signature valid");
  await expect(newest).not.toContainText("TestEvent");

  // The test event button on the same page: the delivery appears without a reload, headers shown.
  await page.getByRole("button", { name: "Send test event" }).click();
  const notice = page.getByRole("status").filter({ hasText: "Test event sent to the built-in receiver" });
  const href = await notice.getByRole("link", { name: "View it" }).getAttribute("href");
  const id = decodeURIComponent(href!.split("/").pop()!);
  const testEvent = deliveries.filter({ hasText: id });
  await expect(testEvent).toBeVisible({ timeout: 20_000 });
  await expect(testEvent).toContainText("TestEvent");
  await expect(testEvent).toContainText("signature valid");
  await testEvent.getByText("Headers and body").click();
  await expect(testEvent).toContainText("webhook-signature");
  await expect(testEvent).toContainText("v1,");
  await screenshot(page, testInfo, "watch-events-delivered");

  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: "watch page at 390 px" })
    .toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, testInfo, "watch-events-phone");
});
