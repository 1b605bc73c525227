import { expect, test, type Page } from "@playwright/test";
import { client, uniqueLogin } from "../support/api-client";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { signIn } from "./portal-helpers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A user the demo application creates through the API: it joins the seeded demo billing account, so it can call. */
async function apiUser(baseURL: string): Promise<{ guid: string; login: string }> {
  const login = uniqueLogin("caller");
  const res = await client(baseURL)("POST", "/users", { json: { login, password: "portal-user-123", firstName: "Ada" } });
  expect(res.status, res.text).toBe(201);
  return { guid: res.body.entry.guid, login };
}

async function placeCall(page: Page, to: string): Promise<void> {
  const form = page.getByRole("region", { name: "Place a test call" });
  await form.getByLabel("To").fill(to);
  await form.getByRole("button", { name: "Place call" }).click();
  await expect(page.getByRole("heading", { name: /^Call #\d+$/, level: 1 })).toBeVisible();
}

test("place a test call from the portal, watch it connect and end in the live view, find it in both histories", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const user = await apiUser(baseURL!);
  await page.setViewportSize(DESKTOP);
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/apps$/);
  await page.goto(`/domains/${demo.domain}/users/${user.guid}`);
  await page.getByRole("link", { name: "Calls", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Calls", level: 1 })).toBeVisible();
  await expect(page.getByText("No calls yet")).toBeVisible();
  await expect(page.getByTestId("test-numbers")).toContainText("0002 is busy");
  await expect(page.getByRole("region", { name: "Place a test call" }).getByLabel("From")).toHaveValue(`sip:${user.login}@${demo.domain}`);
  await screenshot(page, testInfo, "calls-empty-desktop");
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "calls-empty-phone");
  await page.setViewportSize(DESKTOP);

  // An ordinary number rings, then answers: the live view shows it connected, then ended after Hang up.
  await placeCall(page, "tel:+1 555 010 2345");
  const live = page.getByTestId("live-call");
  await expect(live).toHaveAttribute("data-status", "CONNECTED");
  await expect(page.getByTestId("leg")).toHaveCount(2);
  await expect(page.getByTestId("leg").nth(1)).toContainText("tel:15550102345");
  await expect(page.getByTestId("leg").nth(1)).toContainText("Answered");
  await expect(page.getByText("Updates every second while the call is active.")).toBeVisible();
  // Live: the connected time grows without a reload.
  await expect(live.getByText(/^[1-9]\d* s$/).first()).toBeVisible({ timeout: 10_000 });
  await screenshot(page, testInfo, "call-live-connected-desktop");
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "call-live-connected-phone");
  await page.setViewportSize(DESKTOP);

  // Ended from outside the page (as an application would): the view notices without a reload.
  const callId = /Call #(\d+)/.exec((await page.getByRole("heading", { level: 1 }).textContent())!)![1]!;
  const ended = await client(baseURL!)("PUT", `/calls/${user.guid}/${callId}`, { json: { active: false } });
  expect(ended.status, ended.text).toBe(200);
  await expect(live).toHaveAttribute("data-status", "COMPLETED");
  await expect(page.getByTestId("leg").nth(1)).toContainText("Hung up");
  await expect(page.getByRole("button", { name: "Hang up" })).toHaveCount(0);
  await screenshot(page, testInfo, "call-live-ended-desktop");

  // A second call ended with the Hang up button.
  await page.getByRole("link", { name: `Calls of ${user.login}` }).click();
  await placeCall(page, "tel:+1 555 010 0001");
  await expect(live).toHaveAttribute("data-status", "CONNECTED");
  await page.getByRole("button", { name: "Hang up" }).click();
  await expect(live).toHaveAttribute("data-status", "COMPLETED");

  // A busy number: the call is refused but kept, and the view says so.
  await page.getByRole("link", { name: `Calls of ${user.login}` }).click();
  await placeCall(page, "tel:+1 555 010 0002");
  await expect(live).toHaveAttribute("data-status", "BUSY");
  await screenshot(page, testInfo, "call-live-busy-desktop");

  // The history: three calls, newest first, filterable by status and address.
  await page.getByRole("link", { name: `Calls of ${user.login}` }).click();
  await expect(page.getByTestId("call-row")).toHaveCount(3);
  await expect(page.getByTestId("call-row").first()).toContainText("tel:15550100002");
  await screenshot(page, testInfo, "calls-history-desktop");
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "calls-history-phone");
  await page.setViewportSize(DESKTOP);
  await page.getByLabel("Status").selectOption("COMPLETED");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("call-row")).toHaveCount(2);
  await page.getByLabel("Address").fill("2345");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("call-row")).toHaveCount(1);
  await page.getByLabel("Status").selectOption("NOANSWER");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No calls match these filters")).toBeVisible();

  // The application's history holds them too.
  await page.goto("/apps");
  await page.getByRole("row").filter({ hasText: `${demo.domain}:${demo.appName}` }).getByRole("link", { name: demo.appName, exact: true }).click();
  await expect(page.getByTestId("app-public-id")).toHaveText(`${demo.domain}:${demo.appName}`);
  await page.getByRole("link", { name: "Calls", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Calls", level: 1 })).toBeVisible();
  await page.getByLabel("Address").fill(user.login);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("call-row")).toHaveCount(3);
  await screenshot(page, testInfo, "app-calls-desktop");
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "app-calls-phone");
});
