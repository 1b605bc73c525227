import { expect, test, type Locator, type Page } from "@playwright/test";
import { screenshot } from "../support/screenshot";
import { newDeveloper, signUp, unique } from "./portal-helpers";
import { seriousViolations } from "./axe";
import { portalPages, visitEach } from "./portal-pages";

// Issue 26, "Build": axe on every portal page, in the light and the dark theme, finds no serious or
// critical violation (WCAG 2.1 A and AA rules, colour contrast among them); a form works by keyboard alone.

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`the ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test(`axe finds no serious or critical violation on any portal page (${colorScheme})`, async ({ page, baseURL }) => {
      test.setTimeout(400_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      const pages = await portalPages(page, baseURL!);
      const found: string[] = [];
      await visitEach(page, pages, async (path) => {
        if (colorScheme === "dark") await expect(page.locator("html"), path).toHaveClass(/\bdark\b/);
        else await expect(page.locator("html"), path).not.toHaveClass(/\bdark\b/);
        for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
      });
      expect(found).toEqual([]);
    });
  });
}

/** Presses Tab until `target` has the focus (at most 60 times); fails if it never does. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused element shows it: an outline or a ring (box-shadow). */
async function showsFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    return (style.outlineStyle !== "none" && style.outlineWidth !== "0px") || style.boxShadow !== "none";
  });
}

test("a new application is created with the keyboard alone, each field showing its focus", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, newDeveloper("keyboard"));
  // From the overview's empty state to the form: Tab to the link, Enter.
  const newApp = page.getByRole("main").getByRole("link", { name: "New application" });
  await tabTo(page, newApp);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/apps\/new$/);

  const name = unique("kbd");
  for (const [label, text] of [
    ["Display name", `Keyboard ${name}`],
    ["Name in the id", name],
    ["Description", "Made without a mouse"],
    ["Domain", name],
  ] as const) {
    const field = page.getByLabel(new RegExp(`^${label}`));
    await tabTo(page, field);
    expect(await showsFocus(field), `${label} shows its focus`).toBe(true);
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(text);
  }
  await screenshot(page, testInfo, "keyboard-new-application");
  const submit = page.getByRole("button", { name: "Create application" });
  await tabTo(page, submit);
  expect(await showsFocus(submit), "the submit button shows its focus").toBe(true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Keyboard ${name}`);
});
