import { RtpEndpoint } from "./rtp-endpoint";

// A two-leg call's media through the service (anchored), for what the phones alone cannot do:
// play to one leg, record the call, read RFC 4733 digits. Each phone talks to an endpoint of ours;
// what one side sends is passed to the other as it arrives, except while something plays to that
// side (the announcement has its line). The recording is both sides mixed.

/** A recording stops growing here (the engine's record has no longer limit). */
export const MAX_CALL_RECORDING_SECONDS = 3600;

/** Two recordings of the same moment, one per side, as one: summed and clipped. */
export function mixPcm(first: Int16Array, second: Int16Array): Int16Array {
  const out = new Int16Array(Math.max(first.length, second.length));
  for (let i = 0; i < out.length; i++) out[i] = Math.max(-32768, Math.min(32767, (first[i] ?? 0) + (second[i] ?? 0)));
  return out;
}

export class MediaAnchor {
  private recording = false;
  private closedRecording: Int16Array | undefined;

  private constructor(readonly sides: [RtpEndpoint, RtpEndpoint]) {
    const [a, b] = sides;
    a.onAudio((pcm, from) => b.relay(pcm, from));
    b.onAudio((pcm, from) => a.relay(pcm, from));
  }

  static async open(host: string): Promise<MediaAnchor> {
    const a = await RtpEndpoint.open({ host, maxRecordingSeconds: MAX_CALL_RECORDING_SECONDS });
    const b = await RtpEndpoint.open({ host, maxRecordingSeconds: MAX_CALL_RECORDING_SECONDS }).catch(async (error: unknown) => {
      await a.close();
      throw error;
    });
    return new MediaAnchor([a, b]);
  }

  get isRecording(): boolean {
    return this.recording;
  }

  startRecording(): void {
    this.recording = true;
    this.closedRecording = undefined;
    for (const side of this.sides) side.startRecording();
  }

  /** Both sides mixed since startRecording (kept when the call ended first); empty when nothing recorded. */
  stopRecording(): Int16Array {
    if (this.closedRecording) {
      const kept = this.closedRecording;
      this.closedRecording = undefined;
      return kept;
    }
    if (!this.recording) return new Int16Array(0);
    this.recording = false;
    return mixPcm(this.sides[0].stopRecording(), this.sides[1].stopRecording());
  }

  /** Closes both endpoints; a recording still running is kept for stopRecording. */
  async close(): Promise<void> {
    if (this.recording) this.closedRecording = this.stopRecording();
    await Promise.all(this.sides.map((side) => side.close()));
  }
}
