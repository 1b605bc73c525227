import { expect, test } from "@playwright/test";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { signIn } from "./portal-helpers";

// Ids that cannot name anything (GUID look-alikes, NUL, broken percent-encoding) show the 404 page
// or a 400, never a 500.
test("malformed ids in portal URLs are not found, never a server error", async ({ page, request }, testInfo) => {
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page.getByTestId("developer-email")).toHaveText(demo.developerEmail);
  const paths = [
    "/apps/------",
    "/apps/------------------------------------",
    "/apps/0b6f1e52-8a8e-4d55-9a36-3c1d7b2b4f1z",
    "/apps/%00",
    "/apps/demo:%00/events",
    "/apps/%F0%9F%98%80/console",
    "/domains/%00",
  ];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await screenshot(page, testInfo, "malformed-id-404");
  // Bytes that are not UTF-8 (a broken sequence, an encoded surrogate) are refused before the app, with a 400 that says why.
  for (const path of ["/apps/%C3%28", "/domains/%ED%A0%80"]) {
    const broken = await request.get(path);
    expect(broken.status(), path).toBe(400);
    expect(await broken.text()).toContain("percent-encoded");
  }
  for (const path of ["/api/portal/apps/------/secret", "/api/portal/apps/%00/events"]) {
    expect((await page.request.get(path)).status(), path).toBeLessThan(500);
  }
});
