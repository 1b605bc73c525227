import { type ApiError, fieldError } from "@/lib/core/errors/api-error";

// Device ids are addresses with a scheme. Each is normalized so one address has one spelling
// (duplicates in a domain are found by plain equality): tel:+44 20 7946 0000 -> tel:442079460000.

/** Schemes a client may add; service: numbers come from the inventory (@purpose/..., @sms/...). */
export const DEVICE_SCHEMES = ["tel", "sip", "skype", "xmpp", "mailto"] as const;
export type DeviceScheme = (typeof DEVICE_SCHEMES)[number] | "service";

const ACCEPTED =
  "tel:<E.164 digits>, sip:<user@host>[;transport=tcp], skype:<name>, xmpp:<user@host>, mailto:<email>, or " +
  "@purpose/<country>, @purpose/tel:<number>, @sms/<country> for a purpose number";

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
// No "/" or "?" in either: a device id is one segment of /devices/<guid>/<id>.
const EMAIL_LOCAL = /^[a-z0-9!#$%&'*+=^_`{|}~.-]{1,64}$/;
const SIP_USER = /^[A-Za-z0-9\-_.!~*'()&=+$,;%]{1,128}$/;

function refuse(id: string, why: string): ApiError {
  return fieldError("id", why, { extra: { id } });
}

/** E.164 digits from a phone number in any common spelling (+44 20 7946 0000, 0044-20-..., (212) ...); undefined if it is not one. */
export function e164Digits(number: string): string | undefined {
  const compact = number.trim().replace(/[\s().\-/]/g, "");
  const digits = compact.startsWith("+") ? compact.slice(1) : compact.startsWith("00") ? compact.slice(2) : compact;
  // E.164: a country code never starts with 0, and the whole number has at most 15 digits.
  return /^[1-9]\d{6,14}$/.test(digits) ? digits : undefined;
}

function userAtHost(rest: string, user: RegExp): { user: string; host: string } | undefined {
  const at = rest.lastIndexOf("@");
  if (at <= 0) return undefined;
  const [name, host] = [rest.slice(0, at), rest.slice(at + 1).toLowerCase()];
  const [hostname, port] = host.split(/:(?=\d+$)/);
  if (!user.test(name) || !HOST.test(hostname!) || (port !== undefined && Number(port) > 65535)) return undefined;
  return { user: name, host };
}

/** Normalizes an email address (lowercase, as the default device of an email login is). */
export function normalizeEmail(email: string): string | undefined {
  const lower = email.trim().toLowerCase();
  const parts = userAtHost(lower, EMAIL_LOCAL);
  return parts && parts.host.includes(".") && !parts.host.includes(":") && !lower.includes("..") ? `${parts.user}@${parts.host}` : undefined;
}

/**
 * The normalized device id of a client-given one, or a 400 naming the accepted schemes. Scheme
 * names are case-insensitive; tel: keeps E.164 digits only; hosts, emails, Skype names and XMPP
 * addresses are lowercased; SIP users keep their case.
 */
export function normalizeDeviceId(id: string): { scheme: DeviceScheme; address: string } {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):(.*)$/s.exec(id.trim());
  const scheme = match?.[1]!.toLowerCase();
  const rest = match?.[2]!.trim() ?? "";
  if (!match || !(DEVICE_SCHEMES as readonly string[]).includes(scheme!)) {
    if (scheme === "service") throw refuse(id, "service: numbers are allocated from the inventory: send @purpose/<country> or @purpose/tel:<number>");
    throw refuse(id, `unknown scheme in "${id}"; accepted: ${ACCEPTED}`);
  }
  const ok = (address: string) => ({ scheme: scheme as DeviceScheme, address: `${scheme}:${address}` });
  switch (scheme) {
    case "tel": {
      const digits = e164Digits(rest);
      if (!digits) throw refuse(id, "a tel: id is an international number: + and the country code, then 6 to 14 more digits (tel:+44 20 7946 0000)");
      return ok(digits);
    }
    case "mailto": {
      const email = normalizeEmail(rest);
      if (!email) throw refuse(id, "a mailto: id is an email address (mailto:ada@example.com)");
      return ok(email);
    }
    case "sip": {
      // One URI parameter is kept: the transport a phone or PBX takes calls on (the engine's SIP_TRANSPORT otherwise).
      const [target, ...params] = rest.split(";");
      const transport = params.length === 1 ? /^transport=(udp|tcp)$/i.exec(params[0]!.trim())?.[1]?.toLowerCase() : undefined;
      if (params.length && !transport)
        throw refuse(id, "a sip: id takes one parameter, ;transport=udp or ;transport=tcp (sip:ada@pbx.example.com;transport=tcp)");
      const parts = userAtHost(target!, SIP_USER);
      if (!parts) throw refuse(id, "a sip: id is user@host (sip:ada@example.com)");
      return ok(`${parts.user}@${parts.host}${transport ? `;transport=${transport}` : ""}`);
    }
    case "xmpp": {
      const parts = userAtHost(rest.toLowerCase(), EMAIL_LOCAL);
      if (!parts) throw refuse(id, "an xmpp: id is a bare address user@host, without a /resource (xmpp:ada@example.com)");
      return ok(`${parts.user}@${parts.host}`);
    }
    default: {
      const name = rest.toLowerCase();
      if (!/^[a-z][a-z0-9._,:-]{5,31}$/.test(name) && !/^live:[a-z0-9._-]{1,64}$/.test(name)) {
        throw refuse(id, "a skype: id is a Skype name: 6 to 32 letters, digits and . , - _ starting with a letter (skype:ada.lovelace)");
      }
      return ok(name);
    }
  }
}

/** The scheme of a stored (already normalized) device id. */
export const schemeOf = (address: string) => address.slice(0, address.indexOf(":")) as DeviceScheme;

/** What POST /devices asks to allocate: "@purpose/GBR", "@purpose/tel:447700900123", "@sms/USA"; undefined for a plain address. */
export function allocationRequest(id: string): { sms: boolean; country?: string; number?: string } | undefined {
  const match = /^@(purpose|sms)\/(.*)$/is.exec(id.trim());
  if (!match) return undefined;
  const sms = match[1]!.toLowerCase() === "sms";
  const what = match[2]!.trim();
  if (/^[A-Za-z]{3}$/.test(what)) return { sms, country: what.toUpperCase() };
  const number = /^tel:/i.test(what) ? e164Digits(what.slice(4)) : undefined;
  if (number) return { sms, number };
  throw refuse(
    id,
    `@${match[1]}/ takes an ISO 3166 alpha-3 country code (@${match[1]}/GBR) or a number of the inventory (@${match[1]}/tel:447700900123)`,
  );
}
