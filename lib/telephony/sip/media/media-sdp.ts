import { PCMA, PCMU, TELEPHONE_EVENT, type MediaDirection, type SdpCodec } from "./sdp";

// The SDP the RTP endpoint writes. sdp.ts's buildSdp always adds telephone-event as 101 with events
// 0-16; an answer must echo the offer's own payload types and may carry no events at all, so this
// builds one audio stream from exactly the codecs given.

export interface MediaSdpOptions {
  address: string;
  port: number;
  sessionId: number;
  sessionVersion: number;
  /** Audio codecs, in order of preference. */
  codecs: SdpCodec[];
  /** Absent: no RFC 4733 events (an answer to an offer without them). */
  telephoneEvent?: SdpCodec;
  direction: MediaDirection;
}

/** The codecs the endpoint can encode and decode. */
export const SPOKEN_CODECS: readonly SdpCodec[] = [PCMU, PCMA];

export type G711Law = "PCMU" | "PCMA";

/** PCMU or PCMA when we speak the codec (by name, at 8 kHz), else undefined. */
export function g711LawOf(codec: SdpCodec): G711Law | undefined {
  const name = codec.name.toUpperCase();
  return codec.rate === 8000 && (name === "PCMU" || name === "PCMA") ? name : undefined;
}

export const isTelephoneEvent = (codec: SdpCodec) => codec.name.toLowerCase() === TELEPHONE_EVENT.name && codec.rate === 8000;

/** What an answer's direction is for an offer's (RFC 3264 section 6.1). */
export function answerDirection(offered: MediaDirection): MediaDirection {
  if (offered === "sendonly") return "recvonly";
  if (offered === "recvonly") return "sendonly";
  return offered;
}

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
    ...(options.telephoneEvent ? [`a=fmtp:${options.telephoneEvent.payloadType} 0-15`] : []),
    "a=ptime:20",
    `a=${options.direction}`,
  ];
  return lines.join("\r\n") + "\r\n";
}
