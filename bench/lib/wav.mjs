// WAV files made in memory for the bench: no ffmpeg needed, every byte deterministic.

/** A 16-bit mono PCM WAV of `seconds` at `rate` Hz: a tone whose pitch depends on `seed`. */
export function makeWav(seconds, { rate = 8000, seed = 1 } = {}) {
  const samples = Math.max(1, Math.round(seconds * rate));
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  const hz = 220 + (seed % 50) * 10;
  for (let i = 0; i < samples; i++) {
    buffer.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / rate)), 44 + i * 2);
  }
  return buffer;
}

/** A WAV of about `bytes` bytes (44.1 kHz mono), for the Range cases. */
export const wavOfSize = (bytes) => makeWav((bytes - 44) / 2 / 44100, { rate: 44100, seed: 7 });
