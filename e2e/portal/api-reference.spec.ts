import { expect, test } from "@playwright/test";
import { screenshot } from "../support/screenshot";

test("/docs/api renders the OpenAPI reference with Swagger UI, loading nothing from another origin", async ({ page, baseURL }, testInfo) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await page.goto("/docs/api");

  const reference = page.getByTestId("swagger-ui");
  await expect(reference.getByText("Create a user").first()).toBeVisible();
  await expect(reference.getByText("createUser").first()).toBeAttached();
  await expect(page.getByRole("link", { name: "Your applications" })).toBeVisible();
  // Requests must be signed: the reference offers no "Try it out".
  await reference.getByText("Create a user").first().click();
  await expect(reference.getByText("curl").first()).toBeVisible();
  await expect(reference.getByRole("button", { name: "Try it out" })).toHaveCount(0);
  await screenshot(page, testInfo, "api-reference");

  // Every problem's type links here: the anchors exist.
  await expect(page.locator("#error-conflict")).toContainText("409");
  await expect(page.locator("#error-validation_failed")).toContainText("400");

  const origin = new URL(baseURL!).origin;
  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((url) => !url.startsWith("data:") && new URL(url).origin !== origin)).toEqual([]);
  expect(requested.some((url) => url.includes("/rest/1.0/openapi.json"))).toBe(true);

  // The asset route serves its two files only, cached for long.
  const css = await page.request.get("/docs/api/assets/swagger-ui.css");
  expect(css.status()).toBe(200);
  expect(css.headers()["content-type"]).toContain("text/css");
  expect(css.headers()["cache-control"]).toContain("immutable");
  expect((await page.request.get("/docs/api/assets/package.json")).status()).toBe(404);
  expect((await page.request.get("/docs/api/assets/..%2F..%2Fpackage.json")).status()).toBe(404);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs/api#error-conflict");
  await expect(reference.getByText("Create a user").first()).toBeVisible();
  await expect(page.locator("#error-conflict")).toBeInViewport();
  // Nothing is wider than the screen (the responses table's Links column once made the page 394px).
  const phoneWidth = page.viewportSize()!.width;
  const servers = await reference.locator(".servers select").boundingBox();
  expect(servers!.x + servers!.width).toBeLessThanOrEqual(phoneWidth - 8);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneWidth);
  await screenshot(page, testInfo, "api-reference-phone");
});

test("the reference's examples read as real data, and its curl block wraps at 390 px", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs/api");
  const reference = page.getByTestId("swagger-ui");
  // The summary names the whole API, not five areas of it.
  await expect(reference.getByText(/calls with their legs/)).toBeVisible();
  await reference.getByText("Get a user").first().click();
  const operation = reference.locator(".opblock.is-open").first();
  const sample = operation.locator(".responses-wrapper .microlight, .responses-wrapper pre").first();
  await expect(sample).toContainText('"login": "ada"');
  const text = (await operation.textContent())!;
  expect(text).not.toContain("-9007199254740991");
  expect(text).not.toMatch(/\b3600-/);
  expect(text).toMatch(/"createdOn": "20\d\d-\d\d-\d\dT/);
  const curl = operation.locator(".renderedMarkdown pre, .markdown pre").first();
  await expect(curl).toContainText("curl -X GET");
  await curl.scrollIntoViewIfNeeded();
  // Wrapped: nothing of the block is hidden to the right.
  const [scroll, client] = await curl.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, testInfo, "api-reference-examples-phone");
  await curl.screenshot({ path: "test-results/screenshots/api-reference-curl-phone.png" });
  await sample.screenshot({ path: "test-results/screenshots/api-reference-sample-phone.png" });
});

test("public/: the favicon and robots.txt", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", /\/favicon\.svg/);
  const icon = await page.request.get("/favicon.svg");
  expect(icon.status()).toBe(200);
  expect(await icon.text()).toContain("<svg");
  const robots = await (await page.request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /rest");
  expect(robots).toContain("Disallow: /api");
});
