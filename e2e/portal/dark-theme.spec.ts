import { expect, test } from "@playwright/test";
import { screenshot } from "../support/screenshot";
import { seriousViolations } from "./axe";
import { portalPages, shotName, visitEach } from "./portal-pages";

// Issue 26, "Build": a dark theme that follows the system's setting, a switch (light, dark, system)
// remembered by the browser with no light flash on load, and every page readable in it.

test.describe("with the system set to dark", () => {
  test.use({ colorScheme: "dark" });

  test("every portal page is dark and its text contrast is sufficient", async ({ page, baseURL }, testInfo) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const pages = await portalPages(page, baseURL!);
    const found: string[] = [];
    await visitEach(page, pages, async (path, i) => {
      await expect(page.locator("html"), path).toHaveClass(/\bdark\b/);
      // The page's own background is dark, not just the class.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background, path).not.toBe("rgb(248, 250, 252)");
      for (const v of await seriousViolations(page, ["color-contrast"])) found.push(`${path}: ${v}`);
      await screenshot(page, testInfo, shotName("dark", path, i));
    });
    expect(found).toEqual([]);
  });
});

test("the theme switch: dark, light or system, remembered across pages and reloads, never flashing", async ({ page, browser }) => {
  // Records whether <html> is dark when <body> first appears, before anything is painted.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { darkAtFirstPaint: boolean }).darkAtFirstPaint = document.documentElement.classList.contains("dark");
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const darkAtFirstPaint = () => page.evaluate(() => (window as unknown as { darkAtFirstPaint: boolean }).darkAtFirstPaint);

  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const theme = page.getByTestId("theme-switch");
  await expect(theme).toHaveValue("system");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  // "System" follows the system's setting as it changes.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  await theme.selectOption("dark");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.goto("/signin");
  await expect(page.getByTestId("theme-switch")).toHaveValue("dark");
  expect(await darkAtFirstPaint()).toBe(true);
  await page.reload();
  expect(await darkAtFirstPaint()).toBe(true);

  // Light stays light on a dark system.
  await page.getByTestId("theme-switch").selectOption("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  expect(await darkAtFirstPaint()).toBe(false);
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  // Back to system: dark again, as the system is.
  await page.getByTestId("theme-switch").selectOption("system");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  expect(await darkAtFirstPaint()).toBe(true);

  // The choice is this browser's: another one starts on the system's setting.
  const other = await browser.newContext({ colorScheme: "light" });
  try {
    const fresh = await other.newPage();
    await fresh.goto("/");
    await expect(fresh.locator("html")).not.toHaveClass(/\bdark\b/);
  } finally {
    await other.close();
  }
});
