import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { call, uniqueLogin, type Credentials } from "../support/api-client";
import { silentMp3, uploadBytes } from "../support/media-client";
import { screenshot } from "../support/screenshot";
import { createApplication, newDeveloper, signUp, unique } from "./portal-helpers";

// A page of our own making, served from another origin (a second loopback server), calls the
// service through the browser tunnel the way the original JavaScript library does
// (e2e/support/legacy-page.html), and signs a user in with the OAuth 1.0 flow.

async function startPageServer() {
  const html = fs.readFileSync(path.join(__dirname, "../support/legacy-page.html"));
  const server = http.createServer((req, res) => {
    if ((req.url ?? "").startsWith("/legacy.html")) res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const step = (page: Page, name: string) => page.locator(`li[data-step="${name}"]`);

test("the original JavaScript library's calls through the tunnel from another origin, and its OAuth 1.0 sign-in", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await signUp(page, newDeveloper("legacy"));
  await createApplication(page, unique("legacy"));
  const creds: Credentials = {
    consumerKey: (await page.getByTestId("consumer-key").textContent())!.trim(),
    consumerSecret: (await page.getByTestId("copy-now").getByTestId("secret-value").textContent())!.trim(),
  };
  const settings = page.getByRole("region", { name: "Settings" });
  const pageServer = await startPageServer();
  try {
    const legacy = await context.newPage();
    const login = uniqueLogin("page");
    const query = new URLSearchParams({ endpoint: `${baseURL}/rest/1.0/`, key: creds.consumerKey, secret: creds.consumerSecret, login });
    await legacy.goto(`${pageServer.origin}/legacy.html?${query}`);

    // Off by default: the page is told so, in a sentence.
    await expect(settings.getByRole("switch", { name: "Allow the browser tunnel (w=JS)" })).not.toBeChecked();
    await legacy.getByRole("button", { name: "Run the calls" }).click();
    await expect(step(legacy, "create user")).toHaveAttribute("data-status", "403");
    await expect(step(legacy, "create user")).toContainText("The browser tunnel (w=JS) is turned off for this application");

    // The developer turns on the tunnel and the legacy flow, and registers where users come back.
    await settings.getByLabel("Allowed callback URL prefixes").fill("http://127.0.0.1/");
    await settings.getByRole("switch", { name: "Allow the browser tunnel (w=JS)" }).setChecked(true);
    await settings.getByRole("switch", { name: "Allow the legacy OAuth 1.0 flow" }).setChecked(true);
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(settings.getByText("Settings saved.")).toBeVisible();
    await page.reload();
    await expect(settings.getByLabel("Allowed callback URL prefixes")).toHaveValue("http://127.0.0.1/");
    await expect(settings.getByRole("switch", { name: "Allow the legacy OAuth 1.0 flow" })).toBeChecked();
    await expect(settings.getByRole("switch", { name: "Service provider: act as users" })).not.toBeChecked();
    await settings.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, "legacy-app-settings");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, testInfo, "legacy-app-settings-phone");

    await legacy.reload();
    await legacy.getByRole("button", { name: "Run the calls" }).click();
    await expect(step(legacy, "delete user")).toBeVisible();
    await expect(step(legacy, "create user")).toHaveAttribute("data-status", "201");
    await expect(step(legacy, "create user")).toContainText(`(Location ${baseURL}/rest/1.0/users/`);
    await expect(step(legacy, "login")).toHaveAttribute("data-status", "200");
    await expect(step(legacy, "login")).toContainText(/oauth_token=\S+&oauth_token_secret=\S+&user_guid=[0-9a-f-]{36}/);
    await expect(step(legacy, "get user")).toHaveAttribute("data-status", "200");
    await expect(step(legacy, "get user")).toContainText(`"login":"${login}"`);
    await expect(step(legacy, "get user")).toContainText('"firstName":"Zoë"');
    await expect(step(legacy, "update user")).toHaveAttribute("data-status", "200");
    await expect(step(legacy, "update user")).toContainText(`"lastName":"O'Brien <b>&</b>"`);
    await expect(step(legacy, "missing user")).toHaveAttribute("data-status", "404");
    await expect(step(legacy, "missing user")).toContainText(/: 404 [A-Z][^{]+$/);
    await expect(step(legacy, "wrong secret")).toHaveAttribute("data-status", "401");
    await expect(step(legacy, "wrong secret")).toContainText("The OAuth signature does not match");
    await expect(step(legacy, "delete user")).toHaveAttribute("data-status", /^20[24]$/);
    await screenshot(legacy, testInfo, "legacy-page-calls");

    // OAuth 1.0 three-legged: request token without callback, approval on our page, no verifier.
    const endUser = uniqueLogin("enduser");
    const password = "end-user-password-1";
    const created = await call(baseURL!, creds, "POST", "/users", { json: { login: endUser, password } });
    expect(created.status, created.text).toBe(201);
    await legacy.getByRole("button", { name: "Sign in with the service (OAuth 1.0)" }).click();
    await expect(legacy).toHaveURL(/\/oauth\/authorize\?oauth_token=/);
    await legacy.getByLabel("Login").fill(endUser);
    await legacy.getByLabel("Password").fill(password);
    await screenshot(legacy, testInfo, "legacy-authorize");
    await legacy.getByRole("button", { name: "Approve" }).click();
    await expect(legacy).toHaveURL(new RegExp(`^${pageServer.origin}/legacy.html\\?oauth_token=[^&]+&oauth_approval=approved$`));
    await expect(step(legacy, "approval")).toContainText("approved");
    await expect(step(legacy, "access token")).toHaveAttribute("data-status", "200");
    const reply = new URLSearchParams((await step(legacy, "access token").textContent())!.replace(/^access token: 200 /, ""));
    expect([...reply.keys()]).toEqual(["oauth_token", "oauth_token_secret", "user_guid", "user"]);
    expect(reply.get("user")).toMatch(new RegExp(`:${endUser}$`));
    await screenshot(legacy, testInfo, "legacy-signed-in");

    // The access token works.
    const me = await call(
      baseURL!,
      { ...creds, token: reply.get("oauth_token")!, tokenSecret: reply.get("oauth_token_secret")! },
      "GET",
      `/users/${reply.get("user_guid")}`,
    );
    expect(me.status).toBe(200);
    expect(me.body.entry.login).toBe(endUser);
  } finally {
    await pageServer.close();
  }
});

test("an <audio> element on another origin plays a media file through a signed ?h= URL, seeks, and plays the same URL again elsewhere", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await signUp(page, newDeveloper("legacymedia"));
  const domain = unique("lmedia");
  await createApplication(page, unique("player"), { domain });
  const creds: Credentials = {
    consumerKey: (await page.getByTestId("consumer-key").textContent())!.trim(),
    consumerSecret: (await page.getByTestId("copy-now").getByTestId("secret-value").textContent())!.trim(),
  };
  const settings = page.getByRole("region", { name: "Settings" });
  await settings.getByRole("switch", { name: "Allow the browser tunnel (w=JS)" }).setChecked(true);
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByText("Settings saved.")).toBeVisible();

  // A 60-second MP3 uploaded two-legged by the application.
  const file = `media/${domain}/prompts/welcome.mp3`;
  expect((await call(baseURL!, creds, "POST", `/media/${domain}`, { json: { id: "prompts" } })).status).toBe(201);
  expect((await call(baseURL!, creds, "POST", `/media/${domain}/prompts`, { json: { id: "welcome.mp3" } })).status).toBe(201);
  expect((await uploadBytes(baseURL!, creds, `/${file}`, silentMp3(60))).status).toBe(201);

  const pageServer = await startPageServer();
  try {
    const legacy = await context.newPage();
    const mediaRequests: string[] = [];
    legacy.on("request", (request) => {
      if (request.url().includes("/welcome.mp3?h=")) mediaRequests.push(request.url());
    });
    const query = new URLSearchParams({ endpoint: `${baseURL}/rest/1.0/`, key: creds.consumerKey, secret: creds.consumerSecret, media: file });
    await legacy.goto(`${pageServer.origin}/legacy.html?${query}`);
    await legacy.getByRole("button", { name: "Play the media file" }).click();
    await expect(step(legacy, "play")).toContainText(`playing ${file}`);
    const audio = legacy.getByLabel("Signed media player");
    const played = await audio.evaluate(async (el: HTMLAudioElement) => {
      await new Promise((r) => setTimeout(r, 1200));
      const first = { time: el.currentTime, readyState: el.readyState, duration: el.duration, error: el.error?.code ?? null };
      el.currentTime = 45;
      await new Promise((r) => el.addEventListener("seeked", r, { once: true }));
      await new Promise((r) => setTimeout(r, 800));
      return { first, afterSeek: el.currentTime, error: el.error?.code ?? null, paused: el.paused, src: el.src };
    });
    expect(played.first.error).toBeNull();
    expect(played.first.readyState).toBeGreaterThanOrEqual(2);
    expect(played.first.time).toBeGreaterThan(0.3);
    expect(played.first.duration).toBeGreaterThan(50);
    expect(played.error).toBeNull();
    expect(played.paused).toBe(false);
    expect(played.afterSeek).toBeGreaterThan(45.2);
    expect(mediaRequests.length).toBeGreaterThanOrEqual(1);
    expect(new Set(mediaRequests).size).toBe(1); // every fetch used the one signed URL
    await screenshot(legacy, testInfo, "legacy-signed-media-playing");

    // The same URL in another browser profile (its own media cache): fetched again, inside the window, it plays.
    const elsewhere = await context.browser()!.newContext();
    try {
      const again = await elsewhere.newPage();
      await again.goto(`${pageServer.origin}/legacy.html?${query}`);
      const replayed = await again.getByLabel("Signed media player").evaluate(async (el: HTMLAudioElement, src: string) => {
        el.muted = true;
        el.src = src;
        await el.play();
        await new Promise((r) => setTimeout(r, 1000));
        return { time: el.currentTime, error: el.error?.code ?? null };
      }, played.src);
      expect(replayed.error).toBeNull();
      expect(replayed.time).toBeGreaterThan(0.3);
    } finally {
      await elsewhere.close();
    }
  } finally {
    await pageServer.close();
  }
});
