import { expect, test } from "@playwright/test";
import { screenshot } from "../support/screenshot";
import { newDeveloper, unique } from "./portal-helpers";

// Issue 26: the getting-started walk, as a new developer follows the page: sign up, create an
// application, a first signed call in the API console, the first event watched at the built-in receiver.

test("getting started: sign up, first signed call, first event watched", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const started = Date.now();
  await page.goto("/");
  await page.getByRole("link", { name: "Getting started" }).click();
  await expect(page.getByRole("heading", { name: "Getting started", level: 1 })).toBeVisible();
  await screenshot(page, testInfo, "getting-started");

  // 1. Sign up.
  const developer = newDeveloper("start");
  await page.getByRole("link", { name: "Create a developer account" }).click();
  await page.getByLabel("Name").fill(developer.name);
  await page.getByLabel("Email").fill(developer.email);
  await page.getByLabel("Password").fill(developer.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/overview$/);

  // 2. Create an application, from the guide (linked from the portal's navigation once signed in).
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Getting started" }).click();
  await page.getByRole("link", { name: "New application" }).click();
  const name = unique("first");
  await page.getByLabel("Display name").fill("My first app");
  await page.getByLabel("Name in the id").fill(name);
  await page.getByLabel("Domain").fill(name);
  await page.getByRole("button", { name: "Create application" }).click();
  await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}/);
  const appPath = new URL(page.url()).pathname;

  // 3. The first signed call: create a user in the API console.
  await page.getByRole("link", { name: "API console" }).click();
  await page.getByLabel("Method").selectOption("POST");
  await page.getByLabel("Path").fill("/users");
  await page.getByLabel(/^Body/).fill(JSON.stringify({ login: "ada", password: "correct-horse-battery" }));
  await page.getByRole("button", { name: "Send request" }).click();
  const result = page.getByTestId("console-result");
  await expect(result.getByTestId("response-status")).toHaveText(/^201\b/);
  await expect(result.getByTestId("authorization")).toContainText('oauth_signature="');

  // 4. The first event, watched without any URL.
  await page.goto(appPath);
  await page.getByRole("link", { name: "Watch events" }).click();
  await page.getByRole("button", { name: "Send test event" }).click();
  const delivery = page.getByTestId("watched-delivery").filter({ hasText: "TestEvent" }).first();
  await expect(delivery).toBeVisible({ timeout: 20_000 });
  await expect(delivery).toContainText("signature valid");
  await screenshot(page, testInfo, "getting-started-first-event");
  // The whole walk, with a browser's speed, is far below the ten minutes the guide promises.
  expect(Date.now() - started).toBeLessThan(10 * 60_000);

  // The guide reads on a phone: nothing wider than the screen (its code blocks wrap).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs/getting-started");
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, testInfo, "getting-started-phone");
});
