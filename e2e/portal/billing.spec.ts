import { expect, test, type Page } from "@playwright/test";
import { call } from "../support/api-client";
import { screenshot } from "../support/screenshot";
import { createApplication, newDeveloper, signUp, unique } from "./portal-helpers";

async function createUserInDomain(page: Page, domain: string, login: string) {
  await page.goto(`/domains/${domain}`);
  await page.getByLabel("Login").fill(login);
  await page.getByLabel("Password", { exact: true }).fill("user-password-123");
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByTestId(`user-row-${login}`)).toBeVisible();
}

test("billing: create an account, add a member, top up, make it an application's default, remove the member", async ({ page, baseURL }, testInfo) => {
  test.slow(); // some 20 pages and API calls: near the default 60 s on a busy machine
  await signUp(page, newDeveloper("billing"));
  await page.goto("/billing");
  await expect(page.getByText("You have no billing accounts yet")).toBeVisible();
  await screenshot(page, testInfo, "billing-empty");

  const domain = unique("bill");
  const appPath = await createApplication(page, unique("shop"), { domain });
  const consumerSecret = (await page.getByTestId("copy-now").getByTestId("secret-value").textContent())!.trim();
  const consumerKey = (await page.getByTestId("consumer-key").textContent())!.trim();
  await createUserInDomain(page, domain, "ada");

  // Bad amounts are explained per field; nothing is created.
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Billing" }).click();
  const form = page.getByRole("region", { name: "New billing account" });
  await form.getByLabel("Name").fill("Acme production");
  await form.getByLabel("Opening credit").fill("-5");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(form.getByText("Opening credit must be an amount such as 12.50 (up to 4 decimals)")).toBeVisible();
  await screenshot(page, testInfo, "billing-create-error");

  await form.getByLabel("Currency").selectOption("GBP");
  await form.getByLabel("Opening credit").fill("20");
  await form.getByLabel("Low-credit threshold").fill("5");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("The billing account was created")).toBeVisible();
  await expect(page).toHaveURL(/\/billing\/[0-9a-f-]{36}$/); // ?created=1 is dropped once shown
  const accountId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: "Acme production" })).toBeVisible();
  await expect(page.getByTestId("account-balance")).toHaveText("20.00 GBP");
  await expect(page.getByTestId("ledger-row")).toHaveCount(1);
  await expect(page.getByTestId("ledger-row")).toContainText("Opening credit");
  await expect(page.getByText("No members yet.")).toBeVisible();
  await screenshot(page, testInfo, "billing-account-created");

  // Add a member by domain:login; an unknown user is refused.
  const add = page.getByRole("region", { name: "Add a member" });
  await add.getByLabel("User").fill(`${domain}:nobody`);
  await add.getByRole("button", { name: "Add member" }).click();
  await expect(add.getByRole("alert")).toContainText(`User ${domain}:nobody was not found`);
  await add.getByLabel("User").fill(`${domain}:ada`);
  await add.getByRole("button", { name: "Add member" }).click();
  await expect(add.getByText(`${domain}:ada is now a member.`)).toBeVisible();
  await expect(page.getByTestId(`member-${domain}:ada`)).toBeVisible();

  // Top up: the balance and the ledger show it.
  const topUp = page.getByRole("region", { name: "Add credit" });
  await topUp.getByLabel("Amount (GBP)").fill("15.50");
  await topUp.getByLabel("Note").fill("Invoice 2026-114");
  await topUp.getByRole("button", { name: "Add credit" }).click();
  await expect(topUp.getByText("Added 15.50. The balance is now 35.50.")).toBeVisible();
  await expect(page.getByTestId("account-balance")).toHaveText("35.50 GBP");
  await expect(page.getByTestId("ledger-row").first()).toContainText("Invoice 2026-114");
  await expect(page.getByTestId("ledger-row").first()).toContainText("+15.50");
  await expect(page.getByText("The billing account was created")).toHaveCount(0);
  await screenshot(page, testInfo, "billing-account-member-top-up");

  // The list shows the account with its balance and member count.
  await page.goto("/billing");
  await expect(page.getByTestId("account-row-Acme production")).toContainText("35.50 GBP");
  await screenshot(page, testInfo, "billing-list");

  // The application's default account: users it creates through the API join it.
  await page.goto(appPath);
  const settings = page.getByRole("region", { name: "Settings" });
  await settings.getByLabel("Default billing account").selectOption({ label: "Acme production (GBP)" });
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByText("Settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "Settings" }).getByLabel("Default billing account")).toHaveValue(accountId);
  const creds = { consumerKey, consumerSecret };
  const created = await call(baseURL!, creds, "POST", "/users", { json: { login: "grace", password: "user-password-123" } });
  expect(created.status).toBe(201);
  expect(created.body.entry.accountId).toBe(accountId);
  const billing = await call(baseURL!, creds, "GET", `/billing/${created.body.entry.guid}`);
  expect(billing.body.entry).toMatchObject({ accountId, name: "Acme production", currency: "GBP", balance: "35.50", status: "ok" });

  // Remove a member: it asks first.
  await page.goto(`/billing/${accountId}`);
  const member = page.getByTestId(`member-${domain}:ada`);
  await member.getByRole("button", { name: "Remove" }).click();
  await screenshot(page, testInfo, "billing-remove-confirm");
  await member.getByRole("button", { name: `Remove ${domain}:ada` }).click();
  await expect(page.getByTestId(`member-${domain}:ada`)).toHaveCount(0);
  await expect(page.getByTestId(`member-${domain}:grace`)).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone each ledger entry is a card instead of a table row.
  const topUpCard = page.getByTestId("ledger-card").filter({ hasText: "Invoice 2026-114" });
  await expect(topUpCard).toBeVisible();
  await expect(topUpCard).toContainText("+15.50");
  await expect(page.getByTestId("ledger-row").first()).toBeHidden();
  await screenshot(page, testInfo, "billing-account-phone");
  await page.goto("/billing");
  await screenshot(page, testInfo, "billing-list-phone");
});

test("billing: another developer's account is a 404 page", async ({ page }) => {
  await signUp(page, newDeveloper("billing-a"));
  await page.goto("/billing");
  const form = page.getByRole("region", { name: "New billing account" });
  await form.getByLabel("Name").fill("Private");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("The billing account was created")).toBeVisible();
  const path = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Sign out" }).click();
  await signUp(page, newDeveloper("billing-b"));
  const res = await page.goto(path);
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Private")).toHaveCount(0);
});

test(
  "billing in the portal: users added on the domain page join the application's default " +
    "account, the user page shows and changes it, the application page shows the balance",
  async ({ page }, testInfo) => {
    await signUp(page, newDeveloper("billing-portal"));
    const domain = unique("billp");
    const appPath = await createApplication(page, unique("shop"), { domain });
    await expect(page.getByTestId("app-credit")).toContainText("no default billing account");

    const newAccount = async (name: string, credit: string) => {
      await page.goto("/billing");
      const form = page.getByRole("region", { name: "New billing account" });
      await form.getByLabel("Name").fill(name);
      await form.getByLabel("Opening credit").fill(credit);
      await form.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText("The billing account was created")).toBeVisible();
      return new URL(page.url()).pathname.split("/").pop()!;
    };
    const mainId = await newAccount("Main account", "42");
    const otherId = await newAccount("Other account", "7.25");

    await page.goto(appPath);
    const settings = page.getByRole("region", { name: "Settings" });
    await settings.getByLabel("Default billing account").selectOption({ label: "Main account (USD)" });
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(settings.getByText("Settings saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("app-credit")).toContainText("42.00 USD");
    await expect(page.getByTestId("app-credit")).toContainText("In credit");
    await expect(page.getByTestId("app-credit").getByRole("link", { name: "Main account" })).toHaveAttribute("href", `/billing/${mainId}`);
    await screenshot(page, testInfo, "billing-app-credit");

    // A user added in the portal joins the default account; the form says so beforehand.
    await page.goto(`/domains/${domain}`);
    await expect(page.getByRole("region", { name: "Add a user" })).toContainText("They join the billing account Main account");
    // How users sign in is stated as xAuth accepts it (oauth.test.ts): the login, or <domain>:<login>.
    await expect(page.getByRole("main")).toContainText(`sign in to its applications with <login> or ${domain}:<login>`);
    await page.getByLabel("Login").fill("ada");
    await page.getByLabel("Password", { exact: true }).fill("user-password-123");
    await page.getByRole("button", { name: "Add user" }).click();
    await page.getByTestId("user-row-ada").getByRole("link", { name: "ada" }).click();
    const billing = page.getByRole("region", { name: "Billing account" });
    await expect(billing.getByTestId("user-billing-account")).toContainText(
      "Main account pays for this user's numbers, calls and messages. Balance 42.00 USD",
    );
    await screenshot(page, testInfo, "billing-user-account");

    // Changed on the user page: the account's member list follows.
    await billing.getByLabel("Change to").selectOption(otherId);
    await billing.getByRole("button", { name: "Save billing account" }).click();
    await expect(billing.getByText("Saved: this user's numbers, calls and messages are now paid from the chosen account.")).toBeVisible();
    await expect(billing.getByTestId("user-billing-account")).toContainText("Other account pays");
    await expect(billing.getByTestId("user-billing-account")).toContainText("7.25 USD");
    await page.goto(`/billing/${otherId}`);
    await expect(page.getByTestId(`member-${domain}:ada`)).toBeVisible();

    await page.goBack();
    await page.getByRole("region", { name: "Billing account" }).getByLabel("Change to").selectOption("");
    await page.getByRole("region", { name: "Billing account" }).getByRole("button", { name: "Save billing account" }).click();
    await expect(page.getByTestId("user-billing-account")).toContainText("None: this user cannot hold numbers");
    await expect(page.getByRole("region", { name: "Billing account" }).getByLabel("Change to")).toHaveValue("");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, testInfo, "billing-user-account-phone");
  },
);
