import { expect, test } from "@playwright/test";
import { screenshot } from "../support/screenshot";
import { newDeveloper, signUp, unique } from "./portal-helpers";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const readClipboard = (page: import("@playwright/test").Page) => page.evaluate(() => navigator.clipboard.readText());

test("create an application in a new domain, copy its secret once, reveal, rotate, edit and suspend it", async ({ page, baseURL }, testInfo) => {
  await signUp(page, newDeveloper("apps"));
  const appName = unique("weather");

  // The form suggests the id from the display name (the domain is never guessed) and validates on the server.
  await page.getByRole("link", { name: "New application" }).click();
  await expect(page).toHaveURL(/\/apps\/new$/);
  await page.getByLabel("Display name").fill("Bad Name!");
  await expect(page.getByLabel("Domain")).toHaveAttribute("placeholder", "One of yours, or a new name");
  await expect(page.getByText("<domain>:bad-name")).toBeVisible();
  await page.getByLabel("Name in the id").fill("Bad Name!");
  await page.getByLabel("Notification URL").fill("ftp://example.com/x");
  await page.getByRole("button", { name: "Create application" }).click();
  await expect(page.getByText(/^Name in the id may contain letters, digits/)).toBeVisible();
  await expect(page.getByText(/^Notification URL must be an absolute http/)).toBeVisible();
  await screenshot(page, testInfo, "app-new-errors");

  // A domain another developer owns is refused with a message that says what to do.
  await page.getByLabel("Display name").fill(appName);
  await page.getByLabel("Name in the id").fill(appName);
  await page.getByLabel("Notification URL").fill("");
  await page.getByLabel("Domain").fill("demo");
  await page.getByRole("button", { name: "Create application" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText('The domain name "demo" is taken. Choose another one.');

  await page.getByLabel("Name in the id").fill(appName);
  await page.getByLabel("Description").fill("Forecasts by phone call and SMS.");
  await page.getByLabel("Notification URL").fill("https://203.0.113.10/hooks/one");
  await page.getByLabel("Domain").fill(appName);
  await screenshot(page, testInfo, "app-new");
  await page.getByRole("button", { name: "Create application" }).click();

  // Detail page with the "copy it now" box, shown this once.
  await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}$/); // ?created=1 is dropped from the address
  const appPath = new URL(page.url()).pathname;
  const copyNow = page.getByTestId("copy-now");
  await expect(copyNow).toContainText("copy its consumer secret now");
  const firstSecret = (await copyNow.getByTestId("secret-value").textContent())!.trim();
  expect(firstSecret.length).toBeGreaterThanOrEqual(20);
  await expect(page.getByTestId("app-public-id")).toHaveText(`${appName}:${appName}`);
  await screenshot(page, testInfo, "app-created");
  await copyNow.getByRole("button", { name: "Copy secret" }).click();
  await expect(copyNow.getByRole("button", { name: "Copied", exact: true })).toBeVisible();
  await expect.poll(() => readClipboard(page)).toBe(firstSecret);
  await copyNow.getByRole("button", { name: "I copied it" }).click();
  await expect(copyNow).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("copy-now")).toHaveCount(0);
  await expect(page.getByText(firstSecret)).toHaveCount(0);

  // Consumer key copy; secret hidden until revealed (fetched with SWR from the session-checked route).
  const consumerKey = (await page.getByTestId("consumer-key").textContent())!.trim();
  await page.getByRole("button", { name: "Copy consumer key" }).click();
  await expect.poll(() => readClipboard(page)).toBe(consumerKey);
  await page.getByRole("button", { name: "Copy consumer secret" }).click();
  await expect.poll(() => readClipboard(page)).toBe(firstSecret);
  await page.getByRole("button", { name: "Reveal" }).click();
  await expect(page.getByTestId("secret-value")).toHaveText(firstSecret);
  await screenshot(page, testInfo, "app-detail-revealed");
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByTestId("secret-value")).toHaveCount(0);

  // The reveal route answers only with a session.
  const anonymous = await fetch(`${baseURL}/api/portal/apps/${appPath.split("/").pop()}/secret`);
  expect(anonymous.status).toBe(401);
  expect(await anonymous.text()).not.toContain(firstSecret);

  // Rotate: asks first, says the old secret stops working, shows the new one.
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await expect(page.getByText("The current secret stops working right now")).toBeVisible();
  await screenshot(page, testInfo, "app-rotate-confirm");
  await page.getByRole("button", { name: "Yes, rotate the secret" }).click();
  const rotatedBox = page.getByTestId("copy-now");
  await expect(rotatedBox).toContainText("New consumer secret: copy it now");
  await expect(rotatedBox).toContainText("The old secret no longer works");
  const newSecret = (await rotatedBox.getByTestId("secret-value").textContent())!.trim();
  expect(newSecret).not.toBe(firstSecret);
  await screenshot(page, testInfo, "app-rotated");
  await rotatedBox.getByRole("button", { name: "I copied it" }).click();
  await page.getByRole("button", { name: "Reveal" }).click();
  await expect(page.getByTestId("secret-value")).toHaveText(newSecret);
  await page.reload();
  await page.getByRole("button", { name: "Reveal" }).click();
  await expect(page.getByTestId("secret-value")).toHaveText(newSecret);

  // Settings: a bad URL is explained next to the field; a good one is saved; empty clears it.
  const url = page.getByLabel("Notification URL");
  await expect(url).toHaveValue("https://203.0.113.10/hooks/one");
  await url.fill("not a url");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(/^Notification URL must be an absolute http/)).toBeVisible();
  await screenshot(page, testInfo, "app-settings-error");
  await url.fill("https://203.0.113.10/hooks/two");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Notification URL")).toHaveValue("https://203.0.113.10/hooks/two");

  // Suspend (with confirmation and an explanation), then reactivate.
  const status = page.getByRole("region", { name: "Status" });
  await status.getByRole("button", { name: "Suspend application" }).click();
  await status.getByRole("button", { name: "Yes, suspend it" }).click();
  await expect(status.getByText("Suspended", { exact: true })).toBeVisible();
  await expect(status).toContainText("This application is suspended: every API request signed with its key is refused");
  await expect(page.getByRole("heading", { level: 1 }).getByText("Suspended")).toBeVisible();
  await screenshot(page, testInfo, "app-suspended");
  await page.goto("/apps");
  const row = page.getByRole("row").filter({ hasText: appName });
  await expect(row.getByText("Suspended")).toBeVisible();
  await screenshot(page, testInfo, "apps-list");
  await row.getByRole("link", { name: appName }).first().click(); // the first link is the application, the second its domain
  await expect(page).toHaveURL(new RegExp(`${appPath}$`));
  await page.getByRole("button", { name: "Reactivate application" }).click();
  await expect(page.getByRole("region", { name: "Status" }).getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Status" }).getByRole("button", { name: "Suspend application" })).toBeVisible();

  // The domain link leads to the new domain.
  await page.getByRole("link", { name: appName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/domains/${appName}$`));
  await expect(page.getByRole("heading", { name: appName, level: 1 })).toBeVisible();
});
