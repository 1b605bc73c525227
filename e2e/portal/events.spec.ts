import { expect, test, type Page } from "@playwright/test";
import { client } from "../support/api-client";
import { demo } from "../support/fixtures";
import { startReceiver, waitFor } from "../support/receiver";
import { screenshot } from "../support/screenshot";
import { createApplication, newDeveloper, signIn, signUp } from "./portal-helpers";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/** Signs in as the seeded demo developer; returns the path of the demo application's page. */
async function openDemoApp(page: Page): Promise<string> {
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
  return new URL(page.url()).pathname;
}

async function setNotificationUrl(page: Page, appPath: string, url: string): Promise<void> {
  await page.goto(appPath);
  await page.getByLabel("Notification URL").fill(url);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
}

/** Clicks "Send test event" and returns the new event's id (from the "View it" link of the notice). */
async function sendTestEvent(page: Page, notice = "Test event sent."): Promise<string> {
  await page.getByRole("button", { name: "Send test event" }).click();
  const status = page.getByRole("status").filter({ hasText: notice });
  await expect(status).toBeVisible();
  const href = await status.getByRole("link", { name: "View it" }).getAttribute("href");
  const id = decodeURIComponent(href!.split("/").pop()!);
  expect(id).toMatch(/^evt_/);
  return id;
}

const eventRow = (page: Page, id: string) => page.locator(`[data-testid="event-row"][data-event-id="${id}"]`);

test("events: deliver a test event, see a failure, replay it, and manage the signing secret", async ({ page }, testInfo) => {
  const good = await startReceiver();
  // Retry-After keeps the scheduler from retrying on its own (5 s in production): only Replay sends it again.
  const failing = await startReceiver(() => ({ status: 503, headers: { "Retry-After": "600" } }));
  const gone = await startReceiver(() => ({ status: 410 }));
  const appPath = await openDemoApp(page);
  const eventsPath = `${appPath}/events`;
  try {
    // Without a notification URL the page says events are recorded but not sent, and links to the settings.
    await page.getByRole("link", { name: "Events", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${eventsPath}$`));
    await expect(page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
    await expect(page.getByText("No notification URL: events are recorded but not sent.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Set one on the application page." })).toHaveAttribute("href", appPath);
    await screenshot(page, testInfo, "events-no-url");

    // A working receiver: the test event turns Delivered without a reload.
    await setNotificationUrl(page, appPath, good.url);
    await expect(page.getByTestId("webhook-status")).toContainText("Webhooks: on.");
    await screenshot(page, testInfo, "events-app-page");
    await page.getByRole("link", { name: "Events", exact: true }).click();
    await expect(page.getByTestId("notification-url")).toHaveText(good.url);
    const delivered = await sendTestEvent(page);
    await expect(eventRow(page, delivered)).toContainText("Delivered");
    await expect(eventRow(page, delivered)).toContainText("TestEvent");
    await waitFor(() => good.deliveredIds().get(delivered) === 1, 10_000, "the receiver to get the test event");
    await screenshot(page, testInfo, "events-delivered");

    // Its detail: the payload pretty-printed and one attempt answered 200.
    await eventRow(page, delivered).getByText("TestEvent").click();
    await expect(page).toHaveURL(new RegExp(`${eventsPath}/${delivered}$`));
    await expect(page.getByTestId("event-id")).toHaveText(delivered);
    const payload = page.getByTestId("event-payload");
    await expect(payload).toContainText(`"id": "${delivered}"`);
    await expect(payload).toContainText(`"type": "TestEvent"`);
    await expect(payload).toContainText(`"message": "A test event from Switchboard."`);
    const attempts = page.getByTestId("attempt");
    await expect(attempts).toHaveCount(1);
    await expect(attempts.first().getByTestId("attempt-status")).toHaveText("HTTP 200");
    await expect(attempts.first()).toContainText(good.url);
    await expect(attempts.first().getByTestId("attempt-response")).toHaveText("ok");
    await screenshot(page, testInfo, "events-detail-delivered");

    // A receiver answering 503: the event stays Pending with the attempt, its status and the response excerpt.
    await setNotificationUrl(page, appPath, failing.url);
    await page.goto(eventsPath);
    const retried = await sendTestEvent(page);
    await waitFor(() => failing.received.some((r) => r.event.id === retried), 10_000, "the failing receiver to be called");
    await expect(eventRow(page, retried)).toContainText("Pending");
    await expect(eventRow(page, retried).locator("td").nth(4)).toHaveText("1");
    await expect(eventRow(page, retried)).toContainText("Next");
    await screenshot(page, testInfo, "events-pending");
    await eventRow(page, retried).getByRole("link", { name: retried }).click();
    await expect(page.getByTestId("attempt")).toHaveCount(1);
    await expect(page.getByTestId("attempt-status")).toHaveText("HTTP 503");
    await expect(page.getByTestId("attempt-response")).toHaveText("refused with 503");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Pending");
    await screenshot(page, testInfo, "events-detail-503");

    // Point the URL back at the good receiver and replay: same id, now Delivered, with both attempts listed.
    await setNotificationUrl(page, appPath, good.url);
    await page.goto(`${eventsPath}/${retried}`);
    await page.getByRole("button", { name: "Replay" }).click();
    await expect(page.getByText("Replay started: the event is sent again with the same id.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Delivered");
    await expect(page.getByTestId("attempt")).toHaveCount(2);
    await expect(page.getByTestId("attempt-status").nth(1)).toHaveText("HTTP 200");
    await screenshot(page, testInfo, "events-detail-replayed");
    await waitFor(() => good.deliveredIds().get(retried) === 1, 10_000, "the replay to reach the good receiver");
    const sameId = [...failing.received, ...good.received].filter((r) => r.event.id === retried);
    expect(sameId.map((r) => r.status)).toEqual([503, 200]);

    // Filters through the query string, paging with the total.
    await page.getByRole("link", { name: /^← Events of/ }).click();
    await expect(page).toHaveURL(new RegExp(`${eventsPath}$`));
    await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: "Delivered" }).click();
    await expect(page).toHaveURL(/\?status=delivered$/);
    await expect(eventRow(page, delivered)).toBeVisible();
    await expect(eventRow(page, retried)).toBeVisible();
    await expect(page.getByTestId("event-row").filter({ hasNotText: "Delivered" })).toHaveCount(0);
    await page.getByLabel("Type").selectOption("TestEvent");
    await expect(page).toHaveURL(/\?status=delivered&type=TestEvent$/);
    await expect(page.getByTestId("events-range")).toContainText(/^1–\d+ of \d+$/);
    await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: "Failed" }).click();
    await expect(page.getByText("No events match these filters.")).toBeVisible();
    await screenshot(page, testInfo, "events-filter-empty");
    await page.getByRole("link", { name: "Show all events" }).click();
    await expect(page).toHaveURL(new RegExp(`${eventsPath}$`));

    // The signing secret: hidden (not in the HTML) until revealed, then rotated with a 24-hour overlap.
    const signing = page.getByRole("region", { name: "Signing secret" });
    await signing.getByRole("button", { name: "Reveal" }).click();
    const secret = (await signing.getByTestId("webhook-secret-value").textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    await screenshot(page, testInfo, "events-secret-revealed");
    await page.reload();
    expect(await page.content()).not.toContain(secret);
    await signing.getByRole("button", { name: "Copy signing secret" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await signing.getByRole("button", { name: "Rotate signing secret" }).click();
    await expect(signing.getByText("every delivery carries signatures with both the old and the new secret")).toBeVisible();
    await screenshot(page, testInfo, "events-rotate-confirm");
    await signing.getByRole("button", { name: "Yes, rotate it" }).click();
    const rotatedSecret = (await signing.getByTestId("webhook-secret-new-value").textContent())!.trim();
    expect(rotatedSecret).toMatch(/^whsec_/);
    expect(rotatedSecret).not.toBe(secret);
    await screenshot(page, testInfo, "events-secret-rotated");
    await signing.getByRole("button", { name: "I copied it" }).click();
    await expect(signing.getByTestId("webhook-secret-new")).toHaveCount(0);
    await expect(signing.getByText(/The previous secret also signs deliveries until/)).toBeVisible();
    await signing.getByRole("button", { name: "Reveal" }).click();
    await expect(signing.getByTestId("webhook-secret-value")).toHaveText(rotatedSecret);

    // During the overlap a delivery carries two signatures.
    const signedTwice = await sendTestEvent(page);
    const received = await waitFor(() => good.received.find((r) => r.event.id === signedTwice), 10_000, "the event after the rotation");
    expect(String(received.headers["webhook-signature"]).split(" ")).toHaveLength(2);

    // 410 Gone stops deliveries; the page says so until the URL changes.
    await setNotificationUrl(page, appPath, gone.url);
    await page.goto(eventsPath);
    const goneEvent = await sendTestEvent(page);
    await expect(eventRow(page, goneEvent)).toContainText("Disabled");
    // The warning appears without a reload (the list notices the endpoint was disabled).
    await expect(page.getByText("Deliveries stopped: the endpoint answered 410 Gone")).toBeVisible();
    await screenshot(page, testInfo, "events-gone");
    await page.goto(appPath);
    await expect(page.getByTestId("webhook-status")).toContainText("stopped. The endpoint answered 410 Gone");
  } finally {
    // Leave the shared demo application as it was: no notification URL.
    await setNotificationUrl(page, appPath, "").catch(() => undefined);
    await Promise.all([good.close(), failing.close(), gone.close()]);
  }
});

test("events: another developer cannot see the demo application's events or secret", async ({ browser, baseURL }, testInfo) => {
  // The owner: the demo application and one event of it (recorded as Disabled: no URL).
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  const appPath = await openDemoApp(ownerPage);
  const appId = appPath.split("/").pop()!;
  await ownerPage.goto(`${appPath}/events`);
  const eventId = await sendTestEvent(ownerPage, "Test event recorded. It was not sent: the application has no notification URL.");
  await expect(eventRow(ownerPage, eventId)).toContainText("Disabled");

  // Another developer, signed in, with an application of their own.
  const intruder = await browser.newContext();
  const page = await intruder.newPage();
  await signUp(page, newDeveloper("events-intruder"));
  for (const path of [`${appPath}/events`, `${appPath}/events/${eventId}`]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We could not find that page" })).toBeVisible();
    // Nothing of the owner's in the page; only the address the intruder typed (router state) holds the event id.
    expect(await page.locator("main").innerText()).not.toContain(eventId);
    const html = await page.content();
    for (const leaked of [demo.appName, `${demo.domain}:`, "whsec_", "A test event from Switchboard"]) expect(html).not.toContain(leaked);
  }
  await screenshot(page, testInfo, "events-not-found-other-developer");

  const routes = [`/api/portal/apps/${appId}/events`, `/api/portal/apps/${appId}/events/${eventId}`, `/api/portal/apps/${appId}/webhook-secret`];
  for (const route of routes) {
    const withSession = await page.request.get(route);
    expect(withSession.status(), route).toBe(404);
    const text = await withSession.text();
    expect(text).toContain("was not found");
    for (const leaked of [demo.appName, "whsec_", "TestEvent", "deliveries"]) expect(text).not.toContain(leaked);
    const anonymous = await fetch(`${baseURL}${route}`);
    expect(anonymous.status, route).toBe(401);
    expect(await anonymous.text()).not.toContain("whsec_");
  }
  // A malformed query is a 400 with a message, for the owner too.
  expect((await ownerPage.request.get(`/api/portal/apps/${appId}/events?status=lost`)).status()).toBe(400);
  expect((await ownerPage.request.get(`/api/portal/apps/${appId}/events?status=disabled`)).status()).toBe(200);

  // Paging: 20 a page, newest first, with the total. Events sent through the REST API (the extracted
  // helper the portal shares) appear in the same log.
  const api = client(baseURL!);
  for (let i = 0; i < 21; i++) expect((await api("POST", `/apps/${demo.domain}:${demo.appName}/events/test`)).status).toBe(201);
  await ownerPage.goto(`${appPath}/events`);
  const range = ownerPage.getByTestId("events-range");
  await expect(range).toHaveText(/^1–20 of (\d+)$/);
  const total = Number((await range.textContent())!.split(" of ")[1]);
  expect(total).toBeGreaterThanOrEqual(22);
  await expect(ownerPage.getByTestId("event-row")).toHaveCount(20);
  await expect(ownerPage.getByRole("link", { name: "Previous" })).toHaveCount(0);
  await ownerPage.getByRole("link", { name: "Next" }).click();
  await expect(ownerPage).toHaveURL(/\?start=20$/);
  await expect(range).toHaveText(`21–${Math.min(40, total)} of ${total}`);
  await expect(eventRow(ownerPage, eventId)).toBeVisible(); // the oldest of this test, now on page 2
  await screenshot(ownerPage, testInfo, "events-page-2");
  await ownerPage.getByRole("link", { name: "Previous" }).click();
  await expect(range).toHaveText(`1–20 of ${total}`);

  // Their own new application: the empty state and the "no notification URL" callout.
  const ownPath = await createApplication(page, `hooks-${Date.now().toString(36)}`);
  await page.goto(`${ownPath}/events`);
  await expect(page.getByRole("heading", { name: "No events yet" })).toBeVisible();
  await expect(page.getByText("Send a test event to see how deliveries look.")).toBeVisible();
  await expect(page.getByText("No notification URL: events are recorded but not sent.")).toBeVisible();
  await screenshot(page, testInfo, "events-empty");

  // The webhooks guide is linked from the events page and the API reference.
  await page.getByRole("link", { name: "How to verify" }).click();
  await expect(page).toHaveURL(/\/docs\/webhooks#verifying$/);
  await expect(page.getByRole("heading", { name: "Verifying the signature" })).toBeVisible();
  await screenshot(page, testInfo, "events-docs-webhooks");
  await page.goto("/docs/api#events");
  // The reference renders above this link while the page loads, moving it: wait until it is rendered.
  await expect(page.getByRole("heading", { name: "Switchboard REST API" })).toBeVisible();
  await page.getByRole("link", { name: "Receiving webhooks" }).click();
  await expect(page.getByRole("heading", { name: "Receiving webhooks", level: 1 })).toBeVisible();

  await owner.close();
  await intruder.close();
});
