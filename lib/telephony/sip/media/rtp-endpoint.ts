import { randomInt } from "node:crypto";
import dgram from "node:dgram";
import { performance } from "node:perf_hooks";
import { buildMediaSdp, parseAudioSdp, PCMA, PCMU, TELEPHONE_EVENT, type AudioSdp, type MediaDirection, type SdpCodec } from "./sdp";
import { A_LAW_SILENCE, decodeALaw, decodeMuLaw, encodeALaw, encodeMuLaw, MU_LAW_SILENCE } from "./g711";
import { answerDirection, g711LawOf, isTelephoneEvent, type G711Law } from "./media-sdp";
import { buildRtpPacket, parseRtpPacket } from "./rtp-packet";
import { DigitDetector } from "./telephone-event";

// One audio stream the service terminates itself (issue 25, "media where the API needs it"): a UDP
// socket on an even port, the SDP that offers or answers it, G.711 out at a steady 20 ms, what the
// far end sends recorded as 8 kHz PCM, and its RFC 4733 digits. RTCP is neither sent nor read.

export interface RtpEndpointOptions {
  host: string;
  /** 0 or undefined: any free even port. */
  port?: number;
  /** A recording stops growing here (default 10 minutes), so memory stays bounded. */
  maxRecordingSeconds?: number;
}

/** What offer/answer settled: how we send, and where. */
export interface NegotiatedMedia {
  codec: SdpCodec;
  telephoneEvent?: SdpCodec;
  /** Where the far end's SDP says its RTP goes. */
  address: string;
  port: number;
  /** Our side's direction. */
  direction: MediaDirection;
}

/** Where a relayed packet came from in its own stream. */
export interface RelayedPacket {
  ssrc: number;
  sequence: number;
  timestamp: number;
}

interface Source {
  address: string;
  port: number;
}

interface RecordedPiece {
  /** Which run of one SSRC it belongs to (a far end that restarts its stream starts a new run). */
  run: number;
  /** The sequence number extended past 16 bits within its run. */
  sequence: number;
  timestamp: number;
  samples: Int16Array;
}

interface Recording {
  pieces: RecordedPiece[];
  seen: Set<number>;
  ssrc?: number;
  run: number;
  highest: number;
  samples: number;
}

const RATE = 8000;
const PACKET_MS = 20;
const SAMPLES_PER_PACKET = (RATE * PACKET_MS) / 1000;
/** A timestamp jump longer than this (a far end that stopped sending, a new stream) is not filled with silence. */
const MAX_FILL_SAMPLES = 2 * RATE;
const DEFAULT_MAX_RECORDING_SECONDS = 600;
const EVEN_PORT_ATTEMPTS = 64;

const sameSource = (a: Source | undefined, b: Source) => !!a && a.port === b.port && normalise(a.address) === normalise(b.address);
// A dual-stack socket reports IPv4 senders as ::ffff:a.b.c.d.
const normalise = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");

function bind(host: string, port: number): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(host.includes(":") ? "udp6" : "udp4");
    socket.once("error", (error) => {
      socket.close();
      reject(error);
    });
    socket.bind(port, host, () => {
      socket.removeAllListeners("error");
      resolve(socket);
    });
  });
}

const closeSocket = (socket: dgram.Socket) => new Promise<void>((resolve) => socket.close(() => resolve()));

export class RtpEndpoint {
  readonly host: string;
  readonly port: number;
  private readonly socket: dgram.Socket;
  private readonly maxRecordingSamples: number;
  private ssrc = randomInt(2 ** 32);
  private readonly sessionId = randomInt(2 ** 31);
  private sessionVersion = 0;
  private sequence = randomInt(2 ** 16);
  private timestampBase = randomInt(2 ** 32);
  private readonly openedAt = performance.now();
  /** The timestamp after the last packet sent, so a new play never goes back in time. */
  private nextTimestamp: number | undefined;
  private negotiatedMedia: NegotiatedMedia | undefined;
  private offeredDirection: MediaDirection = "sendrecv";
  /** Payload types the far end may send audio in, and telephone events in. */
  private receiveLaws = new Map<number, G711Law>([
    [PCMU.payloadType, "PCMU"],
    [PCMA.payloadType, "PCMA"],
  ]);
  private receiveEvents = new Set<number>([TELEPHONE_EVENT.payloadType]);
  /** Symmetric RTP: the first source, until a packet comes from the negotiated address; then only that. */
  private latched: Source | undefined;
  private lockedOnNegotiated = false;
  private lastPacketAt: number | undefined;
  private recording: Recording | undefined;
  private readonly digits = new DigitDetector();
  private readonly digitListeners: ((digit: string) => void)[] = [];
  private readonly audioListeners: ((pcm: Int16Array, from: RelayedPacket) => void)[] = [];
  private playing: { stop(): void } | undefined;
  private closed = false;

  private constructor(host: string, socket: dgram.Socket, maxRecordingSeconds: number) {
    this.host = host;
    this.socket = socket;
    this.port = socket.address().port;
    this.maxRecordingSamples = Math.max(0, Math.round(maxRecordingSeconds * RATE));
    // Send errors (an unreachable far end's ICMP) must not crash the process; the media timeout notices.
    socket.on("error", () => undefined);
    socket.on("message", (message, from) => this.receive(message, from));
  }

  static async open(options: RtpEndpointOptions): Promise<RtpEndpoint> {
    const maxSeconds = options.maxRecordingSeconds ?? DEFAULT_MAX_RECORDING_SECONDS;
    if (options.port) return new RtpEndpoint(options.host, await bind(options.host, options.port), maxSeconds);
    // RTP takes an even port (RFC 3550 section 11): ask for any, and again while the system gives an odd one.
    for (let attempt = 0; attempt < EVEN_PORT_ATTEMPTS; attempt++) {
      const socket = await bind(options.host, 0);
      if (socket.address().port % 2 === 0) return new RtpEndpoint(options.host, socket, maxSeconds);
      await closeSocket(socket);
    }
    throw new Error(`no free even UDP port on ${options.host} after ${EVEN_PORT_ATTEMPTS} attempts`);
  }

  /** What offer/answer settled (undefined before an answer() or accept()). */
  get negotiated(): NegotiatedMedia | undefined {
    return this.negotiatedMedia;
  }

  /** Where the far end's packets are taken from (and ours go): the negotiated address, or the first source before it sent. */
  get farSource(): Source | undefined {
    if (this.lockedOnNegotiated || !this.latched)
      return this.negotiatedMedia && { address: this.negotiatedMedia.address, port: this.negotiatedMedia.port };
    return this.latched;
  }

  /** Our SDP offer: audio at host:port, PCMU 0, PCMA 8, telephone-event 101 (0-15), ptime 20, the given direction (default sendrecv). */
  offer(direction: MediaDirection = "sendrecv"): string {
    this.offeredDirection = direction;
    return buildMediaSdp({ ...this.origin(), codecs: [PCMU, PCMA], telephoneEvent: TELEPHONE_EVENT, direction });
  }

  /**
   * Answers a far end's SDP offer: picks its first codec we speak (PCMU or PCMA) and telephone-event if offered, sets the far
   * end as where we send; undefined when no codec is common (the caller answers 488).
   */
  answer(offerSdp: string): string | undefined {
    const offer = parseAudioSdp(offerSdp);
    const codec = offer?.codecs.find((candidate) => g711LawOf(candidate));
    if (!offer || !codec) return undefined;
    const telephoneEvent = offer.codecs.find(isTelephoneEvent);
    const direction = answerDirection(offer.direction);
    // The offer's payload type numbers are the ones both sides use for this stream.
    this.settle(offer, codec, telephoneEvent, direction, [codec], telephoneEvent);
    return buildMediaSdp({ ...this.origin(), codecs: [codec], telephoneEvent, direction });
  }

  /** Takes the far end's SDP answer to our offer(); false when it names no codec we speak. */
  accept(answerSdp: string): boolean {
    const answer = parseAudioSdp(answerSdp);
    const codec = answer?.codecs.find((candidate) => g711LawOf(candidate));
    if (!answer || !codec) return false;
    const telephoneEvent = answer.codecs.find(isTelephoneEvent);
    // The far end sends us what our offer named: PCMU 0, PCMA 8, events 101.
    this.settle(answer, codec, telephoneEvent, this.offeredDirection, [PCMU, PCMA], TELEPHONE_EVENT);
    return true;
  }

  private settle(
    far: AudioSdp,
    codec: SdpCodec,
    telephoneEvent: SdpCodec | undefined,
    direction: MediaDirection,
    ours: SdpCodec[],
    ourEvent?: SdpCodec,
  ) {
    const moved = this.negotiatedMedia?.address !== far.address || this.negotiatedMedia?.port !== far.port;
    this.negotiatedMedia = { codec, telephoneEvent, address: far.address, port: far.port, direction };
    this.receiveLaws = new Map();
    for (const candidate of [...far.codecs, ...ours]) {
      const law = g711LawOf(candidate);
      if (law && !this.receiveLaws.has(candidate.payloadType)) this.receiveLaws.set(candidate.payloadType, law);
    }
    this.receiveEvents = new Set([telephoneEvent, ourEvent].flatMap((event) => (event ? [event.payloadType] : [])));
    if (moved) {
      this.latched = undefined;
      this.lockedOnNegotiated = false;
    }
  }

  private origin() {
    return { address: this.host, port: this.port, sessionId: this.sessionId, sessionVersion: ++this.sessionVersion };
  }

  /**
   * Sends 8 kHz mono 16-bit PCM as 20 ms packets in the chosen codec, paced by the clock (packet n at start + n*20 ms, so
   * no drift), the marker bit on the first; resolves true when all was sent, false when stopPlay() (or a new play, or
   * close) ended it. Throws before an answer() or accept() settled where to send.
   */
  play(pcm: Int16Array): Promise<boolean> {
    const media = this.negotiatedMedia;
    if (!media) return Promise.reject(new Error("RtpEndpoint.play before answer() or accept(): nowhere to send"));
    if (this.closed) return Promise.resolve(false);
    this.stopPlay();
    const law = g711LawOf(media.codec)!;
    const encode = law === "PCMU" ? encodeMuLaw : encodeALaw;
    const silence = law === "PCMU" ? MU_LAW_SILENCE : A_LAW_SILENCE;
    const packets = Math.ceil(pcm.length / SAMPLES_PER_PACKET);
    const start = performance.now();
    // The timestamp runs with the wall clock between plays (RFC 3550 5.1), and never backwards.
    const clockTimestamp = (this.timestampBase + Math.round((start - this.openedAt) * (RATE / 1000))) >>> 0;
    const first = this.nextTimestamp === undefined || ((clockTimestamp - this.nextTimestamp) | 0) > 0 ? clockTimestamp : this.nextTimestamp;
    return new Promise<boolean>((resolve) => {
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      const finish = (complete: boolean) => {
        clearTimeout(timer);
        if (this.playing === handle) this.playing = undefined;
        resolve(complete);
      };
      const handle = { stop: () => finish(false) };
      this.playing = handle;
      const sendDue = () => {
        if (this.playing !== handle) return;
        const now = performance.now();
        while (sent < packets && start + sent * PACKET_MS <= now) {
          const payload = new Uint8Array(SAMPLES_PER_PACKET).fill(silence);
          payload.set(encode(pcm.subarray(sent * SAMPLES_PER_PACKET, (sent + 1) * SAMPLES_PER_PACKET)));
          const timestamp = (first + sent * SAMPLES_PER_PACKET) >>> 0;
          this.send(
            buildRtpPacket({
              payloadType: media.codec.payloadType,
              marker: sent === 0,
              sequence: this.sequence,
              timestamp,
              ssrc: this.ssrc,
              payload,
            }),
          );
          this.sequence = (this.sequence + 1) & 0xffff;
          this.nextTimestamp = (timestamp + SAMPLES_PER_PACKET) >>> 0;
          sent++;
        }
        if (sent >= packets) finish(true);
        else timer = setTimeout(sendDue, Math.max(0, start + sent * PACKET_MS - performance.now()));
      };
      sendDue();
    });
  }

  stopPlay(): void {
    this.playing?.stop();
  }

  /** Whether a play() is sending now (relayed audio waits: the announcement has the line). */
  get isPlaying(): boolean {
    return this.playing !== undefined;
  }

  /**
   * Sends one frame of 8 kHz PCM at once, as the next packet of our stream (a relay passes the
   * other side's packets on as they come, so the far end's pacing is ours). Nothing while a play()
   * sends, before the far end is known, or after close.
   */
  relay(pcm: Int16Array, from?: RelayedPacket): void {
    const media = this.negotiatedMedia;
    if (!media || this.closed || this.playing) return;
    if (from && this.nextTimestamp === undefined) {
      // Our first packet carries on the stream the far end heard until now (the other phone's, before the
      // media came through us): its SSRC, sequence and timestamp. A phone whose jitter buffer saw that
      // stream would drop a new one whose sequence numbers run behind it (baresip 1.0 does, for good).
      this.ssrc = from.ssrc;
      this.sequence = from.sequence;
      this.timestampBase = (from.timestamp - Math.round((performance.now() - this.openedAt) * (RATE / 1000))) >>> 0;
    }
    const law = g711LawOf(media.codec)!;
    const clockTimestamp = (this.timestampBase + Math.round((performance.now() - this.openedAt) * (RATE / 1000))) >>> 0;
    const timestamp =
      this.nextTimestamp === undefined || ((clockTimestamp - this.nextTimestamp) | 0) > SAMPLES_PER_PACKET * 10 ? clockTimestamp : this.nextTimestamp;
    const payload = law === "PCMU" ? encodeMuLaw(pcm) : encodeALaw(pcm);
    this.send(buildRtpPacket({ payloadType: media.codec.payloadType, marker: false, sequence: this.sequence, timestamp, ssrc: this.ssrc, payload }));
    this.sequence = (this.sequence + 1) & 0xffff;
    this.nextTimestamp = (timestamp + pcm.length) >>> 0;
  }

  /** Each audio packet the far end sends, decoded to 8 kHz PCM, as it arrives (a relay's input). */
  onAudio(listener: (pcm: Int16Array, from: RelayedPacket) => void): void {
    this.audioListeners.push(listener);
  }

  private send(packet: Buffer): void {
    const target = this.farSource;
    if (!target || !target.port || this.closed) return;
    this.socket.send(packet, target.port, target.address, () => undefined);
  }

  /**
   * Starts keeping what the far end sends (decoded to 8 kHz PCM); a running recording starts again. stopRecording
   * returns it in sequence order, a lost packet's 20 ms as silence (by RTP timestamp; a jump over 2 s is not filled),
   * at most maxRecordingSeconds long.
   */
  startRecording(): void {
    this.recording = { pieces: [], seen: new Set(), run: -1, highest: 0, samples: 0 };
  }

  stopRecording(): Int16Array {
    const recording = this.recording;
    this.recording = undefined;
    if (!recording) return new Int16Array(0);
    const pieces = recording.pieces.sort((a, b) => a.run - b.run || a.sequence - b.sequence);
    const parts: (Int16Array | number)[] = [];
    let total = 0;
    let previous: RecordedPiece | undefined;
    for (const piece of pieces) {
      if (previous?.run === piece.run) {
        const gap = (piece.timestamp - (previous.timestamp + previous.samples.length)) | 0;
        if (gap > 0 && gap <= MAX_FILL_SAMPLES) {
          parts.push(gap);
          total += gap;
        }
      }
      parts.push(piece.samples);
      total += piece.samples.length;
      previous = piece;
    }
    const out = new Int16Array(Math.min(total, this.maxRecordingSamples));
    let at = 0;
    for (const part of parts) {
      if (at >= out.length) break;
      if (typeof part === "number")
        at += part; // silence: the array's zeros
      else {
        out.set(part.subarray(0, out.length - at), at);
        at += part.length;
      }
    }
    return out;
  }

  /** Digits the far end sends as RFC 4733 events (one call per digit). */
  onDigit(listener: (digit: string) => void): void {
    this.digitListeners.push(listener);
  }

  /** Seconds since the far end's last packet (for the engine's media timeout); Infinity when none came. */
  silentForSeconds(): number {
    return this.lastPacketAt === undefined ? Infinity : (performance.now() - this.lastPacketAt) / 1000;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.stopPlay();
    this.closed = true;
    this.recording = undefined;
    this.socket.removeAllListeners("message");
    await closeSocket(this.socket);
  }

  private acceptSource(from: Source): boolean {
    const negotiated = this.negotiatedMedia;
    if (this.lockedOnNegotiated) return sameSource(negotiated, from);
    if (negotiated && sameSource(negotiated, from)) {
      this.lockedOnNegotiated = true;
      this.latched = undefined;
      return true;
    }
    this.latched ??= { address: from.address, port: from.port };
    return sameSource(this.latched, from);
  }

  private receive(message: Buffer, from: dgram.RemoteInfo): void {
    const packet = parseRtpPacket(message);
    if (!packet || !this.acceptSource(from)) return;
    this.lastPacketAt = performance.now();
    if (this.receiveEvents.has(packet.payloadType)) {
      const digit = this.digits.push(packet.timestamp, packet.payload);
      if (digit) for (const listener of this.digitListeners) listener(digit);
      return;
    }
    const law = this.receiveLaws.get(packet.payloadType);
    if (law && this.recording) this.record(this.recording, packet.ssrc, packet.sequence, packet.timestamp, law, packet.payload);
    if (law && this.audioListeners.length) {
      const pcm = law === "PCMU" ? decodeMuLaw(packet.payload) : decodeALaw(packet.payload);
      for (const listener of this.audioListeners) listener(pcm, { ssrc: packet.ssrc, sequence: packet.sequence, timestamp: packet.timestamp });
    }
  }

  private record(recording: Recording, ssrc: number, sequence: number, timestamp: number, law: G711Law, payload: Uint8Array): void {
    // Bounded: samples up to the maximum, and as many packets as that many samples make at 10 ms each.
    if (recording.samples >= this.maxRecordingSamples || recording.pieces.length >= this.maxRecordingSamples / 80 + 1) return;
    let extended: number;
    if (recording.ssrc !== ssrc) {
      recording.ssrc = ssrc;
      recording.run++;
      extended = sequence + 2 ** 16; // room below for packets that arrive late
      recording.highest = extended;
    } else {
      const delta = ((sequence - (recording.highest & 0xffff) + 0x8000) & 0xffff) - 0x8000;
      extended = recording.highest + delta;
      recording.highest = Math.max(recording.highest, extended);
    }
    if (recording.seen.has(recording.run * 2 ** 32 + extended)) return; // a duplicate
    recording.seen.add(recording.run * 2 ** 32 + extended);
    const samples = law === "PCMU" ? decodeMuLaw(payload) : decodeALaw(payload);
    recording.pieces.push({ run: recording.run, sequence: extended, timestamp, samples });
    recording.samples += samples.length;
  }
}
