import { TELEPHONE_EVENT, type MediaDirection, type SdpCodec } from "./sdp";

// What the RTP endpoint reads of SDP: the codecs it speaks, telephone-event, and an answer's direction
// (it writes its SDP with sdp.ts's buildMediaSdp).

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
