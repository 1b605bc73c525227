import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { config } from "@/lib/core/config";
import { fieldError } from "@/lib/core/errors/api-error";

// Notification URLs may not reach the server's own network: every special-purpose IPv4 and IPv6
// range (ipaddr.js range() other than "unicast") is refused, and so is an IPv6 address embedding
// such an IPv4 one (mapped, compatible, translated, NAT64, 6to4, Teredo). Checked when the URL is
// saved, and again before each connection against the current setting (the resolved address,
// so DNS rebinding and URLs saved under another setting gain nothing).

/** The current setting: WEBHOOK_ALLOW_PRIVATE, or unset, allowed only on a loopback-bound server. */
export const privateTargetsAllowed = () => config().webhookAllowPrivate;

const RANGE_NAMES: Record<string, string> = {
  unspecified: "an unspecified",
  broadcast: "a broadcast",
  multicast: "a multicast",
  linkLocal: "a link-local",
  loopback: "a loopback",
  carrierGradeNat: "a carrier-grade NAT",
  private: "a private",
  uniqueLocal: "a unique-local (private)",
};
const describeRange = (range: string) => `${RANGE_NAMES[range] ?? `a special-purpose (${range})`} address`;

/** The IPv4 addresses an IPv6 address carries (and is routed to), or undefined when it carries none. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const parts = address.parts;
  const ipv4At = (high: number, low: number) => ipaddr.fromByteArray([high >> 8, high & 255, low >> 8, low & 255]) as ipaddr.IPv4;
  const range = address.range();
  const compatible = parts.slice(0, 6).every((p) => p === 0) && range === "unicast"; // ::a.b.c.d (deprecated)
  if (range === "ipv4Mapped" || range === "rfc6145" || compatible) return [ipv4At(parts[6]!, parts[7]!)];
  if (range === "rfc6052" && parts[1] === 0xff9b && parts.slice(2, 6).every((p) => p === 0)) return [ipv4At(parts[6]!, parts[7]!)];
  if (range === "6to4") return [ipv4At(parts[1]!, parts[2]!)];
  // Teredo: the server's IPv4, and the client's with every bit inverted.
  if (range === "teredo") return [ipv4At(parts[2]!, parts[3]!), ipv4At(parts[6]! ^ 0xffff, parts[7]! ^ 0xffff)];
  return undefined;
}

/** Why a webhook may not connect to this IP address (naming it), or undefined when it may. */
export function refusalReason(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const embedded = embeddedIpv4(parsed as ipaddr.IPv6);
    if (embedded) {
      const bad = embedded.find((ipv4) => ipv4.range() !== "unicast");
      return bad ? `${address} embeds ${bad.toString()}, ${describeRange(bad.range())}` : undefined;
    }
  }
  const range = parsed.range();
  return range === "unicast" ? undefined : `${address} is ${describeRange(range)}`;
}

export const isBlockedAddress = (address: string) => refusalReason(address) !== undefined;

/** What the refusals say to do: the settings that allow private targets, and the receiver that needs none. */
export const HOW_TO_ALLOW =
  "to allow private targets, set WEBHOOK_ALLOW_PRIVATE=true, or listen on loopback only with HOST=127.0.0.1; " +
  "or watch deliveries without any URL at the application's built-in receiver (Watch events in the portal, docs/webhooks.md)";

/** The refusal error for a connection; undefined when allowed. */
export function connectRefusal(hostname: string, address: string): Error | undefined {
  if (privateTargetsAllowed()) return undefined;
  const reason = refusalReason(address);
  if (!reason) return undefined;
  const target = hostname === address ? "" : `${hostname} resolves to `;
  return Object.assign(new Error(`refused: ${target}${reason}, a private target on a server others can reach (${HOW_TO_ALLOW})`), {
    code: "EBLOCKED",
  });
}

/** A dns.lookup replacement that refuses blocked addresses before any connection is made. */
export const guardedLookup: typeof dns.lookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error);
    const list = addresses as dns.LookupAddress[];
    for (const { address } of list) {
      const refused = connectRefusal(hostname, address);
      if (refused) return callback(refused);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}) as typeof dns.lookup;

/** An IP-literal host never goes through a lookup: it is checked here, before connecting. */
export function literalHostRefusal(hostname: string): Error | undefined {
  const host = hostname.replace(/^\[|\]$/g, "");
  return net.isIP(host) ? connectRefusal(host, host) : undefined;
}

/** Registration-time check: 400 naming the problem when the URL's host is private or unresolvable. */
export async function assertDeliverableUrl(raw: string): Promise<void> {
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw fieldError("notificationUrl", "must use http or https.", { detail: "notificationUrl must use http or https." });
  }
  if (privateTargetsAllowed()) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(host)
    ? [host]
    : await dns.promises.lookup(host, { all: true }).then(
        (list) => list.map((a) => a.address),
        () => {
          throw fieldError("notificationUrl", `host ${host} does not resolve. Check the URL.`, {
            detail: `notificationUrl host ${host} does not resolve. Check the URL.`,
          });
        },
      );
  const reason = addresses.map(refusalReason).find(Boolean);
  if (reason) {
    const message =
      `must be reachable on the public internet (private or reserved targets are refused): ` +
      `${reason}. To use it, ${HOW_TO_ALLOW.replace(/^to allow private targets, /, "")}.`;
    throw fieldError("notificationUrl", message, { detail: `notificationUrl ${message}` });
  }
}
