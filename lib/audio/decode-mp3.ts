import { MPEGDecoder } from "mpg123-decoder";

/** Decodes MP3 bytes (tests, and the local transcription service through lib/audio/pcm.ts); throws when they are not MP3. */
export async function decodeMp3(bytes: Uint8Array): Promise<{ duration: number; sampleRate: number; peak: number }> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, sampleRate, errors } = decoder.decode(bytes);
    if (errors.length || !samplesDecoded) throw new Error(`Not a valid MP3: ${errors.map((e) => e.message).join("; ") || "no audio frames"}`);
    const peak = channelData[0]!.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    return { duration: samplesDecoded / sampleRate, sampleRate, peak };
  } finally {
    decoder.free();
  }
}
