import { expect, test, type Page } from "@playwright/test";
import { call, client, uniqueLogin, type Credentials } from "../support/api-client";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { createApplication, newDeveloper, signIn, signUp, unique } from "./portal-helpers";

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

test("place a test call from the portal, watch it connect and end in the live view, find it in both histories", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const user = await apiUser(baseURL!);
  await page.setViewportSize(DESKTOP);
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
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
  await page
    .getByRole("row")
    .filter({ hasText: `${demo.domain}:${demo.appName}` })
    .getByRole("link", { name: demo.appName, exact: true })
    .click();
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

test("the developer moves a domain's simulator clock from a user's Calls page, and marks an application as a test tool", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newDeveloper("clock"));
  const name = unique("clock");
  const appPage = await createApplication(page, name, { domain: name });
  const creds: Credentials = {
    consumerKey: (await page.getByTestId("consumer-key").textContent())!.trim(),
    consumerSecret: (await page.getByTestId("copy-now").getByTestId("secret-value").textContent())!.trim(),
  };
  const api = (method: string, path: string, json?: unknown) => call(baseURL!, creds, method, path, json === undefined ? {} : { json });

  // A new application is no test tool: the API refuses it the clock until the developer marks it.
  const settings = page.getByRole("region", { name: "Settings" });
  const testTool = settings.getByRole("switch", { name: "Test tool: may move the simulator's clock" });
  await expect(testTool).not.toBeChecked();
  expect((await api("POST", "/simulator/clock", { advanceSeconds: 1 })).status).toBe(403);

  // The developer moves the clock of the domain on a user's Calls page.
  const created = await api("POST", "/users", { login: uniqueLogin("clock-user"), password: "clock-pass-123" });
  expect(created.status, created.text).toBe(201);
  await page.goto(`/domains/${name}/users/${created.body.entry.guid}/calls`);
  const clock = page.getByRole("region", { name: "Simulator clock" });
  await expect(clock.getByTestId("clock-offset")).toHaveText("on real time");
  await clock.getByLabel("Seconds").fill("0");
  await clock.getByRole("button", { name: "Move clock forward" }).click();
  await expect(clock.getByText("is at least 1")).toBeVisible();
  await expect(clock.getByTestId("clock-offset")).toHaveText("on real time");
  await clock.getByLabel("Seconds").fill("3600");
  await clock.getByRole("button", { name: "Move clock forward" }).click();
  await expect(clock.getByText("The clock moved 3600 seconds forward; 0 call events fired.")).toBeVisible();
  await expect(clock.getByTestId("clock-offset")).toHaveText("3600 seconds ahead of real time");
  await screenshot(page, testInfo, "calls-simulator-clock-desktop");
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "calls-simulator-clock-phone");
  await page.setViewportSize(DESKTOP);

  // Marked as a test tool, the application moves the same domain's clock on from there.
  await page.goto(appPage);
  await settings.getByRole("switch", { name: "Test tool: may move the simulator's clock" }).setChecked(true);
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByText("Settings saved.")).toBeVisible();
  await expect(testTool).toBeChecked();
  await screenshot(page, testInfo, "app-settings-test-tool");
  const moved = await api("POST", "/simulator/clock", { advanceSeconds: 1 });
  expect(moved.status, moved.text).toBe(200);
  expect(moved.body.entry.offsetSeconds).toBe(3601);
  expect((await api("GET", `/apps/${name}:${name}`)).body.entry.testTool).toBe(true);
});
