import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { demo } from "../support/fixtures";
import { freePort, launch, serverEnv, stopProcess, waitUntilHealthy } from "../support/server";
import { screenshot } from "../support/screenshot";
import { signIn } from "./portal-helpers";

// A server of this test's own, started as `npm start` starts on a fresh machine: no
// DEMO_DEVELOPER_PASSWORD, so the first start makes up the developer's password and prints it once.

test("a password changed in the portal survives a restart: the new one signs in, the first one is refused and printed no more", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-e2e-"));
  const env = serverEnv({ port, dataDir, databaseUrl: "" });
  delete env.DEMO_DEVELOPER_PASSWORD;
  const origin = `http://localhost:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const start = async () => {
    fs.writeFileSync(logFile, "");
    const child = launch(env, logFile);
    await waitUntilHealthy(`http://127.0.0.1:${port}`, child, logFile);
    await expect.poll(() => fs.readFileSync(logFile, "utf8")).toContain("Sign in:");
    return { child, banner: fs.readFileSync(logFile, "utf8") };
  };
  const secrets = () => JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as { demoDeveloperPassword?: string };

  let server = await start();
  try {
    const email = demo.developerEmail;
    const first = new RegExp(`Sign in:\\s+${email.replace(/[.]/g, "\\.")} / (\\S+)`).exec(server.banner)?.[1];
    expect(first, server.banner).toMatch(/^[\w-]{12,}$/);
    expect(secrets().demoDeveloperPassword).toBe(first);

    await signIn(page, email, first!, origin);
    await expect(page.getByTestId("developer-email")).toHaveText(email);
    await page.goto(`${origin}/account`);
    const form = page.getByRole("region", { name: "Change password" });
    const changed = "changed-after-install-1";
    await form.getByLabel("Current password").fill(first!);
    await form.getByLabel("New password", { exact: true }).fill(changed);
    await form.getByLabel("Confirm new password").fill(changed);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password was changed")).toBeVisible();

    await stopProcess(server.child);
    server = await start();
    expect(server.banner).not.toContain(first!);
    expect(server.banner).toContain("(the one you set;");
    expect(secrets().demoDeveloperPassword).toBeUndefined();

    await page.context().clearCookies();
    await signIn(page, email, first!, origin);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("The email or password is wrong");
    await signIn(page, email, changed, origin);
    await expect(page.getByTestId("developer-email")).toHaveText(email);
    await screenshot(page, testInfo, "restart-signed-in");
  } finally {
    await stopProcess(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
