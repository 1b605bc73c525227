import { randomInt } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { client, uniqueLogin } from "../support/api-client";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { newDeveloper, signIn, signUp } from "./portal-helpers";

/** A user the demo application creates through the API: it joins the seeded demo billing account. */
async function apiUser(baseURL: string, prefix: string): Promise<{ guid: string; login: string }> {
  const login = uniqueLogin(prefix);
  const res = await client(baseURL)("POST", "/users", { json: { login, password: "portal-user-123", firstName: "Grace", lastName: "Hopper" } });
  expect(res.status, res.text).toBe(201);
  return { guid: res.body.entry.guid, login };
}

async function openUser(page: Page, login: string): Promise<void> {
  await page.goto(`/domains/${demo.domain}`);
  await page.getByRole("link", { name: login, exact: true }).click();
  await expect(page.getByRole("heading", { name: login, level: 1 })).toBeVisible();
}

const deviceCard = (page: Page, id: string) => page.getByTestId(`device-${id}`);

test("a user's devices: allocate a purpose number, find it on the Numbers page", async ({ page, baseURL }, testInfo) => {
  const user = await apiUser(baseURL!, "number-holder");
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await openUser(page, user.login);
  await expect(deviceCard(page, `sip:${user.login}@${demo.domain}`)).toContainText("Default");
  await screenshot(page, testInfo, "user-devices");

  const form = page.getByRole("region", { name: "Add a purpose number" });
  await form.getByLabel("Country").selectOption("GBR");
  await form.getByLabel("Name").fill("Support line");
  await form.getByRole("button", { name: "Allocate a number" }).click();
  const notice = form.getByRole("status");
  await expect(notice).toContainText("is now this user's purpose number");
  const number = /\+(44\d{10})/.exec((await notice.textContent())!)![1]!;
  const card = deviceCard(page, `service:${number}`);
  await expect(card).toContainText("Purpose number · GBR");
  await expect(card).toContainText("Support line");
  await expect(card).toContainText("Verified");
  await screenshot(page, testInfo, "user-purpose-number");

  // Options are saved and shown.
  await card.getByRole("button", { name: "Options" }).click();
  await card.getByLabel("Label").fill("support");
  await card.getByRole("checkbox", { name: /Notify of voicemail/ }).check();
  await screenshot(page, testInfo, "user-device-options");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card).toContainText("Support line · support");
  await expect(card).toContainText("On: Notify of voicemail");

  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Numbers" }).click();
  await expect(page.getByRole("heading", { name: "Numbers", level: 1 })).toBeVisible();
  await page.getByLabel("Country").selectOption("GBR");
  await page.getByLabel("Status").selectOption("allocated");
  await page.getByLabel("Number contains").fill(number.slice(2));
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByTestId(`number-${number}`);
  await expect(row).toContainText("allocated");
  await expect(row.getByRole("link", { name: `${demo.domain}:${user.login}` })).toBeVisible();
  await screenshot(page, testInfo, "numbers-search");

  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone each number is a card instead of a table row.
  const phoneCard = page.getByTestId(`number-card-${number}`);
  await expect(phoneCard).toContainText("allocated");
  await expect(phoneCard.getByRole("link", { name: `${demo.domain}:${user.login}` })).toBeVisible();
  await expect(row).toBeHidden();
  await screenshot(page, testInfo, "numbers-phone");
  await openUser(page, user.login);
  await screenshot(page, testInfo, "user-devices-phone");

  // Removing the number sends it to quarantine.
  await page.setViewportSize({ width: 1280, height: 900 });
  await deviceCard(page, `service:${number}`).getByRole("button", { name: "Remove" }).click();
  await deviceCard(page, `service:${number}`).getByRole("button", { name: "Yes, remove it" }).click();
  await expect(deviceCard(page, `service:${number}`)).toHaveCount(0);
  await page.goto(`/numbers?digits=${number}`);
  await expect(page.getByTestId(`number-${number}`)).toContainText("quarantined");
});

test("email devices: add one, confirm it by the link in the Mailbox, and another by its code", async ({ page, baseURL }, testInfo) => {
  const user = await apiUser(baseURL!, "mail-owner");
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await openUser(page, user.login);

  const add = page.getByRole("region", { name: "Add a device" });
  const byLink = `${uniqueLogin("link")}@example.com`;
  await add.getByLabel("Address").fill(`mailto:${byLink}`);
  await add.getByLabel("Name").fill("Work mail");
  await add.getByRole("button", { name: "Add device" }).click();
  await expect(add.getByRole("status")).toContainText("a verification email was sent");
  await expect(deviceCard(page, `mailto:${byLink}`)).toContainText("Email not confirmed");
  await screenshot(page, testInfo, "email-device-pending");

  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Mailbox" }).click();
  const message = page.getByTestId("mailbox-message").filter({ hasText: byLink });
  await expect(message).toContainText("Your verification code:");
  await screenshot(page, testInfo, "mailbox");
  await message.getByRole("link", { name: /verify-email\?token=/ }).click();
  await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
  await screenshot(page, testInfo, "verify-email-confirm");
  await page.getByRole("button", { name: `Confirm ${byLink}` }).click();
  await expect(page.getByRole("heading", { name: "Your email address is confirmed" })).toBeVisible();
  await screenshot(page, testInfo, "verify-email-done");

  await openUser(page, user.login);
  await expect(deviceCard(page, `mailto:${byLink}`)).toContainText("Verified");

  // The second one by the code from its email, after a wrong guess.
  const byCode = `${uniqueLogin("code")}@example.com`;
  await add.getByLabel("Address").fill(`MAILTO:${byCode.toUpperCase()}`);
  await add.getByRole("button", { name: "Add device" }).click();
  await expect(add.getByRole("status")).toContainText(`mailto:${byCode}`);
  await page.goto("/mailbox");
  const text = await page.getByTestId("mailbox-message").filter({ hasText: byCode }).textContent();
  const code = /Code: (\d{6})/.exec(text!)![1]!;
  await openUser(page, user.login);
  const card = deviceCard(page, `mailto:${byCode}`);
  await card.getByLabel("Code from the email").fill(code === "000000" ? "111111" : "000000");
  await card.getByRole("button", { name: "Confirm" }).click();
  await expect(card.getByText("Code from the email is wrong: 4 tries left")).toBeVisible();
  await screenshot(page, testInfo, "email-code-wrong");
  await card.getByLabel("Code from the email").fill(code);
  await card.getByRole("button", { name: "Confirm" }).click();
  await expect(card).toContainText("Verified");
  await screenshot(page, testInfo, "email-devices-verified");
});

test("numbers: the operator imports a CSV; another developer sees an empty Mailbox and no import", async ({ page }, testInfo) => {
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto("/numbers");
  const form = page.getByRole("region", { name: "Import numbers" });
  await form.getByLabel("Numbers (CSV)").fill("number,country,sms\n07700 900123,GBR\n");
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByRole("alert")).toContainText('line 2: "07700 900123" is not an international number');

  const block = randomInt(10, 99);
  const numbers = [`+33 1 99 00 ${block} 01`, `+33 1 99 00 ${block} 02`];
  await form.getByLabel("Numbers (CSV)").fill(`number,country,sms\n${numbers[0]},FRA,true\n${numbers[1]},FRA,false\n`);
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByRole("status")).toContainText(/Added \d number\(s\) to the inventory/);
  await page.goto(`/numbers?country=FRA&digits=3319900${block}`);
  await expect(page.getByTestId(`number-3319900${block}01`)).toContainText("available");
  await expect(page.getByTestId(`number-3319900${block}02`)).toBeVisible();
  await screenshot(page, testInfo, "numbers-imported");

  await page.getByRole("button", { name: "Sign out" }).click();
  await signUp(page, newDeveloper("mailbox"));
  await page.goto("/mailbox");
  await expect(page.getByText("No mail yet")).toBeVisible();
  await screenshot(page, testInfo, "mailbox-empty");
  await page.goto("/numbers");
  await expect(page.getByRole("heading", { name: "Numbers", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Import numbers" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/mailbox");
  await screenshot(page, testInfo, "mailbox-empty-phone");
});
