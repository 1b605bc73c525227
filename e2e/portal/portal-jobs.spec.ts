import { randomInt } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { client, uniqueLogin } from "../support/api-client";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { newDeveloper, signIn, signUp, unique } from "./portal-helpers";

// Issue 26, item 6: jobs the portal used to send you to the raw API for. Each is done here in the
// portal, through the same function its REST operation calls, and checked through the API.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A user of the demo application holding an SMS number (also a purpose number calls come in at). */
async function userWithNumber(baseURL: string) {
  const api = client(baseURL);
  const login = uniqueLogin("jobs");
  const created = await api("POST", "/users", { json: { login, password: "portal-user-123", firstName: "Ada" } });
  expect(created.status, created.text).toBe(201);
  const guid = created.body.entry.guid as string;
  const number = await api("POST", `/devices/${guid}`, { json: { id: "@sms/GBR" } });
  expect(number.status, number.text).toBe(201);
  const digits = (number.body.entry.id as string).slice("service:".length);
  return { api, guid, login, digits };
}

/** The page does not scroll sideways at 390 px; then back to the desktop size. */
async function fitsPhone(page: Page, testInfo: import("@playwright/test").TestInfo, name: string) {
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at 390 px` })
    .toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, testInfo, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test("simulate an inbound call on the Calls page and an inbound SMS on the Messages page", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const user = await userWithNumber(baseURL!);
  await page.setViewportSize(DESKTOP);
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);

  // The call: from any number to the user's purpose number; it opens in the live view, inbound.
  await page.goto(`/domains/${demo.domain}/users/${user.guid}/calls`);
  const callForm = page.getByRole("region", { name: "Simulate an inbound call" });
  await expect(callForm.getByLabel("To")).toHaveValue(`tel:${user.digits}`);
  await screenshot(page, testInfo, "simulate-call-form");
  await fitsPhone(page, testInfo, "simulate-call-form");
  const caller = `tel:+1202555${randomInt(1000, 9999)}`;
  await callForm.getByLabel("From").fill(caller);
  await callForm.getByRole("button", { name: "Simulate the call" }).click();
  await expect(page.getByRole("heading", { name: /^Call #\d+$/, level: 1 })).toBeVisible();
  const callId = /Call #(\d+)/.exec((await page.getByRole("heading", { level: 1 }).textContent())!)![1]!;
  await expect(page.getByTestId("live-call")).toContainText(caller.replace(/^tel:\+/, "tel:"));
  const call = await user.api("GET", `/calls/${user.guid}/${callId}`);
  expect(call.status, call.text).toBe(200);
  expect(call.body.entry.outbound).toBe(false);
  await screenshot(page, testInfo, "simulate-call-live");

  // A number the user does not hold is refused with the simulator's own message.
  await page.goto(`/domains/${demo.domain}/users/${user.guid}/calls`);
  await callForm.getByLabel("From").fill("not a number");
  await callForm.getByRole("button", { name: "Simulate the call" }).click();
  await expect(callForm.getByText(/^From is not an address/)).toBeVisible();

  // The SMS: it lands in the inbox and opens as a conversation.
  await page.goto(`/domains/${demo.domain}/users/${user.guid}/messages`);
  const smsForm = page.getByRole("region", { name: "Simulate an inbound SMS" });
  await expect(smsForm.getByLabel("To")).toHaveValue(`tel:${user.digits}`);
  const texter = `tel:44770${randomInt(1_000_000, 9_999_999)}`;
  await smsForm.getByLabel("From").fill(texter);
  await smsForm.getByRole("button", { name: "Simulate the SMS" }).click();
  await expect(smsForm.getByText(/^Message is required/)).toBeVisible();
  await smsForm.getByLabel("Message").fill("Running ten minutes late.");
  await smsForm.getByRole("button", { name: "Simulate the SMS" }).click();
  await expect(page.getByRole("list", { name: `Conversation with +${texter.slice(4)}` })).toContainText("Running ten minutes late.");
  const inbox = await user.api("GET", `/messages/${user.guid}/inbox`);
  expect(
    (inbox.body.entry as Array<{ type: string; from: string; body?: string }>).find((m) => m.body === "Running ten minutes late."),
  ).toMatchObject({ type: "InboundSms", from: texter });
  await screenshot(page, testInfo, "simulate-sms-received");
  await fitsPhone(page, testInfo, "simulate-sms-received");
});

test("check a phone's call forwarding and choose a transcription service on the user page", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const user = await userWithNumber(baseURL!);
  const phone = `tel:1555010${randomInt(1000, 9999)}`;
  const busy = `tel:1555${randomInt(100, 999)}0002`; // ...0002: the simulator's busy phone
  for (const id of [phone, busy]) expect((await user.api("POST", `/devices/${user.guid}`, { json: { id } })).status).toBe(201);
  await page.setViewportSize(DESKTOP);
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`/domains/${demo.domain}/users/${user.guid}`);

  // Call forwarding: the phone that forwards is verified; the busy one is told what to do.
  const card = page.getByTestId(`device-${phone}`);
  await expect(card).toContainText("Call forwarding not checked");
  await expect(page.getByTestId(`device-service:${user.digits}`).getByRole("button", { name: /Check call forwarding/ })).toHaveCount(0);
  await card.getByRole("button", { name: "Check call forwarding" }).click();
  await expect(card.getByRole("status")).toContainText("Call forwarding works");
  await expect(card).toContainText("Verified");
  expect((await user.api("GET", `/devices/${user.guid}/${phone}`)).body.entry).toMatchObject({ ccfCheck: "passed", verified: true });
  const busyCard = page.getByTestId(`device-${busy}`);
  await busyCard.getByRole("button", { name: "Check call forwarding" }).click();
  await expect(busyCard.getByRole("alert")).toContainText("The test call did not come back");
  await expect(busyCard).toContainText("Check failed");
  await expect(busyCard).toContainText("Set conditional call forwarding on the phone, then check again.");
  await expect(busyCard.getByRole("button", { name: "Check call forwarding again" })).toBeVisible();
  expect((await user.api("GET", `/devices/${user.guid}/${busy}`)).body.entry).toMatchObject({ ccfCheck: "failed", verified: false });
  await screenshot(page, testInfo, "ccf-checked");

  // Transcription: the user's services, each set as PUT /services sets it.
  const service = page.getByTestId("service-simulator");
  await expect(service).toContainText("Simulator transcription");
  await expect(service.getByLabel("Transcribe every new voicemail")).not.toBeChecked();
  await service.getByLabel("Folders").fill("inbox, not a folder");
  await service.getByRole("button", { name: "Save transcription" }).click();
  await expect(service.getByText(/^Folders may contain letters, digits/)).toBeVisible();
  await service.getByLabel("Transcribe every new voicemail").check();
  await service.getByLabel("Folders").fill("inbox, archive");
  await service.getByRole("button", { name: "Save transcription" }).click();
  await expect(service.getByRole("status")).toContainText(
    "Saved: Simulator transcription transcribes every new voicemail and audio messages in inbox, archive.",
  );
  const services = await user.api("GET", `/services/${user.guid}`);
  expect((services.body.entry as Array<{ id: string }>).find((s) => s.id === "simulator")).toMatchObject({
    voicemail: true,
    folders: ["inbox", "archive"],
  });
  await page.reload();
  await expect(service.getByLabel("Transcribe every new voicemail")).toBeChecked();
  await expect(service.getByLabel("Folders")).toHaveValue("inbox, archive");
  await screenshot(page, testInfo, "transcription-saved");
  await fitsPhone(page, testInfo, "user-page");
});

test("a new application from a domain page is in that domain; an empty Domain is refused, no domain created", async ({ page }, testInfo) => {
  await signUp(page, newDeveloper("appdomain"));
  const domain = unique("shop");
  await page.goto("/domains");
  const newDomain = page.getByRole("region", { name: "New domain" });
  await newDomain.getByLabel("Domain name").fill(domain);
  await newDomain.getByRole("button", { name: "Create domain" }).click();
  await expect(page.getByRole("heading", { name: domain, level: 1 })).toBeVisible();

  // An empty Domain: refused, saying what to do; nothing is created.
  await page.goto("/apps/new");
  await page.getByLabel("Display name").fill("Till App");
  await expect(page.getByTestId("domain-choice")).toContainText("Required");
  await page.getByRole("button", { name: "Create application" }).click();
  await expect(page.getByText("Domain is required: choose one of your domains, or type a name for a new one (such as till-app).")).toBeVisible();
  await expect(page).toHaveURL(/\/apps\/new$/);
  await expect(page.getByTestId("domain-choice")).toHaveText(`Yours: ${domain}.`);
  await screenshot(page, testInfo, "app-new-domain-required");
  await fitsPhone(page, testInfo, "app-new-domain-required");
  await page.goto("/domains");
  await expect(page.getByRole("link", { name: "till-app", exact: true })).toHaveCount(0);

  // From the domain page: the form opens in that domain and the application lands there.
  await page.goto(`/domains/${domain}`);
  await page.getByRole("link", { name: "New application" }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/new\\?domain=${domain}$`));
  await expect(page.getByLabel("Domain")).toHaveValue(domain);
  await expect(page.getByTestId("domain-choice")).toContainText(`In your domain ${domain}`);
  await page.getByLabel("Display name").fill("Till App");
  await expect(page.getByText(`${domain}:till-app`)).toBeVisible();
  await screenshot(page, testInfo, "app-new-from-domain");
  await page.getByRole("button", { name: "Create application" }).click();
  await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("app-public-id")).toHaveText(`${domain}:till-app`);

  // A name that is not one of the developer's domains is announced as a new domain before creating it.
  await page.goto(`/apps/new?domain=${domain}`);
  await page.getByLabel("Domain").fill(`${domain}-two`);
  await expect(page.getByTestId("domain-choice")).toContainText(`New domain: ${domain}-two will be created`);
});
