import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { silentMp3 } from "../support/media-client";
import { screenshot } from "../support/screenshot";
import { createApplication, newDeveloper, signUp, unique } from "./portal-helpers";

test("media browser: folders, upload with progress, download, play an MP3, edit an ACL", async ({ page }, testInfo) => {
  await signUp(page, newDeveloper("media"));
  const domain = unique("media");
  const appName = unique("ivr");
  await createApplication(page, appName, { domain });
  await page.goto(`/domains/${domain}`);
  const addUser = page.getByRole("region", { name: "Add a user" });
  await addUser.getByLabel("Login").fill("alice");
  await addUser.getByLabel("Password").fill("alice-password-1");
  await addUser.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByTestId("user-row-alice")).toBeVisible();

  await page.getByRole("link", { name: "Media", exact: true }).click();
  await page.getByRole("link", { name: domain }).click();
  await expect(page.getByText("No media in this domain yet")).toBeVisible();
  await screenshot(page, testInfo, "media-empty");

  // A folder.
  await page.getByRole("textbox", { name: "New folder" }).fill("prompts");
  await page.getByRole("button", { name: "Create folder" }).click();
  await expect(page).toHaveURL(/\?folder=prompts$/);
  await expect(page.getByRole("treeitem", { name: /prompts/ })).toBeVisible();
  await expect(page.getByText("This folder is empty")).toBeVisible();

  // Upload, slowed down so the progress bar shows.
  const mp3 = silentMp3(60);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: "welcome.mp3", mimeType: "audio/mpeg", buffer: mp3 });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await screenshot(page, testInfo, "media-uploading");
  await expect(page.getByText("welcome.mp3 was uploaded.")).toBeVisible({ timeout: 30_000 });
  // The picker is cleared for the next file (issue 26).
  await expect(page.getByLabel("File", { exact: true })).toHaveValue("");
  await expect(page.getByRole("button", { name: "Upload" })).toBeDisabled();
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const row = page.getByTestId("file-welcome.mp3");
  await expect(row).toContainText("KB · audio/mpeg");
  await expect(page.getByRole("group").getByText("welcome.mp3")).toBeVisible(); // in the tree

  // Download.
  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: "Download" }).click()]);
  expect(fs.readFileSync((await download.path())!).equals(mp3)).toBe(true);

  // Play it in the page (muted: autoplay rules allow that without a click).
  const audio = row.getByLabel("Play welcome.mp3");
  const played = await audio.evaluate(async (el: HTMLAudioElement) => {
    el.muted = true;
    await el.play();
    await new Promise((r) => setTimeout(r, 1200));
    return { time: el.currentTime, duration: el.duration, error: el.error?.code ?? null };
  });
  expect(played.error).toBeNull();
  expect(played.time).toBeGreaterThan(0.3);
  expect(played.duration).toBeGreaterThan(50);
  await screenshot(page, testInfo, "media-folder");

  // The folder's ACL: alice reads, the application writes.
  const acl = page.getByRole("form", { name: "Access to prompts" });
  await expect(acl.getByText("No ACL: only the creator has access.")).toBeVisible();
  await acl.getByLabel("Read: alice").check();
  await acl.getByLabel(`Write: ${domain}:${appName}`).check();
  await acl.getByRole("button", { name: "Save access" }).click();
  await expect(acl.getByRole("status")).toHaveText("Access saved.");
  await expect(acl.getByText("Only who is checked has access")).toBeVisible();
  await expect(acl.getByLabel("Read: alice")).toBeChecked();
  await page.reload();
  await expect(page.getByRole("form", { name: "Access to prompts" }).getByLabel("Read: alice")).toBeChecked();
  await expect(page.getByRole("form", { name: "Access to prompts" }).getByLabel(`Write: ${domain}:${appName}`)).toBeChecked();
  await expect(page.getByRole("form", { name: "Access to prompts" }).getByLabel("Write: alice")).not.toBeChecked();
  await screenshot(page, testInfo, "media-acl");

  // The file's own ACL.
  await row.getByText("Access to this file").click();
  const fileAcl = row.getByRole("form", { name: "Access to welcome.mp3" });
  await fileAcl.getByLabel(`Read: ${domain}:${appName}`).check();
  await fileAcl.getByRole("button", { name: "Save access" }).click();
  await page.reload();
  await page.getByTestId("file-welcome.mp3").getByText("Access to this file").click();
  await expect(page.getByRole("form", { name: "Access to welcome.mp3" }).getByLabel(`Read: ${domain}:${appName}`)).toBeChecked();

  // Phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, "media-phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Delete the file, then the folder.
  await page.getByTestId("file-welcome.mp3").getByRole("button", { name: "Delete" }).click();
  await page
    .getByTestId("file-welcome.mp3")
    .getByRole("button", { name: /Delete|Confirm/ })
    .last()
    .click();
  await expect(page.getByText("This folder is empty")).toBeVisible();
  await page.getByRole("button", { name: "Delete folder" }).click();
  await page
    .getByRole("button", { name: /Delete|Confirm/ })
    .last()
    .click();
  await expect(page.getByText("No media in this domain yet")).toBeVisible();
});

/** Stored media blobs of the test server (playwright.config.ts sets its DATA_DIR). */
function storedBlobs(): number {
  const root = path.join(process.env.E2E_DATA_DIR ?? path.resolve("test-results", "e2e-data"), "media");
  if (!fs.existsSync(root)) return 0;
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.parentPath.includes(".tmp")).length;
}

test("a domain's media goes with the domain", async ({ page }) => {
  await signUp(page, newDeveloper("media-domain"));
  const domain = unique("gone");
  await page.goto("/domains");
  await page.getByLabel("Domain name").fill(domain);
  await page.getByRole("button", { name: "Create domain" }).click();
  await expect(page).toHaveURL(new RegExp(`/domains/${domain}\\?created=1$`));

  await page.goto(`/media/${domain}`);
  await page.getByRole("textbox", { name: "New folder" }).fill("recordings");
  await page.getByRole("button", { name: "Create folder" }).click();
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: "note.txt", mimeType: "text/plain", buffer: Buffer.from("to be deleted") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("note.txt was uploaded.")).toBeVisible();
  const before = storedBlobs();

  await page.goto(`/domains/${domain}`);
  await page.getByRole("button", { name: "Delete domain" }).click();
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page).toHaveURL(/\/domains\?deleted=1$/);
  expect(storedBlobs()).toBe(before - 1);

  // A new domain of the same name starts empty.
  await page.getByLabel("Domain name").fill(domain);
  await page.getByRole("button", { name: "Create domain" }).click();
  await page.goto(`/media/${domain}`);
  await expect(page.getByText("No media in this domain yet")).toBeVisible();
});
