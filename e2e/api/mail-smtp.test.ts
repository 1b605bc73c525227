import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, uniqueLogin } from "../support/api-client";
import { startServer, type TestServer } from "../support/server";

// Email verification over real SMTP: the product runs with SMTP_URL pointing at an SMTP server
// this test starts on loopback (smtp-server), and reads the code and the link from what arrives.

const CODE_TTL_SECONDS = 8;

interface Received {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let server: TestServer;
let app: ReturnType<typeof client>;
const inbox: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      // A mailbox that does not exist, for the delivery-failure case.
      if (address.address.startsWith("nobody-")) return callback(new Error("550 5.1.1 No such user"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startServer({
    postgresUrl: process.env.TEST_DATABASE_URL || undefined,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Switchboard Test <verify@switchboard.test>", EMAIL_CODE_TTL: `${CODE_TTL_SECONDS}s` },
  });
  app = client(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

/** The body of a received message as text (nodemailer sends long lines quoted-printable). */
function bodyOf(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  return /content-transfer-encoding:\s*quoted-printable/i.test(head!)
    ? body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : body;
}

async function mailTo(email: string): Promise<{ raw: string; code: string; link: string }> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const found = inbox.find((m) => m.to.includes(email));
    if (found) {
      const text = bodyOf(found.raw);
      return { raw: found.raw, code: /Code: (\d{6})/.exec(text)![1]!, link: /Or open: (\S+)/.exec(text)![1]! };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail reached ${email}`);
}

async function emailDevice(prefix: string) {
  const user = await app("POST", "/users", { json: { login: uniqueLogin(prefix), password: "smtp-pass-123" } });
  const guid = user.body.entry.guid as string;
  const email = `${uniqueLogin(prefix)}@example.com`;
  const created = await app("POST", `/devices/${guid}`, { json: { id: `mailto:${email}` } });
  expect(created.status, created.text).toBe(201);
  return { guid, email, path: `/devices/${guid}/mailto:${encodeURIComponent(email)}` };
}

describe("email verification over SMTP", () => {
  it("sends the code and the link through the SMTP server; the code confirms the device, once", async () => {
    const { email, path } = await emailDevice("smtp-code");
    const mail = await mailTo(email);
    expect(mail.raw).toMatch(/^From: Switchboard Test <verify@switchboard\.test>/m);
    expect(mail.raw).toMatch(new RegExp(`^Subject: Your verification code: ${mail.code}`, "m"));
    expect(mail.link).toMatch(new RegExp(`^${server.baseUrl}/verify-email\\?token=[\\w-]{20,}$`));

    const confirmed = await app("PUT", path, { json: { verifyCode: mail.code } });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.entry).toMatchObject({ mailCheck: "passed", verified: true });
    expect(confirmed.body.entry).not.toHaveProperty("checkDetail");
    const again = await app("PUT", path, { json: { verifyCode: mail.code } });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].message).toMatch(/no code is pending/);
  });

  it("confirms by the link: the page asks first, the button uses the token once", async () => {
    const { email, path } = await emailDevice("smtp-link");
    const { link } = await mailTo(email);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Confirm ${email}`);
    expect((await app("GET", path)).body.entry.mailCheck).toBe("pending");

    const token = new URL(link).searchParams.get("token")!;
    const post = () => fetch(`${server.baseUrl}/verify-email/confirm`, { method: "POST", body: new URLSearchParams({ token }), redirect: "manual" });
    const used = await post();
    expect(used.status).toBe(303);
    expect(used.headers.get("location")).toBe("/verify-email?result=confirmed");
    expect((await app("GET", path)).body.entry).toMatchObject({ mailCheck: "passed", verified: true });
    expect((await post()).headers.get("location")).toBe("/verify-email?result=unknown");
  });

  it(`refuses an expired code (EMAIL_CODE_TTL=${CODE_TTL_SECONDS}s) and link; a new email brings a new code`, async () => {
    const { email, path } = await emailDevice("smtp-expired");
    const first = await mailTo(email);
    await new Promise((r) => setTimeout(r, (CODE_TTL_SECONDS + 1) * 1000));
    const late = await app("PUT", path, { json: { verifyCode: first.code } });
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([{ field: "verifyCode", message: expect.stringMatching(/^has expired: ask for a new email/) }]);
    expect(await (await fetch(first.link)).text()).toContain("This link expired");
    expect((await app("GET", path)).body.entry.checkDetail).toMatch(/expired/);

    inbox.length = 0;
    expect((await app("PUT", path, { json: { verifyBy: "mailCheck" } })).status).toBe(200);
    const second = await mailTo(email);
    const confirmed = await app("PUT", path, { json: { verifyCode: second.code } });
    expect(confirmed.body.entry).toMatchObject({ mailCheck: "passed", verified: true });
  }, 30_000);

  it("voids a code after five wrong tries", async () => {
    const { email, path } = await emailDevice("smtp-guess");
    const { code } = await mailTo(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--) {
      expect((await app("PUT", path, { json: { verifyCode: wrong } })).body.errors[0].message).toBe(`is wrong: ${left} tries left`);
    }
    expect((await app("PUT", path, { json: { verifyCode: wrong } })).body.errors[0].message).toMatch(/last try/);
    const right = await app("PUT", path, { json: { verifyCode: code } });
    expect(right.status).toBe(400);
    expect((await app("GET", path)).body.entry).toMatchObject({ mailCheck: "failed", verified: false });
  });

  it("marks the check failed when the SMTP server refuses the address; the device stays", async () => {
    const user = await app("POST", "/users", { json: { login: uniqueLogin("smtp-refused"), password: "smtp-pass-123" } });
    const email = `nobody-${uniqueLogin()}@example.com`;
    const created = await app("POST", `/devices/${user.body.entry.guid}`, { json: { id: `mailto:${email}` } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.entry).toMatchObject({ mailCheck: "failed", verified: false });
    expect(created.body.entry.checkDetail).toMatch(/could not be sent/);
  });
});
