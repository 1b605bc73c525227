import { expect, type Page } from "@playwright/test";
import { client, uniqueLogin } from "../support/api-client";
import { demo } from "../support/fixtures";
import { signIn } from "./portal-helpers";

// Every page of the portal, with something on each (a user with a long name, devices, a call, a
// message, events), for the checks that must hold on all of them: phone width, dark theme, axe.

export interface PortalPages {
  /** Pages seen signed out (the visit signs out first). */
  signedOut: string[];
  /** Pages of the demo developer (the visit signs in first). */
  signedIn: string[];
}

/** The first link on the page whose path matches, as a path. */
async function linkPath(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const found = hrefs.find((h) => pattern.test(h));
  expect(found, `a link matching ${pattern} on ${page.url()}`).toBeTruthy();
  return found!;
}

/** Creates the data, signs the demo developer in to find the pages' ids, and lists every page. */
export async function portalPages(page: Page, baseURL: string): Promise<PortalPages> {
  const api = client(baseURL);
  const login = uniqueLogin("phone-width-user-with-a-rather-long-login");
  const created = await api("POST", "/users", { json: { login, password: "portal-user-123", firstName: "Ada", lastName: "Lovelace-Byron" } });
  expect(created.status, created.text).toBe(201);
  const guid = created.body.entry.guid as string;
  const number = await api("POST", `/devices/${guid}`, { json: { id: "@sms/USA" } });
  expect(number.status, number.text).toBe(201);
  const placed = await api("POST", `/calls/${guid}`, { json: { legs: ["tel:+1 555 010 4321", "tel:+1 555 010 0001"] } });
  expect(placed.status, placed.text).toBe(201);
  const sms = await api("POST", `/messages/${guid}/outbox`, {
    json: {
      recipients: ["tel:+1 555 010 7654"],
      body: "Hello from a phone-width check",
      sender: `tel:${(number.body.entry.id as string).slice("service:".length)}`,
    },
  });
  expect(sms.status, sms.text).toBe(201);

  const signedOut = [
    "/",
    "/signin",
    "/signup",
    "/docs/getting-started",
    "/docs/webhooks",
    "/docs/api",
    "/oauth/authorize?oauth_token=unknown-token",
    "/verify-email?token=unknown",
  ];
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto("/apps");
  const app = await linkPath(page, /^\/apps\/[0-9a-f-]{36}$/);
  await page.goto(`${app}/events`);
  const event = await linkPath(page, /^\/apps\/[0-9a-f-]{36}\/events\/[^/?]+$/);
  await page.goto("/billing");
  const account = await linkPath(page, /^\/billing\/[0-9a-f-]{36}$/);
  const user = `/domains/${demo.domain}/users/${guid}`;
  const signedIn = [
    "/overview",
    "/apps",
    "/apps/new",
    app,
    `${app}/console`,
    `${app}/events`,
    event,
    `${app}/calls`,
    // Not `${app}/watch`: a look starts a 10-minute watch of the demo application, which changes
    // what its test events say in the specs after this one (watch-events.spec.ts checks that page).
    "/domains",
    `/domains/${demo.domain}`,
    user,
    `${user}/calls`,
    `${user}/calls/${placed.body.entry.id}`,
    `${user}/messages`,
    "/billing",
    account,
    "/media",
    `/media/${demo.domain}`,
    "/numbers",
    "/mailbox",
    "/account",
    "/docs/getting-started",
    "/docs/webhooks",
    "/docs/api",
  ];
  return { signedOut, signedIn };
}

/**
 * Visits each page in turn, signed out for the first list and signed in for the second, and calls
 * `check` once the page has settled (the API reference once Swagger UI has drawn it).
 */
export async function visitEach(page: Page, pages: PortalPages, check: (path: string, index: number) => Promise<void>): Promise<void> {
  const all = [...pages.signedOut, ...pages.signedIn];
  for (const [i, path] of all.entries()) {
    if (i === 0) await page.context().clearCookies();
    if (i === pages.signedOut.length) {
      await signIn(page, demo.developerEmail, demo.developerPassword);
      await expect(page).toHaveURL(/\/overview$/);
    }
    const res = await page.goto(path);
    expect(res?.status(), path).toBeLessThan(500);
    // Each page is the one meant: signed out, or the developer's own (not the sign-in form).
    if (i >= pages.signedOut.length) await expect(page.getByTestId("developer-email"), path).toBeVisible();
    await page.waitForLoadState("networkidle");
    if (path === "/docs/api") await expect(page.getByText("Create a user").first()).toBeVisible({ timeout: 30_000 });
    await check(path, i);
  }
}

/** A file name for a page's screenshot. */
export const shotName = (prefix: string, path: string, i: number) => `${prefix}-${i}-${path.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}`;
