import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig, webhookPrivateTargetsAllowed } from "@/lib/core/config";
import { sendWebhook } from "./send";
import { assertDeliverableUrl, connectRefusal, isBlockedAddress, refusalReason } from "./ssrf";

const saved = { WEBHOOK_ALLOW_PRIVATE: process.env.WEBHOOK_ALLOW_PRIVATE, HOST: process.env.HOST };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
});

const setAllowPrivate = (value: "true" | "false") => {
  process.env.WEBHOOK_ALLOW_PRIVATE = value;
  reloadConfig();
};
const refusePrivate = () => setAllowPrivate("false");

describe("SSRF address rules", () => {
  // One address from every special-purpose range ipaddr.js classifies.
  it.each([
    ["0.1.2.3", "unspecified"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT"],
    ["127.0.0.1", "loopback"],
    ["127.5.5.5", "loopback"],
    ["169.254.169.254", "link-local"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["240.0.0.1", "reserved"],
    ["192.31.196.1", "as112"],
    ["192.52.193.1", "amt"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fe80::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["ff02::1", "multicast"],
    ["100::1", "discard"],
    ["2001:2::1", "benchmarking"],
    ["2001:3::1", "amt"],
    ["2001:4:112::1", "as112v6"],
    ["2001:10::1", "deprecatedOrchid"],
    ["2001:20::1", "orchid2"],
    ["2001:30::1", "droneRemoteIdProtocolEntityTags"],
    ["2001:db8::1", "reserved"],
    ["5f00::1", "segmentRouting"],
    ["64:ff9b:1::a00:1", "rfc6052"],
  ])("refuses %s (%s)", (address, range) => {
    expect(refusalReason(address)).toContain(address);
    expect(refusalReason(address)).toContain(range);
  });

  // IPv6 forms that carry an IPv4 address are judged by that address.
  it.each([
    ["::ffff:127.0.0.1", "127.0.0.1", "IPv4-mapped"],
    ["::ffff:a00:1", "10.0.0.1", "IPv4-mapped, hex"],
    ["::127.0.0.1", "127.0.0.1", "IPv4-compatible"],
    ["::a9fe:a9fe", "169.254.169.254", "IPv4-compatible, hex"],
    ["::ffff:0:10.0.0.1", "10.0.0.1", "IPv4-translated"],
    ["64:ff9b::a00:1", "10.0.0.1", "NAT64"],
    ["2002:c0a8:101::1", "192.168.1.1", "6to4"],
    ["2002:7f00:1::", "127.0.0.1", "6to4"],
    ["2001:0:a00:1::1234:5678", "10.0.0.1", "Teredo server"],
    ["2001:0:808:808:0:0:f5ff:fffe", "10.0.0.1", "Teredo client (bits inverted)"],
  ])("refuses %s (embeds %s: %s)", (address, embedded) => {
    expect(refusalReason(address)).toBe(`${address} embeds ${embedded}, ${refusalReason(embedded)!.replace(`${embedded} is `, "")}`);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "::808:808",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "2001:0:808:808:0:0:f7f7:f7f7",
  ])("allows %s", (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it.each([
    "http://127.0.0.1:8080/hook",
    "http://localhost/hook",
    "https://[::1]/x",
    "http://169.254.169.254/latest/meta-data",
    "http://10.0.0.5/",
    "http://[::ffff:7f00:1]/",
    "http://[2002:a00:1::]/",
  ])("refuses %s at registration", async (url) => {
    refusePrivate();
    await expect(assertDeliverableUrl(url)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/private or reserved/) });
  });

  it("says how to allow a private target, and what needs no URL at all", async () => {
    refusePrivate();
    const refusal = assertDeliverableUrl("http://127.0.0.1:8080/hook");
    await expect(refusal).rejects.toMatchObject({ message: expect.stringContaining("WEBHOOK_ALLOW_PRIVATE=true") });
    await expect(refusal).rejects.toMatchObject({ message: expect.stringContaining("HOST=127.0.0.1") });
    await expect(refusal).rejects.toMatchObject({ message: expect.stringContaining("built-in receiver") });
    expect(connectRefusal("127.0.0.1", "127.0.0.1")?.message).toMatch(/WEBHOOK_ALLOW_PRIVATE=true.*HOST=127\.0\.0\.1/);
  });

  it("allows private targets only when WEBHOOK_ALLOW_PRIVATE=true", async () => {
    setAllowPrivate("true");
    await expect(assertDeliverableUrl("http://127.0.0.1:8080/hook")).resolves.toBeUndefined();
  });
});

describe("WEBHOOK_ALLOW_PRIVATE", () => {
  it("defaults from HOST: allowed only on a loopback-bound server", () => {
    for (const HOST of ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"]) expect(webhookPrivateTargetsAllowed({ HOST }), HOST).toBe(true);
    for (const HOST of [undefined, "", "0.0.0.0", "::", "192.168.1.10", "example.com"])
      expect(webhookPrivateTargetsAllowed({ HOST }), HOST).toBe(false);
  });

  it("wins over HOST when set", () => {
    expect(webhookPrivateTargetsAllowed({ HOST: "0.0.0.0", WEBHOOK_ALLOW_PRIVATE: "true" })).toBe(true);
    expect(webhookPrivateTargetsAllowed({ HOST: "127.0.0.1", WEBHOOK_ALLOW_PRIVATE: "false" })).toBe(false);
  });
});

describe("connect-time check", () => {
  async function countingServer() {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    return { port, hits: () => hits, close: () => new Promise((r) => server.close(r)) };
  }

  it.each(["localhost", "127.0.0.1", "[::ffff:127.0.0.1]"])("refuses http://%s before connecting, naming the address", async (host) => {
    const server = await countingServer();
    try {
      refusePrivate();
      const refused = await sendWebhook(`http://${host}:${server.port}/`, "Json=%7B%7D", {}, 2000);
      expect(refused.ok).toBe(false);
      expect(refused.error).toMatch(/refused: .*127\.0\.0\.1.* loopback address/);
      expect(server.hits()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("applies the current setting at each send", async () => {
    const server = await countingServer();
    try {
      setAllowPrivate("true");
      expect((await sendWebhook(`http://127.0.0.1:${server.port}/`, "Json=%7B%7D", {}, 2000)).ok).toBe(true);
      refusePrivate();
      // The keep-alive connection opened while allowed is not reused.
      expect((await sendWebhook(`http://127.0.0.1:${server.port}/`, "Json=%7B%7D", {}, 2000)).error).toMatch(/refused/);
      expect(server.hits()).toBe(1);
    } finally {
      await server.close();
    }
  });
});
