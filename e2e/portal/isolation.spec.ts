import { expect, test } from "@playwright/test";
import { screenshot } from "../support/screenshot";
import { createApplication, newDeveloper, signUp, unique } from "./portal-helpers";

test("a developer cannot see another developer's application, domain or secret", async ({ browser, baseURL }, testInfo) => {
  // Developer A: an application with a user in a new domain.
  const a = await browser.newContext();
  const pageA = await a.newPage();
  await signUp(pageA, newDeveloper("owner"));
  const domain = unique("private");
  const appName = unique("secret-app");
  const appPath = await createApplication(pageA, appName, { domain, description: "Only for A's eyes." });
  const appId = appPath.split("/").pop()!;
  const secret = (await pageA.getByTestId("copy-now").getByTestId("secret-value").textContent())!.trim();
  const consumerKey = (await pageA.getByTestId("consumer-key").textContent())!.trim();
  await pageA.goto(`/domains/${domain}`);
  const form = pageA.getByRole("region", { name: "Add a user" });
  await form.getByLabel("Login").fill("carol");
  await form.getByLabel("Password").fill("carol-password-1");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(pageA.getByTestId("user-row-carol")).toBeVisible();

  // Developer B, in another browser context.
  const b = await browser.newContext();
  const pageB = await b.newPage();
  await signUp(pageB, newDeveloper("intruder"));

  for (const path of [appPath, `/domains/${domain}`]) {
    const response = await pageB.goto(path);
    expect(response?.status()).toBe(404);
    await expect(pageB.getByRole("heading", { name: "We could not find that page" })).toBeVisible();
    // The page (text and payload) holds nothing of A's; only B's own address bar has the domain name B typed.
    const text = await pageB.locator("main").innerText();
    for (const leaked of [appName, domain, "carol", "Only for A"]) expect(text).not.toContain(leaked);
    const html = await pageB.content();
    for (const leaked of [appName, secret, consumerKey, "carol", "Only for A"]) expect(html).not.toContain(leaked);
  }
  await screenshot(pageB, testInfo, "not-found-other-developer");

  // Nor through the JSON route, even with B's session.
  const reveal = await pageB.request.get(`/api/portal/apps/${appId}/secret`);
  expect(reveal.status()).toBe(404);
  expect(await reveal.text()).not.toContain(secret);

  // B's lists do not include A's things.
  await pageB.goto("/apps");
  await expect(pageB.getByText(appName)).toHaveCount(0);
  await pageB.goto("/domains");
  await expect(pageB.getByText(domain)).toHaveCount(0);

  // A still sees everything; signed out, nothing at all.
  await pageA.goto(appPath);
  await expect(pageA.getByRole("heading", { name: appName })).toBeVisible();
  const anonymous = await fetch(`${baseURL}${appPath}`, { redirect: "manual" });
  expect([302, 303, 307]).toContain(anonymous.status);
  expect(anonymous.headers.get("location")).toContain("/signin");

  await a.close();
  await b.close();
});
