import { expect, test, type Page } from "@playwright/test";
import { call, demoApp, uniqueLogin } from "../support/api-client";
import { screenshot } from "../support/screenshot";
import { cpuSeconds, serverPidsForPort } from "../support/server";
import { newDeveloper, signIn, signUp } from "./portal-helpers";

// Findings of the attack review (docs/security.md): each test fails on the code before its fix.

async function oobRequestToken(baseURL: string): Promise<string> {
  const reply = await call(baseURL, demoApp, "POST", "/request_token", { sign: { extraOAuthParams: { oauth_callback: "oob" } } });
  expect(reply.status, reply.text).toBe(200);
  return new URLSearchParams(reply.text).get("oauth_token")!;
}

async function createUser(baseURL: string, login: string, password: string) {
  const reply = await call(baseURL, demoApp, "POST", "/users", { json: { login, password } });
  expect(reply.status, reply.text).toBe(201);
}

/** Share of one core the Next.js server used over `ms`. */
async function serverLoad(ms: number): Promise<number> {
  const pids = serverPidsForPort(Number(new URL(test.info().project.use.baseURL!).port));
  const before = cpuSeconds(pids);
  await new Promise((r) => setTimeout(r, ms));
  return (cpuSeconds(pids) - before) / (ms / 1000);
}

test("without JavaScript, a wrong password on the authorization page gets its error page at once and leaves the server idle", async ({
  browser,
  baseURL,
}, testInfo) => {
  const login = uniqueLogin("nojs");
  await createUser(baseURL!, login, "no-js-password-1");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    for (const attempt of [1, 2, 3]) {
      await page.goto(`/oauth/authorize?oauth_token=${encodeURIComponent(await oobRequestToken(baseURL!))}`);
      await page.getByLabel("Login").fill(login);
      if (attempt > 1) await page.getByLabel("Password").fill(`wrong-password-${attempt}`);
      const started = Date.now();
      await page.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(
        attempt === 1
          ? "Enter your login and password to approve."
          : "The login or password is wrong. Check both and try again. Forgot the password? Whoever gave you this login can reset it.",
        { timeout: 2_000 },
      );
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    await screenshot(page, testInfo, "oauth-no-js-wrong-password");
    expect(await serverLoad(2_000)).toBeLessThan(0.3);

    // The right password, still without JavaScript, shows the verifier.
    await page.getByLabel("Login").fill(login);
    await page.getByLabel("Password").fill("no-js-password-1");
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByTestId("oob-verifier").locator("code")).toHaveText(/^\S{10,}$/, { timeout: 2_000 });
  } finally {
    await context.close();
  }
});

test("sign-in never sends the developer to another site, whatever callbackUrl says", async ({ page }) => {
  const attacks = ["/\\evil.example/", "/\t/evil.example/", "/\\/evil.example/", "//evil.example/", "https://evil.example/", "/%5Cevil.example/"];
  // Before sign-in: the form redirects after the right password.
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(attacks[0]!)}`);
  await page.getByLabel("Email").fill("dev@example.com");
  await page.getByLabel("Password").fill("test-password-123");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/overview$/);
  // Signed in: the sign-in page redirects at once.
  for (const callbackUrl of attacks) {
    await page.goto(`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    await expect(page, callbackUrl).toHaveURL(/^http:\/\/localhost:\d+\/overview$/);
  }
  await page.goto(`/signin?callbackUrl=${encodeURIComponent("/domains")}`);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/domains$/);
});

test("signing out ends the session on the server: a copied session cookie no longer signs in", async ({ page, browser }) => {
  const developer = newDeveloper("signout");
  await signUp(page, developer);
  const copied = await page.context().cookies();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);

  const replay = await browser.newContext();
  try {
    await replay.addCookies(copied);
    const replayed = await replay.newPage();
    await replayed.goto("/apps");
    await expect(replayed).toHaveURL(/\/signin\?callbackUrl=%2Fapps$/);
  } finally {
    await replay.close();
  }
  // Signing in again works as before.
  await signIn(page, developer.email, developer.password);
  await expect(page).toHaveURL(/\/overview$/);
});

async function signInAlert(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  return page.getByRole("main").getByRole("alert");
}

test("developer sign-in slows down password guessing and says how long to wait; the right password works after the wait", async ({
  page,
}, testInfo) => {
  const developer = newDeveloper("guess");
  await signUp(page, developer);
  await page.context().clearCookies();

  // Five free failures, then each failure doubles the wait: 1 s, 2 s, 4 s.
  for (let failure = 1; failure <= 8; failure++) {
    await expect(await signInAlert(page, developer.email, `wrong-password-${failure}`)).toHaveText(/The email or password is wrong/);
    if (failure > 5) await page.waitForTimeout(2 ** (failure - 6) * 1000 + 200);
  }
  await expect(await signInAlert(page, developer.email, "wrong-password-9")).toHaveText(/The email or password is wrong/);
  // Blocked for 8 s now: neither a guess nor the right password is checked, and the page says how long to wait.
  const alert = await signInAlert(page, developer.email, developer.password);
  await expect(alert).toHaveText(/Too many failed attempts to sign in to this account\. Wait [5-8] seconds and try again\./);
  await expect(page).toHaveURL(/\/signin/);
  await screenshot(page, testInfo, "signin-throttled");
  const seconds = Number(/Wait (\d+) seconds/.exec((await alert.textContent()) ?? "")![1]);

  await page.waitForTimeout(seconds * 1000 + 200);
  await signIn(page, developer.email, developer.password);
  await expect(page).toHaveURL(/\/overview$/);
});
