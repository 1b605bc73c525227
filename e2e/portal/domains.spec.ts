import { expect, test } from "@playwright/test";
import { screenshot } from "../support/screenshot";
import { createApplication, newDeveloper, signUp, unique } from "./portal-helpers";

test("domains list and detail; create a user, reset the password, delete the user", async ({ page }, testInfo) => {
  await signUp(page, newDeveloper("domains"));

  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Domains" }).click();
  await expect(page.getByText("You have no domains yet")).toBeVisible();
  await screenshot(page, testInfo, "domains-empty");

  const domain = unique("acme");
  const appName = unique("crm");
  await createApplication(page, appName, { domain, description: "Customer calls." });

  await page.goto("/domains");
  const row = page.getByRole("row").filter({ hasText: domain });
  await expect(row.getByRole("cell")).toHaveText([domain, "1", "0", /\d{4}$/]);
  await screenshot(page, testInfo, "domains-list");

  await row.getByRole("link", { name: domain }).click();
  await expect(page).toHaveURL(new RegExp(`/domains/${domain}$`));
  await expect(page.getByRole("heading", { name: domain, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: appName })).toBeVisible();
  await expect(page.getByText("No users yet")).toBeVisible();

  // Validation next to the fields.
  const form = page.getByRole("region", { name: "Add a user" });
  await form.getByLabel("Login").fill("has space");
  await form.getByLabel("Password").fill("short");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(form.getByText("Login may not contain spaces, colons or slashes")).toBeVisible();
  await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();
  await screenshot(page, testInfo, "domain-user-errors");

  // Create.
  await form.getByLabel("Login").fill("alice");
  await form.getByLabel("Password").fill("alice-password-1");
  await form.getByLabel("First name").fill("Alice");
  await form.getByLabel("Last name").fill("Liddell");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(form.getByText("User alice was created.")).toBeVisible();
  const alice = page.getByTestId("user-row-alice");
  await expect(alice).toContainText("Alice Liddell");
  await expect(alice).toContainText("Set");
  await expect(form.getByLabel("Login")).toHaveValue("");

  // The same login twice is refused with the API's message.
  await form.getByLabel("Login").fill("alice");
  await form.getByLabel("Password").fill("alice-password-2");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(form.getByRole("alert")).toContainText("alice");

  // A second user to keep, so the table stays after the delete.
  await form.getByLabel("Login").fill("bob");
  await form.getByLabel("Password").fill("bob-password-12");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByTestId("user-row-bob")).toBeVisible();
  await screenshot(page, testInfo, "domain-detail");

  // Reset password: a short one is refused, a good one marks the user.
  await alice.getByRole("button", { name: "Reset password" }).click();
  await alice.getByLabel("New password for alice").fill("short");
  await alice.getByRole("button", { name: "Set password" }).click();
  await expect(alice.getByText("Password must be at least 8 characters")).toBeVisible();
  await screenshot(page, testInfo, "domain-user-reset-form");
  await alice.getByLabel("New password for alice").fill("new-alice-password-1");
  await alice.getByRole("button", { name: "Set password" }).click();
  await expect(alice.getByText("Reset: must change")).toBeVisible();
  await expect(alice.getByRole("status")).toContainText("Password set.");

  // Delete: asks first; cancel keeps the user.
  await alice.getByRole("button", { name: "Delete" }).click();
  await expect(alice.getByText("This cannot be undone.")).toBeVisible();
  await screenshot(page, testInfo, "domain-user-delete-confirm");
  await alice.getByRole("button", { name: "Cancel" }).click();
  await expect(alice).toBeVisible();
  await alice.getByRole("button", { name: "Delete" }).click();
  await alice.getByRole("button", { name: "Delete alice" }).click();
  await expect(page.getByTestId("user-row-alice")).toHaveCount(0);
  await expect(page.getByTestId("user-row-bob")).toBeVisible();

  await page.goto("/domains");
  await expect(page.getByRole("row").filter({ hasText: domain }).getByRole("cell")).toHaveText([domain, "1", "1", /\d{4}$/]);
});
