import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { signRequest } from "@/lib/http/oauth/sign-request";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { unique } from "./portal-helpers";

const consumer = { consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret };

/** The consumer's callback: a tiny local server that records every query it receives. */
async function startCallbackServer() {
  const received: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/oauth/callback") received.push(url.searchParams); // not /favicon.ico
    res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>Callback</title><h1>Back at the application</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth/callback`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function post(url: string, authorization: string, body?: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: { Authorization: authorization, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body,
  });
  return { status: response.status, text: await response.text() };
}

async function requestToken(baseURL: string, callback: string) {
  const url = `${baseURL}/rest/1.0/request_token`;
  const { authorization } = signRequest({ method: "POST", url, ...consumer, extraOAuthParams: { oauth_callback: callback } });
  const reply = await post(url, authorization);
  expect(reply.status, reply.text).toBe(200);
  const fields = new URLSearchParams(reply.text);
  expect(fields.get("oauth_callback_confirmed")).toBe("true");
  return { token: fields.get("oauth_token")!, secret: fields.get("oauth_token_secret")! };
}

async function createUser(baseURL: string, login: string, password: string) {
  const url = `${baseURL}/rest/1.0/users`;
  const body = JSON.stringify({ login, password });
  const { authorization } = signRequest({ method: "POST", url, ...consumer, body });
  const reply = await post(url, authorization, body);
  expect(reply.status, reply.text).toBe(201);
}

test("three-legged OAuth: the user approves on our page, then the application gets an access token", async ({ page, baseURL }, testInfo) => {
  const callback = await startCallbackServer();
  try {
    const login = unique("enduser");
    const password = "end-user-password-1";
    await createUser(baseURL!, login, password);
    const rt = await requestToken(baseURL!, callback.url);

    // The original platform's URL sends the browser to the authorization page.
    await page.goto(`/rest/1.0/oauth/display_token.html?oauth_token=${encodeURIComponent(rt.token)}`);
    await expect(page).toHaveURL(new RegExp(`/oauth/authorize\\?oauth_token=${rt.token}$`));
    await expect(page.getByTestId("authorize-app-name")).toHaveText(demo.appName);
    await expect(page.getByText(`in domain ${demo.domain}`)).toBeVisible();
    await expect(page.getByTestId("authorize-scope")).toHaveText("Read and change your account, calls, messages and files.");
    // Not the developer portal: no portal navigation or developer sign-in there.
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
    await screenshot(page, testInfo, "oauth-authorize");

    // A wrong password is explained on the form; nothing reaches the callback.
    await page.getByLabel("Login").fill(login);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "The login or password is wrong. Check both and try again. Forgot the password? Whoever gave you this login can reset it.",
    );
    await expect(page.getByLabel("Login")).toHaveValue(login);
    await screenshot(page, testInfo, "oauth-wrong-password");
    expect(callback.received).toHaveLength(0);

    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { name: "Back at the application" })).toBeVisible();
    expect(callback.received).toHaveLength(1);
    const query = callback.received[0]!;
    expect(query.get("oauth_token")).toBe(rt.token);
    expect(query.get("oauth_approval")).toBe("approved");
    const verifier = query.get("oauth_verifier");
    expect(verifier).toBeTruthy();

    // The application trades the approved request token for an access token.
    const accessUrl = `${baseURL}/rest/1.0/access_token`;
    const { authorization } = signRequest({
      method: "POST",
      url: accessUrl,
      ...consumer,
      token: rt.token,
      tokenSecret: rt.secret,
      extraOAuthParams: { oauth_verifier: verifier! },
    });
    const access = await post(accessUrl, authorization);
    expect(access.status, access.text).toBe(200);
    const fields = [...new URLSearchParams(access.text).entries()];
    expect(fields.map(([k]) => k)).toEqual(["oauth_token", "oauth_token_secret", "user_guid", "user"]);
    const reply = Object.fromEntries(fields);
    expect(reply.user).toBe(`${demo.domain}:${login}`);

    const userUrl = `${baseURL}/rest/1.0/users/${reply.user_guid}`;
    const signed = signRequest({ method: "GET", url: userUrl, ...consumer, token: reply.oauth_token, tokenSecret: reply.oauth_token_secret });
    const me = await fetch(userUrl, { headers: { Authorization: signed.authorization } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { entry: { login: string } }).entry.login).toBe(login);

    // The answered request cannot be used again: a friendly page says so.
    await page.goto(`/oauth/authorize?oauth_token=${encodeURIComponent(rt.token)}`);
    await expect(page.getByTestId("authorize-problem")).toContainText("already answered");
    await expect(page.getByTestId("authorize-problem")).toContainText("start again from the application");
    await screenshot(page, testInfo, "oauth-already-used");
  } finally {
    await callback.close();
  }
});

test("three-legged OAuth: the user denies; unknown tokens get a friendly page", async ({ page, baseURL }, testInfo) => {
  const callback = await startCallbackServer();
  try {
    const rt = await requestToken(baseURL!, callback.url);
    await page.goto(`/rest/1.0/oauth/display_token.html?oauth_token=${encodeURIComponent(rt.token)}`);
    await expect(page.getByTestId("authorize-app-name")).toHaveText(demo.appName);
    await page.getByRole("button", { name: "Deny" }).click();
    await expect(page.getByRole("heading", { name: "Back at the application" })).toBeVisible();
    expect(callback.received).toHaveLength(1);
    expect(callback.received[0]!.get("oauth_token")).toBe(rt.token);
    expect(callback.received[0]!.get("oauth_approval")).toBe("denied");
    expect(callback.received[0]!.get("oauth_verifier")).toBeNull();

    await page.goto("/oauth/authorize?oauth_token=no-such-token");
    await expect(page.getByTestId("authorize-problem")).toContainText("This authorization link is not valid");
    await screenshot(page, testInfo, "oauth-unknown-token");
    await page.goto("/oauth/authorize");
    await expect(page.getByTestId("authorize-problem")).toContainText("incomplete");
  } finally {
    await callback.close();
  }
});

test("three-legged OAuth out of band: the page shows the verifier to copy", async ({ page, baseURL }, testInfo) => {
  const login = unique("oobuser");
  const password = "oob-user-password-1";
  await createUser(baseURL!, login, password);
  const rt = await requestToken(baseURL!, "oob");
  await page.goto(`/oauth/authorize?oauth_token=${encodeURIComponent(rt.token)}`);
  await page.getByLabel("Login").fill(login);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Approve" }).click();
  const box = page.getByTestId("oob-verifier");
  await expect(box).toContainText(`You approved ${demo.appName}`);
  await expect(box.locator("code")).toHaveText(/^\S{10,}$/);
  await screenshot(page, testInfo, "oauth-oob-verifier");
});
