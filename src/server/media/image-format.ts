import { open } from 'node:fs/promises';
import type { ImageUploadFormat } from '../../shared/constants';

/**
 * The most pixels an uploaded image may have (one frame of an animated one): a 40-megapixel photo
 * still fits, a decompression bomb (a few KB of PNG claiming 100,000 × 100,000) is refused from
 * its header, before anything is decoded.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Magic numbers of the formats uploads may be (the first 12 bytes are enough for all four). */
const SIGNATURES: { format: ImageUploadFormat; matches(head: Buffer): boolean }[] = [
  { format: 'jpeg', matches: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { format: 'png', matches: (h) => h.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { format: 'gif', matches: (h) => ['GIF87a', 'GIF89a'].includes(h.toString('latin1', 0, 6)) },
  {
    format: 'webp',
    matches: (h) => h.toString('latin1', 0, 4) === 'RIFF' && h.toString('latin1', 8, 12) === 'WEBP',
  },
];

/** The upload format the bytes start with, whatever the name or declared type say; else undefined. */
export function sniffImageFormat(head: Buffer): ImageUploadFormat | undefined {
  return SIGNATURES.find((signature) => signature.matches(head))?.format;
}

/** sniffImageFormat on a file's first bytes. */
export async function sniffImageFile(file: string): Promise<ImageUploadFormat | undefined> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniffImageFormat(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
