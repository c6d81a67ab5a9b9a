import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { imageTargets } from '../../test/image-targets';
import { MAX_IMAGE_PIXELS, sniffImageFormat } from './image-format';
import { loadSharp } from './sharp';

// Decision 0242: every image route takes JPEG, PNG, GIF or WebP, decided from the bytes; nothing
// else reaches a decoder, SVG least of all (its XInclude once put a temp file's text in an avatar).
let t: TestApp;
let owner: TestClient & { userId: string };

const SECRET = 'top-secret-text-from-the-temp-folder';

const square = (format: 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'avif') =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#36c' } })
    .toFormat(format)
    .toBuffer();

/** An SVG that renders the text of a file beside the uploads (what the review found). */
const svgIncluding = (file: string) =>
  Buffer.from(
    `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" width="400" height="60"><text x="0" y="40" font-size="20"><xi:include href="file://${file}" parse="text"/></text></svg>`,
  );

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ username: 'pictures' });
});
afterAll(async () => t?.close());

describe('image uploads take JPEG, PNG, GIF and WebP only, decided from the bytes', () => {
  for (const kind of ['playlists', 'avatars', 'collectives', 'equipment'] as const) {
    describe(kind, () => {
      const target = () => imageTargets(t, owner).find((x) => x.kind === kind)!;
      const send = (uploadUrl: string, data: Buffer, name: string, type: string) =>
        owner.upload(uploadUrl, {}, { field: target().field, name, type, data });

      it('accepts each of the four formats', async () => {
        const record = await target().setUp();
        for (const format of ['jpeg', 'png', 'gif', 'webp'] as const) {
          const res = await send(record.uploadUrl, await square(format), `pic.${format}`, `image/${format}`);
          expect(res.statusCode, `${format}: ${res.body}`).toBe(200);
        }
        expect(await record.storedKey()).toMatch(new RegExp(`^images/${kind}/`));
      });

      it('refuses SVG, however it is named, and never renders what it includes', async () => {
        const secretFile = path.join(t.dataDir, 'tmp', 'upload-secret');
        await mkdir(path.dirname(secretFile), { recursive: true });
        await writeFile(secretFile, SECRET);
        const record = await target().setUp();
        const before = await record.storedKey(); // the avatar of the test above, for the person's avatar
        const svg = svgIncluding(secretFile);
        for (const [name, type] of [
          ['evil.svg', 'image/svg+xml'],
          ['innocent.png', 'image/png'],
        ]) {
          const res = await send(record.uploadUrl, svg, name!, type!);
          expect(res.statusCode, res.body).toBe(415);
          expect(res.json().message).toMatch(/image file/);
        }
        // Behind a GIF signature libvips might still have guessed SVG: the header must agree too.
        const disguised = Buffer.concat([Buffer.from('GIF89a'), svg]);
        expect((await send(record.uploadUrl, disguised, 'x.gif', 'image/gif')).statusCode).toBe(415);
        expect(await record.storedKey()).toBe(before);
      });

      it('refuses formats sharp could read but uploads do not take (TIFF, AVIF)', async () => {
        const record = await target().setUp();
        const before = await record.storedKey();
        for (const format of ['tiff', 'avif'] as const) {
          const res = await send(record.uploadUrl, await square(format), `pic.${format}`, `image/${format}`);
          expect(res.statusCode, format).toBe(415);
        }
        expect(await record.storedKey()).toBe(before);
      });
    });
  }

  it('refuses an image past the pixel limit from its header, with a message that says so', async () => {
    const record = await imageTargets(t, owner)[0]!.setUp();
    // 8,000 × 6,000 = 48 megapixels of one colour: a few hundred KB of PNG.
    const huge = await sharp({ create: { width: 8_000, height: 6_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(8_000 * 6_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const res = await owner.upload(
      record.uploadUrl,
      {},
      { field: 'image', name: 'huge.png', type: 'image/png', data: huge },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/8000 × 6000 pixels, at most 40 megapixels/);
    expect(await record.storedKey()).toBeNull();
  });
});

describe('sniffImageFormat', () => {
  it('names the four formats from their first bytes and nothing else', async () => {
    for (const format of ['jpeg', 'png', 'gif', 'webp'] as const) {
      expect(sniffImageFormat((await square(format)).subarray(0, 12))).toBe(format);
    }
    expect(sniffImageFormat(await square('tiff'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeUndefined();
  });

  it('leaves no other decoder in this process once sharp is loaded: sharp itself refuses SVG and TIFF', async () => {
    // The app loads sharp on first use (decision 0495); the block is libvips-wide from then on.
    expect(await loadSharp()).toBe(sharp);
    await expect(sharp(svgIncluding('/etc/hostname')).metadata()).rejects.toThrow(/unsupported image format/);
    await expect(sharp(await square('tiff')).metadata()).rejects.toThrow(/unsupported image format/);
  });
});
