// SDP (RFC 4566) for one audio stream: the offers and answers this service sends carry G.711
// (PCMU, PCMA) and RFC 4733 telephone events; from the far end's it reads where its RTP goes.

export type MediaDirection = "sendrecv" | "sendonly" | "recvonly" | "inactive";

export interface SdpCodec {
  payloadType: number;
  /** Encoding name as written, e.g. "PCMU", "telephone-event". */
  name: string;
  rate: number;
}

export interface AudioSdp {
  /** Where the far end wants its RTP: the media-level c= line, else the session-level one. */
  address: string;
  port: number;
  codecs: SdpCodec[];
  direction: MediaDirection;
}

export const PCMU: SdpCodec = { payloadType: 0, name: "PCMU", rate: 8000 };
export const PCMA: SdpCodec = { payloadType: 8, name: "PCMA", rate: 8000 };
export const TELEPHONE_EVENT: SdpCodec = { payloadType: 101, name: "telephone-event", rate: 8000 };

/** The payload types every RTP/AVP peer knows without an rtpmap (RFC 3551), among those we read. */
const STATIC_PAYLOADS = new Map<number, SdpCodec>([
  [0, PCMU],
  [8, PCMA],
]);

const DIRECTIONS: readonly MediaDirection[] = ["sendrecv", "sendonly", "recvonly", "inactive"];

export interface SdpOptions {
  address: string;
  port: number;
  /** o= session id and version: the version goes up by one with each new offer in a dialog. */
  sessionId: number;
  sessionVersion: number;
  direction?: MediaDirection;
  /** Audio codecs in order of preference; telephone-event is always added. Default PCMU, PCMA. */
  codecs?: SdpCodec[];
}

/** An offer, or an answer when `codecs` is what the offer and we have in common; telephone-event 101 (0-16) added. */
export function buildSdp(options: SdpOptions): string {
  return buildMediaSdp({
    ...options,
    codecs: options.codecs ?? [PCMU, PCMA],
    telephoneEvent: TELEPHONE_EVENT,
    events: "0-16",
    direction: options.direction ?? "sendrecv",
  });
}

export interface MediaSdpOptions {
  address: string;
  port: number;
  sessionId: number;
  sessionVersion: number;
  /** Audio codecs, in order of preference. */
  codecs: SdpCodec[];
  /** Absent: no RFC 4733 events (an answer to an offer without them). */
  telephoneEvent?: SdpCodec;
  /** The events offered (fmtp); default 0-15, the digits and letters. */
  events?: string;
  direction: MediaDirection;
}

/** One audio stream from exactly the codecs given: an answer echoes the offer's own payload types, and may carry no events. */
export function buildMediaSdp(options: MediaSdpOptions): string {
  const codecs = options.telephoneEvent ? [...options.codecs, options.telephoneEvent] : options.codecs;
  const family = options.address.includes(":") ? "IP6" : "IP4";
  const lines = [
    "v=0",
    `o=switchboard ${options.sessionId} ${options.sessionVersion} IN ${family} ${options.address}`,
    "s=switchboard",
    `c=IN ${family} ${options.address}`,
    "t=0 0",
    `m=audio ${options.port} RTP/AVP ${codecs.map((codec) => codec.payloadType).join(" ")}`,
    ...codecs.map((codec) => `a=rtpmap:${codec.payloadType} ${codec.name}/${codec.rate}`),
    ...(options.telephoneEvent ? [`a=fmtp:${options.telephoneEvent.payloadType} ${options.events ?? "0-15"}`] : []),
    "a=ptime:20",
    `a=${options.direction}`,
  ];
  return lines.join("\r\n") + "\r\n";
}

/** Reads the first audio stream of the far end's SDP; null when it has none or no address for it. */
export function parseAudioSdp(sdp: string): AudioSdp | null {
  let sessionAddress: string | undefined;
  let sessionDirection: MediaDirection | undefined;
  let audio: { port: number; payloads: number[]; address?: string; direction?: MediaDirection; rtpmap: Map<number, SdpCodec> } | undefined;
  let inOtherMedia = false;
  for (const raw of sdp.split(/\r?\n/)) {
    const line = raw.trim();
    const type = line[0];
    const value = line.slice(2);
    if (line[1] !== "=") continue;
    if (type === "m") {
      if (audio) break; // only the first audio stream
      const [media, port, , ...formats] = value.split(/\s+/);
      inOtherMedia = media !== "audio";
      if (!inOtherMedia) audio = { port: Number(port), payloads: formats.map(Number), rtpmap: new Map() };
      continue;
    }
    if (inOtherMedia) continue;
    if (type === "c") {
      const address = value.split(/\s+/)[2]?.split("/")[0];
      if (audio) audio.address = address;
      else sessionAddress = address;
    } else if (type === "a") {
      const direction = DIRECTIONS.find((candidate) => value === candidate);
      if (direction) {
        if (audio) audio.direction = direction;
        else sessionDirection = direction;
      }
      const rtpmap = /^rtpmap:(\d+)\s+([^/\s]+)\/(\d+)/.exec(value);
      if (rtpmap && audio) audio.rtpmap.set(Number(rtpmap[1]), { payloadType: Number(rtpmap[1]), name: rtpmap[2]!, rate: Number(rtpmap[3]) });
    }
  }
  const address = audio?.address ?? sessionAddress;
  if (!audio || !address || !Number.isInteger(audio.port)) return null;
  const rtpmap = audio.rtpmap;
  const codecs = audio.payloads.flatMap((payloadType) => {
    const codec = rtpmap.get(payloadType) ?? STATIC_PAYLOADS.get(payloadType);
    return codec ? [codec] : [];
  });
  return { address, port: audio.port, codecs, direction: audio.direction ?? sessionDirection ?? "sendrecv" };
}

/** The o= line's session version of an SDP (0 when it has none). */
export function sdpVersionOf(sdp: string): number {
  const fields = /^o=(\S+\s+){2}(\d+)/m.exec(sdp);
  return fields ? Number(fields[2]) : 0;
}

/**
 * The same session described again with another direction (RFC 3264 section 8: a new offer in the
 * dialog keeps the o= origin and raises its version): every direction attribute replaced by
 * `direction`, or one added to the media when there was none.
 */
export function reofferSdp(previous: string, direction: MediaDirection, version: number): string {
  const out: string[] = [];
  let section: "session" | "audio" | "other" = "session";
  let audioSeen = false;
  const closeAudio = () => {
    if (section === "audio") out.push(`a=${direction}`);
  };
  for (const line of previous.split(/\r?\n/)) {
    if (line === "") continue;
    if (line.startsWith("m=")) {
      closeAudio();
      section = line.startsWith("m=audio") && !audioSeen ? "audio" : "other";
      audioSeen ||= section === "audio";
    }
    // The session's and the audio stream's directions give way to the new one; other streams keep theirs.
    if (section !== "other" && DIRECTIONS.some((candidate) => line === `a=${candidate}`)) continue;
    out.push(line.startsWith("o=") ? line.replace(/^(o=\S+\s+\S+\s+)\d+/, `$1${version}`) : line);
  }
  closeAudio();
  return out.join("\r\n") + "\r\n";
}
