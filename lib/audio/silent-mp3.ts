// Silence as MP3 without an encoder: MPEG-2 Layer III frames (16 kHz mono, 8 kbit/s) whose side
// information and main data are all zero, which decoders play as silence. The simulator records
// calls with it; each frame stands alone, so any length costs a copy of one 36-byte frame.

const SAMPLE_RATE = 16_000;
const SAMPLES_PER_FRAME = 576;
/** Sync, MPEG-2, Layer III, no CRC; 8 kbit/s, 16 kHz, no padding; mono. */
const HEADER = [0xff, 0xf3, 0x18, 0xc0];
/** 72 * 8000 / 16000 bytes: the header, 9 bytes of side information, then main data. */
const FRAME_BYTES = 36;

/** About `seconds` of silence (at least one frame, 36 ms), as MP3 bytes. */
export function silentMp3(seconds: number): Uint8Array {
  const frames = Math.max(1, Math.ceil((seconds * SAMPLE_RATE) / SAMPLES_PER_FRAME));
  const bytes = new Uint8Array(frames * FRAME_BYTES);
  for (let at = 0; at < bytes.length; at += FRAME_BYTES) bytes.set(HEADER, at);
  return bytes;
}
