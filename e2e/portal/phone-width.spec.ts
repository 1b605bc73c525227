import { expect, test, type Page } from "@playwright/test";
import { screenshot } from "../support/screenshot";
import { portalPages, shotName, visitEach } from "./portal-pages";

// Issue 26, item 8: no portal page scrolls sideways on a 390 px phone. A wide table may scroll
// inside its own container (overflow-x-auto); the page itself may not.

const PHONE = { width: 390, height: 844 };

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test("every portal page fits a 390 px wide phone without scrolling sideways", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize(PHONE);
  const pages = await portalPages(page, baseURL!);
  const tooWide: string[] = [];
  await visitEach(page, pages, async (path, i) => {
    const width = await pageWidth(page);
    if (width > PHONE.width) tooWide.push(`${path}: ${width} px`);
    await screenshot(page, testInfo, shotName("phone", path, i));
  });
  expect(tooWide).toEqual([]);
});
