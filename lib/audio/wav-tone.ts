/** A mono 16-bit PCM WAV of a sine tone: the simulator's stand-in for recorded speech. */
export function toneWav(seconds: number, hz = 440, rate = 8000): Uint8Array {
  const samples = Math.round(seconds * rate);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write("WAVEfmt ", 8, "ascii");
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28); // byte rate
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) buffer.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 8000), 44 + i * 2);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** The pitch of a tone in 16-bit PCM by its zero crossings over the audible samples (0 for silence). */
export function toneHzOfPcm(pcm: Int16Array, rate = 8000): number {
  let crossings = 0;
  let audible = 0;
  for (let i = 1; i < pcm.length; i++) {
    if (Math.abs(pcm[i]!) < 200 && Math.abs(pcm[i - 1]!) < 200) continue;
    audible++;
    if (pcm[i]! >= 0 !== pcm[i - 1]! >= 0) crossings++;
  }
  return audible ? Math.round((crossings / 2 / audible) * rate) : 0;
}
