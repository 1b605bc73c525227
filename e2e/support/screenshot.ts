import type { Page, TestInfo } from "@playwright/test";

/** Saves a full-page screenshot under test-results/screenshots/ and attaches it to the report. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = `test-results/screenshots/${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}
