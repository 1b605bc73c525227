import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { sendWebhook } from "./send";
import { assertDeliverableUrl, isBlockedAddress } from "./ssrf";

afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
});

describe("SSRF address rules", () => {
  it.each([
    "127.0.0.1", "127.5.5.5", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254",
    "100.64.0.1", "100.127.255.254", "0.0.0.0", "224.0.0.1", "239.255.255.250", "255.255.255.255",
    "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:8.8.8.8", "64:ff9b::a00:1",
  ])("refuses %s", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111"])("allows %s", (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it.each(["http://127.0.0.1:8080/hook", "http://localhost/hook", "https://[::1]/x", "http://169.254.169.254/latest/meta-data", "http://10.0.0.5/"])(
    "refuses %s at registration",
    async (url) => {
      await expect(assertDeliverableUrl(url)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/private or reserved/) });
    },
  );

  it("allows private targets only when WEBHOOK_ALLOW_PRIVATE=true", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    await expect(assertDeliverableUrl("http://127.0.0.1:8080/hook")).resolves.toBeUndefined();
  });

  it("refuses a private address again at connect time", async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    try {
      const refused = await sendWebhook(`http://localhost:${port}/`, "Json=%7B%7D", {}, 2000);
      expect(refused.ok).toBe(false);
      expect(refused.error).toMatch(/private or reserved/);
      expect(hits).toBe(0);
      process.env.WEBHOOK_ALLOW_PRIVATE = "true";
      expect((await sendWebhook(`http://localhost:${port}/`, "Json=%7B%7D", {}, 2000)).ok).toBe(true);
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });
});
