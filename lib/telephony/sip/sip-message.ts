// SIP messages (RFC 3261 section 7) as text: read one from a datagram, write one to send.

export interface SipRequest {
  method: string;
  uri: string;
  headers: SipHeaders;
  body: string;
}

export interface SipResponse {
  status: number;
  reason: string;
  headers: SipHeaders;
  body: string;
}

/** Header values by lower-case full name, in the order they came; a comma-list header keeps its lines as written. */
export type SipHeaders = Map<string, string[]>;

const COMPACT_NAMES: Record<string, string> = {
  v: "via",
  f: "from",
  t: "to",
  i: "call-id",
  m: "contact",
  l: "content-length",
  c: "content-type",
  k: "supported",
  s: "subject",
  e: "content-encoding",
};

/** Reads a message; null when the text is not one (a keep-alive, garbage). */
export function parseSipMessage(text: string): SipRequest | SipResponse | null {
  const split = text.indexOf("\r\n\r\n");
  const head = split < 0 ? text : text.slice(0, split);
  const rawBody = split < 0 ? "" : text.slice(split + 4);
  const lines = head.split("\r\n");
  const start = lines.shift() ?? "";
  const headers: SipHeaders = new Map();
  for (const line of lines) {
    if (/^[ \t]/.test(line) && headers.size > 0) {
      const last = [...headers.values()].at(-1)!;
      last[last.length - 1] += " " + line.trim();
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const raw = line.slice(0, colon).trim().toLowerCase();
    const name = COMPACT_NAMES[raw] ?? raw;
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  const length = Number(headers.get("content-length")?.[0] ?? rawBody.length);
  const body = Buffer.from(rawBody, "utf8").subarray(0, length).toString("utf8");
  const response = /^SIP\/2\.0\s+(\d{3})\s*(.*)$/.exec(start);
  if (response) return { status: Number(response[1]), reason: response[2]!, headers, body };
  const request = /^([A-Z]+)\s+(\S+)\s+SIP\/2\.0$/.exec(start);
  if (request) return { method: request[1]!, uri: request[2]!, headers, body };
  return null;
}

export function isResponse(message: SipRequest | SipResponse): message is SipResponse {
  return "status" in message;
}

/** Writes a message; Content-Length is set from the body. Header names are written as given. */
export function formatSipMessage(startLine: string, headers: [string, string][], body = ""): string {
  const lines = [startLine, ...headers.filter(([name]) => name.toLowerCase() !== "content-length").map(([name, value]) => `${name}: ${value}`)];
  lines.push(`Content-Length: ${Buffer.byteLength(body, "utf8")}`);
  return lines.join("\r\n") + "\r\n\r\n" + body;
}

export function header(message: { headers: SipHeaders }, name: string): string | undefined {
  return message.headers.get(name)?.[0];
}

/** Every value of a header that may be a comma-list (Via, Record-Route, ...), one per entry. */
export function headerList(message: { headers: SipHeaders }, name: string): string[] {
  return (message.headers.get(name) ?? []).flatMap(splitCommaList);
}

function splitCommaList(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (const char of value) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === "<") depth++;
    else if (!quoted && char === ">") depth--;
    if (char === "," && !quoted && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** A parameter of a header value such as `<sip:a@b>;tag=123` or `SIP/2.0/UDP h;branch=z9`. */
export function headerParam(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const afterUri = value.includes(">") ? value.slice(value.lastIndexOf(">") + 1) : value;
  for (const part of afterUri.split(";").slice(1)) {
    const [key, param] = part.split("=");
    if (key?.trim().toLowerCase() === name) return param?.trim() ?? "";
  }
  return undefined;
}

/** The URI inside a name-addr (`"Bob" <sip:bob@h>;tag=1` gives `sip:bob@h`), or an addr-spec's own. */
export function addressUri(value: string): string {
  const angle = /<([^>]*)>/.exec(value);
  return angle ? angle[1]! : value.split(";")[0]!.trim();
}

/** The transports the user agent speaks (a URI's ;transport=, UDP when it names none). */
export type SipTransport = "udp" | "tcp";

/** Where a message goes, or came from: an address, a port and the transport between us. */
export interface SipPeer {
  address: string;
  port: number;
  transport: SipTransport;
}

export interface SipUri {
  user?: string;
  host: string;
  port: number;
  /** The transport the URI names (;transport=, lowercased); undefined when it names none (UDP by default). */
  transport?: string;
}

/** Where a sip: URI's requests go (without DNS SRV: host and port as written, 5060 by default). */
export function parseSipUri(uri: string): SipUri | null {
  const match = /^sips?:(?:([^@;?]+)@)?(\[[^\]]+\]|[^:;?>]+)(?::(\d+))?([^?]*)/i.exec(uri.trim());
  if (!match) return null;
  const transport = /;transport=([a-z]+)/i.exec(match[4] ?? "")?.[1]?.toLowerCase();
  return { user: match[1], host: match[2]!.replace(/^\[|\]$/g, ""), port: match[3] ? Number(match[3]) : 5060, transport };
}

/**
 * The DTMF digit a SIP INFO carries: application/dtmf-relay ("Signal=5\r\nDuration=160") or application/dtmf ("5").
 * Null when the body is neither; event 10 and 11 of RFC 4733 read as * and #.
 */
export function dtmfDigitOfInfo(contentType: string | undefined, body: string): string | null {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  let signal: string | undefined;
  if (type === "application/dtmf-relay") signal = /^\s*signal\s*=\s*(\S+)\s*$/im.exec(body)?.[1];
  else if (type === "application/dtmf") signal = body.trim();
  if (!signal) return null;
  if (signal === "10") return "*";
  if (signal === "11") return "#";
  return /^[0-9*#A-Da-d]$/.test(signal) ? signal.toUpperCase() : null;
}
