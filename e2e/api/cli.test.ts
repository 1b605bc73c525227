// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "../support/in-process-server";
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { client, uniqueLogin } from "../support/api-client";
import { demo } from "../support/fixtures";

// `npx switchboard` (bin/switchboard.mjs, scripts/switchboard.ts) against the started server; each
// run gets its own configuration folder (XDG_CONFIG_HOME), removed afterwards.
const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-cli-"));
afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

const BIN = path.resolve("bin/switchboard.mjs");
const demoEnv = {
  SWITCHBOARD_CONSUMER_KEY: demo.consumerKey,
  SWITCHBOARD_CONSUMER_SECRET: demo.consumerSecret,
  SWITCHBOARD_TOKEN: "",
  SWITCHBOARD_TOKEN_SECRET: "",
};

function env(extraEnv: Record<string, string>, config = path.join(home, "default")) {
  return { ...process.env, SWITCHBOARD_URL: baseUrl, XDG_CONFIG_HOME: config, ...extraEnv };
}

async function cli(args: string[], extraEnv: Record<string, string> = demoEnv, config?: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], { env: env(extraEnv, config) });
    return { code: 0, stdout, stderr, all: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr, all: e.stdout + e.stderr };
  }
}

describe("the switchboard CLI", () => {
  it("creates a user, logs it in (saving a 0600 config) and acts as it", async () => {
    const login = uniqueLogin("cli");
    const created = await cli(["POST", "/users", JSON.stringify({ login, password: "cli-password-1" })]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^201 Created/);
    const guid = /location: .*\/users\/([0-9a-f-]{36})/.exec(created.stdout)?.[1];
    expect(guid).toBeDefined();

    const config = path.join(home, "login");
    const loggedIn = await cli(["login", login, "cli-password-1", "--key", demo.consumerKey, "--secret", demo.consumerSecret], {}, config);
    expect(loggedIn.code, loggedIn.all).toBe(0);
    expect(loggedIn.stdout).toContain(`Signed in as ${login}`);
    const file = path.join(config, "switchboard", "config.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(saved).toMatchObject({ url: baseUrl, consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret, userGuid: guid });
    expect(saved.token && saved.tokenSecret).toBeTruthy();

    // Signed with the saved user token: the user reads itself; --data @file sends a file's JSON.
    const self = await cli(["get", `/users/${guid}`], {}, config);
    expect(self.code, self.all).toBe(0);
    expect(self.stdout).toContain(`"login": "${login}"`);
    const body = path.join(home, "user.json");
    fs.writeFileSync(body, JSON.stringify({ firstName: "Grace" }));
    const updated = await cli(["put", `/users/${guid}`, "--data", `@${body}`], {}, config);
    expect(updated.code, updated.all).toBe(0);
    expect((await cli(["get", `/users/${guid}`], {}, config)).stdout).toContain('"firstName": "Grace"');

    // A wrong password: exit 1 and what to check.
    const refused = await cli(
      ["login", login, "wrong-password", "--key", demo.consumerKey, "--secret", demo.consumerSecret],
      {},
      path.join(home, "refused"),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("The login or password was refused");
  }, 60_000);

  it("exits 1 with the problem and advice on an API error, 2 on bad usage, and has --help everywhere", async () => {
    const wrong = await cli(["GET", "/users"], { ...demoEnv, SWITCHBOARD_CONSUMER_SECRET: "wrong" });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/^401/);
    expect(wrong.stdout).toContain("signature_invalid");
    expect(wrong.stderr).toContain("Check the consumer key and secret");
    const usage = await cli(["FETCH", "/users"]);
    expect(usage.code).toBe(2);
    expect(usage.all).toContain("Usage:");
    expect((await cli(["get", "/users", "--data", "{not json"])).code).toBe(2);
    const noKeys = await cli(["get", "/users"], {}, path.join(home, "empty"));
    expect(noKeys.code).toBe(2);
    expect(noKeys.stderr).toContain("switchboard login");
    for (const command of [[], ["login"], ["get"], ["post"], ["upload"], ["download"], ["events"], ["config"]]) {
      const help = await cli([...command, "--help"]);
      expect(help.code, command.join(" ")).toBe(0);
      expect(help.stdout, command.join(" ")).toMatch(/^Usage: switchboard/);
    }
  }, 60_000);

  it("finds the server from PORT like the server does, and names the URL it could not reach", async () => {
    const port = new URL(baseUrl).port;
    const viaPort = await cli(["GET", "/users?count=1"], { ...demoEnv, SWITCHBOARD_URL: "", PUBLIC_URL: "", PORT: port });
    expect(viaPort.code).toBe(0);
    expect(viaPort.stdout).toMatch(/^200/);
    const down = await cli(["GET", "/users"], { ...demoEnv, SWITCHBOARD_URL: "", PUBLIC_URL: "http://127.0.0.1:9" });
    expect(down.code).toBe(1);
    expect(down.all).toContain("Could not reach the server at http://127.0.0.1:9");
  }, 60_000);

  it("uploads and downloads a media file, reporting progress", async () => {
    const folder = `cli-${randomBytes(4).toString("hex")}`;
    expect((await cli(["post", `/media/${demo.domain}`, "--data", JSON.stringify({ id: folder })])).code).toBe(0);
    const local = path.join(home, "upload.bin");
    const bytes = randomBytes(300_000);
    fs.writeFileSync(local, bytes);
    const up = await cli(["upload", local, `${demo.domain}/${folder}/sample.bin`]);
    expect(up.code, up.all).toBe(0);
    expect(up.stdout).toMatch(/^201/);
    // Not a terminal: a line per quarter instead of a redrawn bar.
    expect(up.stderr).toMatch(/upload 100% 0\.3 MB of 0\.3 MB/);
    const back = path.join(home, "download.bin");
    const down = await cli(["download", `${demo.domain}/${folder}/sample.bin`, back]);
    expect(down.code, down.all).toBe(0);
    expect(down.stderr).toMatch(/download 100%/);
    expect(fs.readFileSync(back).equals(bytes)).toBe(true);
    const missing = await cli(["download", `${demo.domain}/${folder}/nothing.bin`, back]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/^404/);
  }, 60_000);

  it("events tail prints the application's deliveries as they arrive, verified", async () => {
    const appId = `${demo.domain}:${demo.appName}`;
    const child = spawn(process.execPath, [BIN, "events", "tail", appId, "--interval", "300"], { env: env(demoEnv) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    try {
      await expect.poll(() => stderr, { timeout: 20_000 }).toContain(`Watching ${appId}'s deliveries`);
      const sent = await client(baseUrl)("POST", `/apps/${appId}/events/test`);
      expect(sent.status).toBe(201);
      await expect.poll(() => stdout, { timeout: 20_000 }).toMatch(new RegExp(`TestEvent  ${sent.body.entry.id}  signature valid`));
    } finally {
      child.kill("SIGTERM");
    }
    const notMine = await cli(["events", "tail", "other:events-app", "--count", "1"]);
    expect(notMine.code).toBe(1);
    expect(notMine.stderr).toContain("Only other:events-app itself can watch");
  }, 60_000);
});
