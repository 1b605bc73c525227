import { expect, test } from "@playwright/test";
import { screenshot } from "../support/screenshot";
import { newDeveloper, signIn, signUp } from "./portal-helpers";

test("change the password: mistakes are explained, the new password signs in, the old one is refused", async ({ page }, testInfo) => {
  const developer = newDeveloper("account");
  await signUp(page, developer);
  await page.getByTestId("developer-email").click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await screenshot(page, testInfo, "account");

  const form = page.getByRole("region", { name: "Change password" });
  const submit = async (current: string, next: string, confirm: string) => {
    await form.getByLabel("Current password").fill(current);
    await form.getByLabel("New password", { exact: true }).fill(next);
    await form.getByLabel("Confirm new password").fill(confirm);
    await form.getByRole("button", { name: "Change password" }).click();
  };
  await submit("not-my-password", "brand-new-password-1", "brand-new-password-1");
  await expect(form.getByText("Current password is not your current password. Check it and try again.")).toBeVisible();
  await submit(developer.password, "short", "other");
  await expect(form.getByText("New password must be at least 8 characters")).toBeVisible();
  await expect(form.getByText("Confirm new password does not match the new password")).toBeVisible();
  await screenshot(page, testInfo, "account-errors");

  const newPassword = "brand-new-password-1";
  await submit(developer.password, newPassword, newPassword);
  await expect(page).toHaveURL(/\/account\?changed=1$/);
  await expect(page.getByText("Your password was changed")).toBeVisible();
  await expect(page.getByTestId("developer-email")).toHaveText(developer.email); // signed in again with the new password
  await screenshot(page, testInfo, "account-changed");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "account-phone");

  await page.getByRole("button", { name: "Sign out" }).click();
  await signIn(page, developer.email, developer.password);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("The email or password is wrong");
  await signIn(page, developer.email, newPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("developer-email")).toHaveText(developer.email);
});
