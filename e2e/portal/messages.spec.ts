import { randomInt } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { client, uniqueLogin } from "../support/api-client";
import { demo } from "../support/fixtures";
import { screenshot } from "../support/screenshot";
import { signIn } from "./portal-helpers";

/** A user of the demo application holding an SMS number (tel:<digits>). */
async function userWithSmsNumber(baseURL: string) {
  const api = client(baseURL);
  const login = uniqueLogin("texter");
  const created = await api("POST", "/users", { json: { login, password: "portal-user-123", firstName: "Ada" } });
  expect(created.status, created.text).toBe(201);
  const guid = created.body.entry.guid as string;
  const number = await api("POST", `/devices/${guid}`, { json: { id: "@sms/GBR" } });
  expect(number.status, number.text).toBe(201);
  return { api, guid, login, number: `tel:${(number.body.entry.id as string).slice("service:".length)}` };
}

const folderLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Folders" }).getByRole("link", { name: new RegExp(`^${name}`, "i") });

test("a user's messages: read an SMS, reply and see it delivered, mark read, move, delete", async ({ page, baseURL }, testInfo) => {
  const user = await userWithSmsNumber(baseURL!);
  const friend = `tel:44770${randomInt(1_000_000, 9_999_999)}`;
  const inbound = await user.api("POST", "/simulator/inbound-sms", { json: { from: friend, to: user.number, body: "Are we still on for tonight?" } });
  expect(inbound.status, inbound.text).toBe(201);

  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`/domains/${demo.domain}/users/${user.guid}`);
  await page.getByRole("link", { name: "Messages", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  await expect(folderLink(page, "inbox")).toHaveAccessibleName("inbox 1 message 1 unread");
  await screenshot(page, testInfo, "messages-inbox");

  // The SMS opens as a conversation with a reply box.
  await page.getByRole("link", { name: /SMS · From \+44770/ }).click();
  const conversation = page.getByRole("list", { name: `Conversation with +${friend.slice(4)}` });
  await expect(conversation).toContainText("Are we still on for tonight?");
  const reply = page.getByRole("form", { name: `Reply to +${friend.slice(4)}` });
  await reply.getByLabel("Message").fill("Yes, see you at 7.");
  await reply.getByRole("button", { name: "Send SMS" }).click();
  await expect(reply.getByRole("status")).toContainText(`Sent to ${friend}`);
  await expect(conversation).toContainText("Yes, see you at 7.");
  // The simulator reports delivery after SMS_SIMULATOR_REPORT_DELAY_MS (2 s).
  await expect(async () => {
    await page.reload();
    await expect(conversation.getByRole("listitem").last()).toContainText("DELIVERED", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await screenshot(page, testInfo, "messages-sms-thread");

  // Mark read: the unread count goes.
  await page.getByRole("button", { name: "Mark read" }).click();
  await expect(page.getByRole("button", { name: "Mark unread" })).toBeVisible();
  await expect(folderLink(page, "inbox")).toHaveAccessibleName("inbox 1 message");

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "messages-sms-thread-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Move it to a folder of the user's own: the page follows it there.
  await page.getByPlaceholder("Move to folder…").fill("family");
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByRole("heading", { name: /^family \(/i, level: 2 })).toContainText("(1)");
  await expect(folderLink(page, "family")).toBeVisible();
  await expect(conversation).toContainText("Are we still on for tonight?");

  // Delete: first to deleted, then for good.
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { name: /^family \(/i, level: 2 })).toContainText("(0)");
  await folderLink(page, "deleted").click();
  await expect(page.getByRole("heading", { name: /^deleted \(/i, level: 2 })).toContainText("(1)");
  await page.getByRole("link", { name: /SMS · From \+44770/ }).click();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("heading", { name: /^deleted \(/i, level: 2 })).toContainText("(0)");
  await expect(page.getByText("No messages in Deleted")).toBeVisible();
  await screenshot(page, testInfo, "messages-deleted-empty");
});

test("a user's messages: an audio message shows its recording and transcript; the empty inbox says what arrives there", async ({
  page,
  baseURL,
}, testInfo) => {
  const user = await userWithSmsNumber(baseURL!);
  await signIn(page, demo.developerEmail, demo.developerPassword);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`/domains/${demo.domain}/users/${user.guid}/messages`);
  await expect(page.getByText("No messages in Inbox")).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "messages-empty-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  expect((await user.api("PUT", `/services/${user.guid}/simulator`, { json: { folders: ["inbox"] } })).status).toBe(200);
  const audio = await user.api("POST", "/simulator/inbound-audio-message", { json: { from: "tel:+447700900555", to: user.number, seconds: 5 } });
  expect(audio.status, audio.text).toBe(201);
  await page.reload();
  await page.getByRole("link", { name: /Audio message · From \+447700900555/ }).click();
  const recording = page.getByTestId("message-audio");
  await expect(recording).toHaveAttribute("data-media-path", audio.body.entry.mediaItems[0]);
  await expect(recording).toContainText("Simulated transcript of 5 seconds from tel:447700900555");
  await screenshot(page, testInfo, "messages-audio");
});
