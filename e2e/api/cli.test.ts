import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { uniqueLogin } from "../support/api-client";
import { demo } from "../support/fixtures";

const baseUrl = inject("baseUrl");

async function cli(args: string[], extraEnv: Record<string, string> = {}) {
  const env = {
    ...process.env,
    SWITCHBOARD_URL: baseUrl,
    SWITCHBOARD_CONSUMER_KEY: demo.consumerKey,
    SWITCHBOARD_CONSUMER_SECRET: demo.consumerSecret,
    SWITCHBOARD_TOKEN: "",
    SWITCHBOARD_TOKEN_SECRET: "",
    ...extraEnv,
  };
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/api.ts", ...args], { env });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout + e.stderr };
  }
}

describe("the api CLI (same signing helper)", () => {
  it("creates a user, logs it in and acts as it", async () => {
    const login = uniqueLogin("cli");
    const created = await cli(["POST", "/users", JSON.stringify({ login, password: "cli-password-1" })]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^201 Created/);
    const guid = /location: .*\/users\/([0-9a-f-]{36})/.exec(created.stdout)?.[1];
    expect(guid).toBeDefined();

    const loggedIn = await cli(["login", login, "cli-password-1"]);
    const token = /SWITCHBOARD_TOKEN=(\S+)/.exec(loggedIn.stdout)?.[1];
    const secret = /SWITCHBOARD_TOKEN_SECRET=(\S+)/.exec(loggedIn.stdout)?.[1];
    expect(token && secret).toBeTruthy();

    const self = await cli(["GET", `/users/${guid}`], { SWITCHBOARD_TOKEN: token!, SWITCHBOARD_TOKEN_SECRET: secret! });
    expect(self.code).toBe(0);
    expect(self.stdout).toContain(`"login": "${login}"`);
  }, 60_000);

  it("exits non-zero with the problem on an error, and explains bad usage", async () => {
    const wrong = await cli(["GET", "/users"], { SWITCHBOARD_CONSUMER_SECRET: "wrong" });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/^401/);
    expect(wrong.stdout).toContain("signature_invalid");
    const usage = await cli(["FETCH", "/users"]);
    expect(usage.code).toBe(2);
    expect(usage.stdout).toContain("Usage:");
  }, 60_000);

  it("finds the server from PORT like the server does, and names the URL it could not reach", async () => {
    const port = new URL(baseUrl).port;
    const viaPort = await cli(["GET", "/users?count=1"], { SWITCHBOARD_URL: "", PUBLIC_URL: "", PORT: port });
    expect(viaPort.code).toBe(0);
    expect(viaPort.stdout).toMatch(/^200/);
    const down = await cli(["GET", "/users"], { SWITCHBOARD_URL: "", PUBLIC_URL: "http://127.0.0.1:9" });
    expect(down.code).toBe(1);
    expect(down.stdout).toContain("Could not reach the server at http://127.0.0.1:9");
  }, 60_000);
});
