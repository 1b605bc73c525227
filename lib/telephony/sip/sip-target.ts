import { parseSipUri, type SipTransport } from "./sip-message";

// Where a leg's address is dialled: a sip: address at its own host, a tel: or E.164 number
// through the configured trunk (with the trunk's credentials), anything else nowhere.

export interface SipTrunk {
  /** e.g. `sip:trunk.example.net:5060` or `sip:127.0.0.1:5070;transport=udp`. */
  uri: string;
  username?: string;
  password?: string;
}

export type SipTarget = { uri: string; viaTrunk: boolean } | { unreachable: string };

/** `uri` with `;transport=tcp` added when it names no transport (`named`) and TCP is the default. */
function withTransport(uri: string, named: string | undefined, defaultTransport: SipTransport): string {
  if (defaultTransport === "udp" || named) return uri;
  const query = uri.indexOf("?");
  return query < 0 ? `${uri};transport=tcp` : `${uri.slice(0, query)};transport=tcp${uri.slice(query)}`;
}

/** The request-URI for `address`; `unreachable` says why none exists. */
export function sipTargetOf(address: string, trunk: SipTrunk | undefined, defaultTransport: SipTransport = "udp"): SipTarget {
  const trimmed = address.trim();
  if (/^sips?:/i.test(trimmed)) {
    const parsed = parseSipUri(trimmed);
    return parsed
      ? { uri: withTransport(trimmed, parsed.transport, defaultTransport), viaTrunk: false }
      : { unreachable: `${address} is not a SIP address this engine can read` };
  }
  const digits = /^(?:tel:)?(\+?[0-9][0-9\-. ()]*)$/i.exec(trimmed)?.[1]?.replace(/[\-. ()]/g, "");
  // A tel: address is a global number (the calls API stores tel:<E.164 digits>): the trunk gets it with its +.
  const number = digits && /^tel:/i.test(trimmed) && !digits.startsWith("+") ? `+${digits}` : digits;
  if (!number) return { unreachable: `${address} is neither a sip: address nor a phone number` };
  if (!trunk) return { unreachable: `${address} is a phone number and no SIP trunk is configured (SIP_TRUNK_URI)` };
  const parsed = parseSipUri(trunk.uri);
  if (!parsed) return { unreachable: `SIP_TRUNK_URI ${trunk.uri} is not a sip: URI` };
  const host = parsed.host.includes(":") ? `[${parsed.host}]` : parsed.host;
  const params = trunk.uri.slice(trunk.uri.indexOf(";") >= 0 ? trunk.uri.indexOf(";") : trunk.uri.length);
  return { uri: withTransport(`sip:${number}@${host}:${parsed.port}${params}`, parsed.transport, defaultTransport), viaTrunk: true };
}
