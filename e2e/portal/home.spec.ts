import { expect, test } from "@playwright/test";
import { screenshot } from "../support/screenshot";

test("home page explains the product and links to sign-in and the API docs", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("REST API you run yourself");
  await expect(page.getByRole("link", { name: "Sign in to the portal" })).toHaveAttribute("href", "/signin");
  await screenshot(page, testInfo, "home");

  await page.getByRole("link", { name: "Read the API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
  await expect(page.locator("#error-method_not_allowed")).toContainText("405");
  await expect(page.getByTestId("swagger-ui").getByText("Create a user").first()).toBeVisible();
  await screenshot(page, testInfo, "api-reference-from-home");
});
