import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import { client, createLoggedInUser, uniqueLogin } from "../support/api-client";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { INBOUND_RING_MS } from "@/lib/telephony/simulator-behaviour";
import { signIn } from "./portal-helpers";

// A caller leaves a voicemail on a user's purpose number (the simulator, through the API); the
// developer plays it on the user's Messages page and finds the new-message email, with the MP3
// attached, in the Mailbox.

test("play a voicemail on the Messages page; its email carries the MP3", async ({ page, baseURL }, testInfo) => {
  const app = client(baseURL!);
  const user = await createLoggedInUser(baseURL!);
  const number = await app("POST", `/devices/${user.guid}`, { json: { id: "@purpose/USA" } });
  expect(number.status, number.text).toBe(201);
  const digits = (number.body.entry.id as string).slice("service:".length);
  const email = `${uniqueLogin("vm-portal")}@example.com`;
  expect((await app("POST", `/devices/${user.guid}`, { json: { id: `mailto:${email}`, notifyvm: true, attachmessage: true } })).status).toBe(201);

  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
  // Confirm the email device with the code its verification email brought.
  await page.goto("/mailbox");
  const check = await page.getByTestId("mailbox-message").filter({ hasText: email }).textContent();
  const code = /Code: (\d{6})/.exec(check!)![1]!;
  const confirmed = await app("PUT", `/devices/${user.guid}/mailto:${encodeURIComponent(email)}`, { json: { verifyCode: code } });
  expect(confirmed.body.entry.verified).toBe(true);

  // The caller rings; nobody answers; the simulated caller speaks.
  const from = `tel:1202555${randomInt(1000, 9999)}`;
  const rang = await app("POST", "/simulator/inbound-call", { json: { from, to: `tel:${digits}` } });
  expect(rang.status, rang.text).toBe(201);
  const callId = String(rang.body.entry.id);
  expect((await app("POST", "/simulator/clock", { json: { advanceSeconds: INBOUND_RING_MS / 1000 + 1 } })).status).toBeLessThan(300);
  await expect
    .poll(
      async () => ((await app("GET", `/messages/${user.guid}/inbox`)).body.entry as Array<{ callId?: string }>).some((m) => m.callId === callId),
      { timeout: 30_000 },
    )
    .toBe(true);

  await page.goto(`/domains/${demo.domain}/users/${user.guid}/messages`);
  await page.getByRole("link", { name: new RegExp(`Voicemail · From \\+${from.slice("tel:".length)}`) }).click();
  const audio = page.getByLabel(`Play the voicemail from +${from.slice("tel:".length)}`);
  await expect(audio).toBeVisible();
  // The browser fetched the MP3 through its signed URL and decoded its length.
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => (Number.isFinite(el.duration) ? el.duration : 0)), { timeout: 20_000 })
    .toBeGreaterThan(3);
  expect(await audio.evaluate((el: HTMLAudioElement) => el.error)).toBeNull();
  expect(await audio.getAttribute("src")).toMatch(/^\/rest\/1\.0\/media-links\//);
  await screenshot(page, testInfo, "voicemail-message");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "voicemail-message-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto("/mailbox");
  const mail = page.getByTestId("mailbox-message").filter({ hasText: "New voicemail from" }).filter({ hasText: email });
  await expect(mail).toContainText(`You have a new voicemail on +${digits}.`);
  await expect(mail.getByTestId("mailbox-attachment")).toContainText(`${callId}.mp3`);
  await expect(mail.getByTestId("mailbox-attachment")).toContainText(/\d+(\.\d)? KB/);
  await mail.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "voicemail-mailbox");
});
