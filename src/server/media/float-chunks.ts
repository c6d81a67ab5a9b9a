import { endianness } from 'node:os';

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * Little-endian 32-bit float PCM as it arrives from an ffmpeg pipe, whose chunks may end mid-sample:
 * the remainder joins the next chunk. Every analysis tap reads its pipe through one of these.
 */
export class FloatChunks {
  private leftover = Buffer.alloc(0);

  /** The whole samples of `chunk` (after what the last one left), in an array of their own. */
  samples(chunk: Buffer): Float32Array {
    const bytes = this.leftover.length ? Buffer.concat([this.leftover, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    const samples = new Float32Array(whole / 4);
    // A byte copy where the machine's floats are the pipe's: ten times faster than reading each.
    if (LITTLE_ENDIAN) new Uint8Array(samples.buffer).set(bytes.subarray(0, whole));
    else for (let i = 0; i < samples.length; i += 1) samples[i] = bytes.readFloatLE(i * 4);
    this.leftover = Buffer.from(bytes.subarray(whole));
    return samples;
  }

  /** Each whole sample of `chunk`, in order. */
  push(chunk: Buffer, each: (sample: number) => void) {
    const samples = this.samples(chunk);
    for (let i = 0; i < samples.length; i += 1) each(samples[i]!);
  }
}
