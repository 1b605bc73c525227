import { expect, test } from "@playwright/test";
import { screenshot } from "../support/screenshot";
import { newDeveloper, signIn, signUp } from "./portal-helpers";

test("a new developer signs up, signs out and signs in again; a wrong password is refused clearly", async ({ page }, testInfo) => {
  const developer = newDeveloper("signup");

  // The portal is behind sign-in.
  await page.goto("/apps");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fapps$/);
  await expect(page.getByRole("heading", { name: "Sign in to the developer portal" })).toBeVisible();
  await screenshot(page, testInfo, "signin");

  // Sign-up validation shows each problem next to its field.
  await page.getByRole("link", { name: "Create a developer account" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Email must be an email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
  await screenshot(page, testInfo, "signup-errors");

  await signUp(page, developer);
  // A new account lands on the overview, which says there is nothing yet and where to start.
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByText("Nothing to count yet")).toBeVisible();
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Applications" }).click();
  await expect(page.getByRole("heading", { name: "Applications", level: 1 })).toBeVisible();
  await expect(page.getByText("You have no applications yet")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Portal" }).getByRole("link")).toHaveText([
    "Overview",
    "Applications",
    "Domains",
    "Billing",
    "Media",
    "Numbers",
    "Mailbox",
    "API reference",
    "Getting started",
  ]);
  await screenshot(page, testInfo, "apps-empty");

  // The same email cannot sign up twice.
  await page.context().clearCookies();
  await page.goto("/signup");
  await page.getByLabel("Name").fill("Someone else");
  await page.getByLabel("Email").fill(developer.email.toUpperCase());
  await page.getByLabel("Password").fill("another-password-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("An account with this email already exists");

  // Sign in, then out from the header.
  await signIn(page, developer.email, developer.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await page.goto("/apps");
  await expect(page).toHaveURL(/\/signin/);

  // Wrong password: a clear message, the email kept, no session.
  await signIn(page, developer.email, "wrong-password-1");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(/The email or password is wrong/);
  await expect(page.getByLabel("Email")).toHaveValue(developer.email);
  await screenshot(page, testInfo, "signin-wrong-password");

  // Sign in again, returning to where the developer was going.
  await page.goto("/domains");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fdomains$/);
  await page.getByLabel("Email").fill(developer.email);
  await page.getByLabel("Password").fill(developer.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/domains$/);
  await expect(page.getByTestId("developer-email")).toHaveText(developer.email);
});

test("the seeded demo developer signs in and sees the demo application", async ({ page }) => {
  await signIn(page, "dev@example.com", "test-password-123");
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Applications" }).click();
  await expect(page).toHaveURL(/\/apps$/);
  await expect(page.getByRole("table").getByRole("link", { name: "demo-app" })).toBeVisible();
  await expect(page.getByRole("table").getByText("demo:demo-app")).toBeVisible();
});

test("without PUBLIC_URL, sign-in, its redirects and sign-out stay on the host the browser used", async ({ page, browser }, testInfo) => {
  const developer = newDeveloper("hosts");
  await signUp(page, developer);
  const port = new URL(testInfo.project.use.baseURL!).port;
  for (const host of ["127.0.0.1", "localhost"]) {
    const origin = `http://${host}:${port}`;
    // A fresh browser per host: cookies belong to a host, and the other host's must not help.
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${origin}/apps`);
    await expect(tab).toHaveURL(`${origin}/signin?callbackUrl=%2Fapps`);
    await tab.getByLabel("Email").fill(developer.email);
    await tab.getByLabel("Password").fill(developer.password);
    await tab.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(tab).toHaveURL(`${origin}/apps`);
    await expect(tab.getByTestId("developer-email")).toHaveText(developer.email);
    await tab.goto(`${origin}/domains`);
    await expect(tab.getByRole("heading", { name: "Domains", level: 1 })).toBeVisible();

    await tab.getByRole("button", { name: "Sign out" }).click();
    await expect(tab).toHaveURL(`${origin}/`);
    await expect(tab.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    await tab.goto(`${origin}/apps`);
    await expect(tab).toHaveURL(`${origin}/signin?callbackUrl=%2Fapps`);
    await context.close();
  }
});
