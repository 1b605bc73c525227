import { expect, test, type Page } from "@playwright/test";
import { call, createLoggedInUser, uniqueLogin, type Credentials } from "../support/api-client";
import { screenshot } from "../support/screenshot";
import { createApplication, newDeveloper, signUp, unique } from "./portal-helpers";

/** The consumer key and the secret shown once right after creation. */
async function credentialsOnCreatedPage(page: Page): Promise<Credentials> {
  const consumerSecret = (await page.getByTestId("copy-now").getByTestId("secret-value").textContent())!.trim();
  const consumerKey = (await page.getByTestId("consumer-key").textContent())!.trim();
  return { consumerKey, consumerSecret };
}

// The API caches credentials for up to 2 s (lib/http/oauth/credential-cache.ts): a change shows there within that window.
const soon = { timeout: 5_000 };

async function saveSettings(
  page: Page,
  changes: { displayName?: string; allow2legged?: boolean; requireSignedBodies?: boolean; eventNames?: string },
) {
  const settings = page.getByRole("region", { name: "Settings" });
  if (changes.eventNames !== undefined) await settings.getByRole("combobox", { name: "Event names" }).selectOption({ label: changes.eventNames });
  if (changes.displayName !== undefined) await settings.getByLabel("Display name").fill(changes.displayName);
  if (changes.allow2legged !== undefined) await settings.getByRole("switch", { name: "Allow two-legged requests" }).setChecked(changes.allow2legged);
  if (changes.requireSignedBodies !== undefined) {
    await settings.getByRole("switch", { name: "Require signed request bodies" }).setChecked(changes.requireSignedBodies);
  }
  // "Settings saved." may still show from the previous save: wait for this save's server action.
  const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/apps/"));
  await settings.getByRole("button", { name: "Save settings" }).click();
  await saved;
  await expect(settings.getByText("Settings saved.")).toBeVisible();
}

test("an application with a display name with spaces: rename it, switch two-legged requests, signed bodies and event names", async ({
  page,
  baseURL,
}, testInfo) => {
  await signUp(page, newDeveloper("appsettings"));
  const suffix = unique("x");
  const displayName = `My Test App ${suffix}`;
  const slug = `my-test-app-${suffix}`;

  // Only the display name and the domain: the id is made from the display name.
  await page.goto("/apps/new");
  await page.getByLabel("Display name").fill(displayName);
  await page.getByLabel("Domain").fill(slug);
  await expect(page.getByText(`${slug}:${slug}`)).toBeVisible();
  await screenshot(page, testInfo, "app-new-display-name");
  await page.getByRole("button", { name: "Create application" }).click();
  await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(displayName);
  await expect(page.getByTestId("app-public-id")).toHaveText(`${slug}:${slug}`);
  const creds = await credentialsOnCreatedPage(page);
  const appId = `${slug}:${slug}`;
  const api = (method: string, path: string, options?: Parameters<typeof call>[4]) => call(baseURL!, creds, method, path, options);
  const got = await api("GET", `/apps/${appId}`);
  expect(got.status).toBe(200);
  expect(got.body.entry.displayName).toBe(displayName);

  // Rename: the title changes everywhere, the id does not.
  await saveSettings(page, { displayName: "Weather Line" });
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Weather Line");
  await expect(page.getByTestId("app-public-id")).toHaveText(appId);
  await expect.poll(async () => (await api("GET", `/apps/${appId}`)).body.entry?.displayName, soon).toBe("Weather Line");

  // Two-legged requests off, then on again.
  const settings = page.getByRole("region", { name: "Settings" });
  await expect(settings.getByRole("switch", { name: "Allow two-legged requests" })).toBeChecked();
  await saveSettings(page, { allow2legged: false });
  await expect.poll(async () => (await api("GET", `/apps/${appId}`)).body.detail, soon).toContain("Two-legged requests are turned off");
  await page.reload();
  await expect(page.getByRole("switch", { name: "Allow two-legged requests" })).not.toBeChecked();
  await screenshot(page, testInfo, "app-settings-two-legged-off");
  await saveSettings(page, { allow2legged: true });
  await expect(settings.getByRole("switch", { name: "Allow two-legged requests" })).toBeChecked();
  await expect.poll(async () => (await api("GET", `/apps/${appId}`)).status, soon).toBe(200);

  // Signed bodies: an unsigned JSON body is refused while required, accepted otherwise.
  const newUser = () => ({ json: { login: uniqueLogin("body"), password: "user-password-123" } });
  const unsigned = () => ({ ...newUser(), sign: { body: undefined } });
  expect((await api("POST", "/users", unsigned())).status).toBe(201);
  await saveSettings(page, { requireSignedBodies: true });
  await expect(settings.getByRole("switch", { name: "Require signed request bodies" })).toBeChecked();
  await expect(settings.getByRole("switch", { name: "Allow two-legged requests" })).toBeChecked();
  await expect.poll(async () => (await api("POST", "/users", unsigned())).body.oauthProblem, soon).toBe("body_hash_missing");
  const signed = await api("POST", "/users", newUser());
  expect(signed.status, signed.text).toBe(201);
  await saveSettings(page, { requireSignedBodies: false });
  await expect.poll(async () => (await api("POST", "/users", unsigned())).status, soon).toBe(201);

  // Event names: the original platform's, as the API shows them, still chosen after a reload.
  const eventNames = settings.getByRole("combobox", { name: "Event names" });
  await expect(eventNames).toHaveValue("current");
  await expect(eventNames).toHaveAccessibleDescription(/as the original platform named them/);
  expect((await api("GET", `/apps/${appId}`)).body.entry.eventNames).toBe("current");
  await saveSettings(page, { eventNames: "Original platform" });
  expect((await api("GET", `/apps/${appId}`)).body.entry.eventNames).toBe("original");
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Event names" })).toHaveValue("original");
  await screenshot(page, testInfo, "app-settings");

  await page.goto("/apps");
  await expect(page.getByRole("link", { name: "Weather Line" })).toBeVisible();
  await expect(page.getByRole("table").getByText(appId)).toBeVisible();
  await screenshot(page, testInfo, "apps-list-display-name");
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone each application is a card instead of a table row.
  const phoneCard = page.getByRole("list", { name: "Applications" }).getByRole("listitem").filter({ hasText: appId });
  await expect(phoneCard.getByRole("link", { name: "Weather Line" })).toBeVisible();
  await expect(phoneCard.getByText("Active")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await screenshot(page, testInfo, "apps-list-phone");
  await page.getByRole("link", { name: "Weather Line" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Weather Line");
  await screenshot(page, testInfo, "app-detail-phone");
});

test("delete an application: one confirmation, and a second one while users are signed in", async ({ page, baseURL }, testInfo) => {
  await signUp(page, newDeveloper("appdelete"));
  const domain = unique("shop");

  // No sessions: the confirmation says what happens, then the application is gone.
  const quiet = unique("quiet");
  await createApplication(page, quiet, { domain, displayName: "Quiet App" });
  const quietCreds = await credentialsOnCreatedPage(page);
  const remove = page.getByRole("region", { name: "Delete application" });
  await remove.getByRole("button", { name: "Delete application" }).click();
  await expect(remove.getByText("Delete Quiet App? Requests signed with its consumer key fail at once.")).toBeVisible();
  await screenshot(page, testInfo, "app-delete-confirm");
  await remove.getByRole("button", { name: "Cancel" }).click();
  await remove.getByRole("button", { name: "Delete application" }).click();
  await remove.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page).toHaveURL(/\/apps\?deleted=1$/);
  await expect(page.getByText("The application was deleted.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Quiet App" })).toHaveCount(0);
  await expect.poll(async () => (await call(baseURL!, quietCreds, "GET", "/users")).status, soon).toBe(401);

  // A user signed in through it: the server refuses, the page asks again, force deletes.
  const busy = unique("busy");
  await createApplication(page, busy, { domain, displayName: "Busy App" });
  const busyCreds = await credentialsOnCreatedPage(page);
  const user = await createLoggedInUser(baseURL!, busyCreds);
  await remove.getByRole("button", { name: "Delete application" }).click();
  await remove.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(remove.getByText("1 user is signed in to Busy App")).toBeVisible();
  await screenshot(page, testInfo, "app-delete-sessions");
  await remove.getByRole("button", { name: "Keep the application" }).click();
  await expect(remove.getByText("1 user is signed in to Busy App")).toHaveCount(0);
  expect((await call(baseURL!, user.creds, "GET", `/users/${user.guid}`)).status).toBe(200);
  await remove.getByRole("button", { name: "Delete application" }).click();
  await remove.getByRole("button", { name: "Yes, delete it" }).click();
  await remove.getByRole("button", { name: "Sign them out and delete" }).click();
  await expect(page).toHaveURL(/\/apps\?deleted=1$/);
  await expect(page.getByRole("link", { name: "Busy App" })).toHaveCount(0);
  await expect.poll(async () => (await call(baseURL!, user.creds, "GET", `/users/${user.guid}`)).status, soon).toBe(401);
  await expect(page.getByText("You have no applications yet")).toBeVisible();

  // The domain stays.
  await page.goto(`/domains/${domain}`);
  await expect(page.getByText("No applications in this domain.")).toBeVisible();
});
