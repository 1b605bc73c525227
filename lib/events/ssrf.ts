import dns from "node:dns";
import net from "node:net";
import { ApiError } from "@/lib/rest/api-error";

// Notification URLs may not reach the server's own network: loopback, private, link-local,
// CGNAT, multicast, reserved and IPv4-mapped IPv6 addresses are refused, at registration and
// again at connect time (the resolved address is checked, so DNS rebinding does not help).
// WEBHOOK_ALLOW_PRIVATE=true lifts this (tests, a laptop demo): dangerous on a shared server.

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(address, prefix, "ipv6");
}

// Checked only for IPv6 addresses: BlockList would also match every IPv4 address against it.
const ipv4MappedIpv6 = new net.BlockList();
ipv4MappedIpv6.addSubnet("::ffff:0:0", 96, "ipv6");

export const privateTargetsAllowed = () => process.env.WEBHOOK_ALLOW_PRIVATE === "true";

export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, "ipv4");
  return ipv4MappedIpv6.check(address, "ipv6") || blocked.check(address, "ipv6");
}

/** A dns.lookup replacement for http.request that refuses blocked addresses at connect time. */
export const guardedLookup: typeof dns.lookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error);
    const list = addresses as dns.LookupAddress[];
    const bad = privateTargetsAllowed() ? undefined : list.find((a) => isBlockedAddress(a.address));
    if (bad) return callback(Object.assign(new Error(`${hostname} resolves to ${bad.address}, a private or reserved address`), { code: "EBLOCKED" }));
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}) as typeof dns.lookup;

/** Registration-time check: 400 naming the problem when the URL's host is private or unresolvable. */
export async function assertDeliverableUrl(raw: string): Promise<void> {
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ApiError("validation_failed", "notificationUrl must use http or https.");
  }
  if (privateTargetsAllowed()) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(host)
    ? [host]
    : await dns.promises.lookup(host, { all: true }).then(
        (list) => list.map((a) => a.address),
        () => {
          throw new ApiError("validation_failed", `notificationUrl host ${host} does not resolve. Check the URL.`);
        },
      );
  const bad = addresses.find(isBlockedAddress);
  if (bad) {
    throw new ApiError("validation_failed", `notificationUrl must be reachable on the public internet; ${host} is ${bad}, a private or reserved address.`);
  }
}
