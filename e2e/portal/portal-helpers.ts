import { expect, type Page } from "@playwright/test";

let counter = 0;
/** A name unique to this run: lowercase letters, digits and dashes (valid as a domain and an app name). */
export function unique(prefix: string): string {
  return `${prefix}-${process.pid.toString(36)}${Date.now().toString(36)}${(++counter).toString(36)}`;
}

export interface Developer {
  name: string;
  email: string;
  password: string;
}

export function newDeveloper(prefix = "dev"): Developer {
  const id = unique(prefix);
  return { name: `Test ${id}`, email: `${id}@example.test`, password: "portal-password-123" };
}

/** Signs up through the form and lands on /overview, signed in. */
export async function signUp(page: Page, developer: Developer): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Name").fill(developer.name);
  await page.getByLabel("Email").fill(developer.email);
  await page.getByLabel("Password").fill(developer.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("developer-email")).toHaveText(developer.email);
}

/** Signs in through the form; `origin` names another server than the suite's own. */
export async function signIn(page: Page, email: string, password: string, origin = ""): Promise<void> {
  await page.goto(`${origin}/signin`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Creates an application (and its domain, named `name` unless given) through the form; returns the detail page URL path. */
export async function createApplication(
  page: Page,
  name: string,
  options: { displayName?: string; domain?: string; description?: string; notificationUrl?: string } = {},
) {
  await page.goto("/apps/new");
  await page.getByLabel("Display name").fill(options.displayName ?? name);
  await page.getByLabel("Name in the id").fill(name);
  if (options.description) await page.getByLabel("Description").fill(options.description);
  if (options.notificationUrl) await page.getByLabel("Notification URL").fill(options.notificationUrl);
  // The Domain is required (an empty one is refused): a new domain named like the application unless given.
  await page.getByLabel("Domain").fill(options.domain ?? name);
  await page.getByRole("button", { name: "Create application" }).click();
  await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}/);
  return new URL(page.url()).pathname;
}
