import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HttpError } from '../plugins/errors';
import type { BlobStore } from '../storage/blob-store';
import { MAX_IMAGE_PIXELS, sniffImageFile } from './image-format';
import { loadSharp, type Metadata } from './sharp';

/** Sizes written for every image (spec section 9): -128 thumbnails/avatars, -256 covers. */
export const IMAGE_SIZES = [128, 256] as const;
export type ImageKind = 'playlists' | 'avatars' | 'collectives' | 'equipment';
export const IMAGE_KINDS: readonly ImageKind[] = ['playlists', 'avatars', 'collectives', 'equipment'];

/**
 * What the database keeps for an image (decision 0116): the storage key base its variants share,
 * `images/<kind>/<uuid>`; each variant is stored under `<base>-<size>.webp`.
 */
export const imageKeyBase = (kind: ImageKind, id: string) => `images/${kind}/${id}`;
export const imageKey = (kind: ImageKind, id: string, size: number) =>
  `${imageKeyBase(kind, id)}-${size}.webp`;
const KEY_BASE = /^images\/(playlists|avatars|collectives|equipment)\/([0-9a-f-]{36})$/;

/** Kind and id of an image key base made by saveImageVariants; undefined for anything else. */
export function parseImageKeyBase(
  base: string | null | undefined,
): { kind: ImageKind; id: string } | undefined {
  const match = base?.match(KEY_BASE);
  return match ? { kind: match[1] as ImageKind, id: match[2]! } : undefined;
}

/**
 * Checks the upload is one of the accepted formats from its bytes (decision 0242), within the pixel
 * limit, then writes square webp variants with all metadata (EXIF, GPS) stripped, and returns
 * their key base. Each call gets a new id, so a changed image has a new URL and browsers never show
 * a stale one. `message` is the refusal's words for a file that is not an accepted image.
 */
export async function saveImageVariants(
  store: BlobStore,
  kind: ImageKind,
  sourceFile: string,
  tempDir: string,
  message = 'Please select an image file',
): Promise<string> {
  const invalid = () => new HttpError(415, message);
  // The bytes decide, before any decoder sees them: a name, a declared type or what libvips would
  // guess (it reads SVG, TIFF, PDF… when allowed) do not.
  const format = await sniffImageFile(sourceFile);
  if (!format) throw invalid();
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // The header only: nothing is decoded yet, so the pixel limit is checked before any memory is spent.
    meta = await sharp(sourceFile, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid();
  }
  if (meta.format !== format || !meta.width || !meta.height) throw invalid();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new HttpError(
      413,
      `The image is too large: ${meta.width} × ${meta.height} pixels, at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
    );
  }
  const id = randomUUID();
  const written: string[] = [];
  try {
    for (const size of IMAGE_SIZES) {
      let variant: Buffer;
      try {
        variant = await sharp(sourceFile, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
          .rotate() // honour EXIF orientation before the metadata is dropped
          .resize(size, size, { fit: 'cover', position: 'attention' })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        // Headers that read fine over pixel data that does not decode: still not an image.
        throw invalid();
      }
      // Writing and storing are ours: a full disk or a failing store is a server fault, not a 415.
      const out = path.join(tempDir, `variant-${id}-${size}`);
      written.push(out);
      await writeFile(out, variant, { flag: 'wx' });
    }
    for (const [i, size] of IMAGE_SIZES.entries()) await store.putFile(imageKey(kind, id, size), written[i]!);
  } catch (err) {
    await Promise.all(written.map((f) => rm(f, { force: true })));
    await Promise.all(IMAGE_SIZES.map((size) => store.delete(imageKey(kind, id, size)).catch(() => {})));
    throw err;
  }
  return imageKeyBase(kind, id);
}

/** The storage keys behind an image key base made by saveImageVariants; none for anything else. */
export function imageKeysOf(base: string | null | undefined): string[] {
  const image = parseImageKeyBase(base);
  return image ? IMAGE_SIZES.map((size) => imageKey(image.kind, image.id, size)) : [];
}

/** Removes the variants behind an image key base made by saveImageVariants (ignores anything else). */
export async function deleteImageVariants(store: BlobStore, base: string | null | undefined) {
  await Promise.all(imageKeysOf(base).map((key) => store.delete(key)));
}
