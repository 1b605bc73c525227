import { expect, test, type Page } from "@playwright/test";
import { client, uniqueLogin } from "../support/api-client";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { newDeveloper, signIn, signUp } from "./portal-helpers";

// Issue 26, "Build": the overview is the page after sign-in, with counts and small charts, each
// figure linking to its list; a developer with nothing yet sees what the page is for.

const DESKTOP = { width: 1280, height: 900 };

async function figure(page: Page, id: string): Promise<number> {
  return Number((await page.getByTestId(`overview-${id}-value`).textContent())?.trim());
}

test("after sign-in the overview counts today's calls and messages and draws them", async ({ page, baseURL }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const before = { calls: await figure(page, "calls"), messages: await figure(page, "messages"), users: await figure(page, "users") };

  // Two calls and three SMS through the demo application, today.
  const api = client(baseURL!);
  const created = await api("POST", "/users", { json: { login: uniqueLogin("overview"), password: "portal-user-123" } });
  expect(created.status, created.text).toBe(201);
  const guid = created.body.entry.guid as string;
  const number = await api("POST", `/devices/${guid}`, { json: { id: "@sms/USA" } });
  expect(number.status, number.text).toBe(201);
  const sender = `tel:${(number.body.entry.id as string).slice("service:".length)}`;
  for (const to of ["+1 555 010 4321", "+1 555 010 4322"]) {
    const placed = await api("POST", `/calls/${guid}`, { json: { legs: [`tel:${to}`, "tel:+1 555 010 0001"] } });
    expect(placed.status, placed.text).toBe(201);
  }
  for (const body of ["one", "two", "three"]) {
    const sms = await api("POST", `/messages/${guid}/outbox`, { json: { recipients: ["tel:+1 555 010 7654"], body, sender } });
    expect(sms.status, sms.text).toBe(201);
  }

  await page.reload();
  expect(await figure(page, "calls")).toBe(before.calls + 2);
  expect(await figure(page, "users")).toBe(before.users + 1);
  // The SMS are in the sender's sent folder (the simulator's replies may add more: at least three).
  expect(await figure(page, "messages")).toBeGreaterThanOrEqual(before.messages + 3);
  const calls = page.getByTestId("overview-calls");
  await expect(calls.getByTestId("overview-calls-detail")).toContainText(/^\d+ today · \d+ calls? in the last 30 days$/);
  // Charts: bars drawn by recharts, each summarised for screen readers.
  for (const id of ["calls", "messages", "users"]) {
    const card = page.getByTestId(`overview-${id}`);
    await expect(card.getByRole("img", { name: /per day over 30 days/ })).toBeVisible();
    await expect(card.locator(".recharts-bar-rectangle").first()).toBeVisible();
  }
  await expect(page.getByTestId("overview-credit").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("overview-deliveries")).toContainText("delivered");
  await screenshot(page, testInfo, "overview");

  // Each figure leads to its list.
  await calls.getByRole("list", { name: "Calls by application" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}\/calls$/);
  await expect(page.getByRole("heading", { name: "Calls", level: 1 })).toBeVisible();
  await page.goBack();
  await page
    .getByTestId("overview-messages")
    .getByRole("link", { name: new RegExp(`^overview-`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/domains/${demo.domain}/users/[0-9a-f-]{36}/messages$`));
  await page.goBack();
  await page.getByTestId("overview-credit").locator(`a[href^="/billing/"]`).first().click();
  await expect(page).toHaveURL(/\/billing\/[0-9a-f-]{36}$/);
});

test("a new developer's overview says what it will count and how to start", async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newDeveloper("overview-empty"));
  await expect(page.getByRole("heading", { name: "Nothing to count yet" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Start with an application");
  await expect(page.locator(".recharts-surface")).toHaveCount(0);
  await screenshot(page, testInfo, "overview-empty");
  await page.getByRole("main").getByRole("link", { name: "New application" }).click();
  await expect(page).toHaveURL(/\/apps\/new$/);
});
