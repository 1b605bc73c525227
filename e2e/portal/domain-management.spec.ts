import { expect, test } from "@playwright/test";
import { screenshot } from "../support/screenshot";
import { createApplication, newDeveloper, signUp, unique } from "./portal-helpers";

test("create a domain; deleting one that has an application is refused; an empty one is deleted", async ({ page }, testInfo) => {
  await signUp(page, newDeveloper("domainmgmt"));
  await page.goto("/domains");
  await expect(page.getByText("You have no domains yet")).toBeVisible();
  const form = page.getByRole("region", { name: "New domain" });
  await expect(form).toBeVisible();
  await screenshot(page, testInfo, "domains-new-empty");

  // Invalid and taken names are explained.
  await form.getByLabel("Domain name").fill("Not Valid");
  await form.getByRole("button", { name: "Create domain" }).click();
  await expect(form.getByText(/^Domain name may contain lowercase letters, digits, dots and dashes/)).toBeVisible();
  await form.getByLabel("Domain name").fill("demo");
  await form.getByRole("button", { name: "Create domain" }).click();
  await expect(form.getByRole("alert")).toContainText('The domain name "demo" is taken. Choose another one.');
  await screenshot(page, testInfo, "domains-new-errors");

  // Create an empty domain: it opens, named read-only with the reason.
  const empty = unique("empty");
  await form.getByLabel("Domain name").fill(empty);
  await form.getByRole("button", { name: "Create domain" }).click();
  await expect(page).toHaveURL(new RegExp(`/domains/${empty}\\?created=1$`));
  await expect(page.getByRole("heading", { name: empty, level: 1 })).toBeVisible();
  await expect(page.getByText(`Domain ${empty} was created`)).toBeVisible();
  const settings = page.getByRole("region", { name: "Domain settings" });
  await expect(settings.getByRole("textbox", { name: "Name" })).toHaveAttribute("readonly", "");
  await expect(settings).toContainText("Domain names cannot be renamed");
  await screenshot(page, testInfo, "domain-created");

  // A domain with an application: the refusal says what is left.
  const busy = unique("busy");
  const appName = unique("crm");
  await createApplication(page, appName, { domain: busy });
  await page.goto(`/domains/${busy}`);
  const busySettings = page.getByRole("region", { name: "Domain settings" });
  await busySettings.getByRole("button", { name: "Delete domain" }).click();
  await expect(busySettings.getByText(`Delete the domain ${busy}? This cannot be undone.`)).toBeVisible();
  await screenshot(page, testInfo, "domain-delete-confirm");
  await busySettings.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(busySettings.getByRole("alert")).toContainText(`Domain ${busy} still has 1 application. Delete them first, then the domain.`);
  await screenshot(page, testInfo, "domain-delete-refused");
  await page.reload();
  await expect(page.getByRole("heading", { name: busy, level: 1 })).toBeVisible();

  // The empty one goes.
  await page.goto(`/domains/${empty}`);
  await page.getByRole("button", { name: "Delete domain" }).click();
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page).toHaveURL(/\/domains\?deleted=1$/);
  await expect(page.getByText("The domain was deleted.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: empty })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: busy })).toHaveCount(1);
  await screenshot(page, testInfo, "domains-after-delete");

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "domains-phone");
  await page.goto(`/domains/${busy}`);
  await screenshot(page, testInfo, "domain-phone");
});
