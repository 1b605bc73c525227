import { expect, test, type Page } from "@playwright/test";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { newDeveloper, signIn, signUp, unique } from "./portal-helpers";

/** The console page of the seeded demo application, found through the applications list. */
async function openDemoConsole(page: Page): Promise<string> {
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page.getByTestId("developer-email")).toHaveText(demo.developerEmail);
  await page.goto("/apps");
  const row = page.getByRole("row").filter({ hasText: `${demo.domain}:${demo.appName}` });
  const href = await row.getByRole("link", { name: demo.appName, exact: true }).getAttribute("href");
  expect(href).toMatch(/^\/apps\/[0-9a-f-]{36}$/);
  const consolePath = `${href}/console`;
  await page.goto(consolePath);
  await expect(page.getByRole("heading", { name: "API console" })).toBeVisible();
  return consolePath;
}

/** Counts the server action calls the page makes (each send is one POST with a Next-Action header). */
function countActions(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) count++;
  });
  return () => count;
}

async function send(page: Page) {
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("button", { name: "Send request" })).toBeEnabled();
}

test("the API console signs requests as the application or as a user, and shows no secret", async ({ page }, testInfo) => {
  const actions = countActions(page);
  await openDemoConsole(page);
  await expect(page.getByRole("main").getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs/api");
  await expect(page.getByLabel("Path")).toHaveValue("/users?count=5");
  await screenshot(page, testInfo, "console-empty");

  // Two-legged GET with the default path.
  await send(page);
  const result = page.getByTestId("console-result");
  await expect(result.getByTestId("response-status")).toHaveText(/^200\b/);
  await expect(result.getByTestId("response-body")).toContainText('"entry": [');
  await expect(result.getByTestId("request-line")).toContainText("GET /rest/1.0/users?count=5");
  await expect(result.getByTestId("authorization")).toContainText(`oauth_consumer_key="${demo.consumerKey}"`);
  await expect(result.getByTestId("authorization")).toContainText('oauth_signature="');
  await expect(result.getByTestId("authorization")).toContainText('oauth_nonce="');
  await expect(result.getByTestId("base-string")).toContainText("GET&http%3A%2F%2Flocalhost");
  await expect(result.getByTestId("response-header-x-request-id")).toHaveText(/^req_/);
  await expect(result.getByTestId("response-header-content-type")).toContainText("application/json");
  expect(await page.content()).not.toContain(demo.consumerSecret);
  await screenshot(page, testInfo, "console-get-users");

  // POST a new user: 201 with its Location.
  const login = unique("console");
  const password = "console-pass-1";
  await page.getByLabel("Method").selectOption("POST");
  await page.getByLabel("Path").fill("/users");
  await page.getByLabel(/^Body/).fill(JSON.stringify({ login, password }));
  await send(page);
  await expect(result.getByTestId("response-status")).toHaveText(/^201\b/);
  const location = result.getByTestId("response-header-location");
  await expect(location).toContainText("/rest/1.0/users/");
  const guid = (await location.textContent())!.trim().split("/").pop()!;
  expect(guid).toMatch(/^[0-9a-f-]{36}$/);
  await expect(result.getByTestId("request-body")).toContainText(login);
  await expect(result.getByTestId("authorization")).toContainText("oauth_body_hash=");
  expect(await page.content()).not.toContain(demo.consumerSecret);
  await screenshot(page, testInfo, "console-post-user");

  // A method the resource does not have: 405 with its Allow header; the body field goes away for DELETE.
  await page.getByLabel("Method").selectOption("DELETE");
  await expect(page.getByLabel(/^Body/)).toHaveCount(0);
  await send(page);
  await expect(result.getByTestId("response-status")).toHaveText(/^405\b/);
  await expect(result.getByTestId("response-header-allow")).toContainText("POST");
  await expect(result.getByTestId("request-body")).toHaveCount(0);

  // A wrong password: a friendly alert, no result.
  await page.getByRole("radio", { name: /A user of demo/ }).check();
  await page.getByLabel("Method").selectOption("GET");
  await page.getByLabel("Path").fill(`/users/${guid}`);
  await page.getByLabel("Login").fill(login);
  await page.getByLabel("Password").fill("not-the-password");
  await send(page);
  await expect(page.getByRole("main").getByRole("alert")).toContainText(`Could not log in as "${login}"`);
  await expect(result).toHaveCount(0);
  await screenshot(page, testInfo, "console-login-failed");

  // Act as that user: logged in with xAuth for this request, then logged out.
  await page.getByLabel("Password").fill(password);
  await send(page);
  await expect(result.getByTestId("response-status")).toHaveText(/^200\b/);
  await expect(result.getByTestId("response-body")).toContainText(guid);
  await expect(result.getByTestId("acting-as")).toContainText(`Logged in as ${login}`);
  await expect(result.getByTestId("acting-as")).toContainText("The token was revoked right after.");
  await expect(result.getByTestId("authorization")).toContainText('oauth_token="');
  const html = await page.content();
  expect(html).not.toContain(demo.consumerSecret);
  expect(html).not.toContain("oauth_token_secret");
  // The password is in the form the developer filled, never in what came back.
  expect(await result.innerText()).not.toContain(password);
  await screenshot(page, testInfo, "console-as-user");

  // On a phone, long lines scroll inside their blocks: the page itself never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await screenshot(page, testInfo, "console-as-user-narrow");
  await page.setViewportSize({ width: 1280, height: 720 });

  // Invalid JSON: refused in the browser, nothing sent.
  await page.getByRole("radio", { name: /The application/ }).check();
  await page.getByLabel("Method").selectOption("POST");
  await page.getByLabel("Path").fill("/users");
  await page.getByLabel(/^Body/).fill('{"login": "x",}');
  const sentBefore = actions();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByTestId("body-error")).toContainText("The body is not valid JSON, so nothing was sent.");
  await expect(page.getByLabel(/^Body/)).toBeFocused();
  await expect(result).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(actions()).toBe(sentBefore);
  await screenshot(page, testInfo, "console-invalid-json");

  // Paths that would leave this server's /rest/1.0 are refused.
  await page.getByLabel("Method").selectOption("GET");
  await page.getByLabel("Path").fill("http://evil.example/x");
  await send(page);
  await expect(page.getByTestId("path-error")).toContainText("not a full URL");
  await expect(page.getByLabel("Path")).toHaveAttribute("aria-invalid", "true");
  await expect(result).toHaveCount(0);
  await screenshot(page, testInfo, "console-path-url-refused");
  await page.getByLabel("Path").fill("/../x");
  await send(page);
  await expect(page.getByTestId("path-error")).toContainText("may not contain . or .. segments");
  await expect(result).toHaveCount(0);
  await screenshot(page, testInfo, "console-path-dots-refused");
});

test("another developer gets a 404 for the demo application's console", async ({ browser }, testInfo) => {
  const owner = await browser.newContext();
  const consolePath = await openDemoConsole(await owner.newPage());
  await owner.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, newDeveloper("console"));
  const response = await page.goto(consolePath);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We could not find that page" })).toBeVisible();
  const html = await page.content();
  for (const leaked of [demo.appName, demo.consumerKey, demo.consumerSecret]) expect(html).not.toContain(leaked);
  await screenshot(page, testInfo, "console-other-developer");
  await context.close();
});
