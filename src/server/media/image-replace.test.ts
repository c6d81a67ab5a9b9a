import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { imageTargets } from '../../test/image-targets';
import { IMAGE_SIZES, type ImageKind } from './image-variants';

// Replacing an image: however many uploads race for one record, the files on disk end up being
// exactly the variants of the image the record points at. Nothing orphaned, nothing missing.

const RACERS = 10;
let t: TestApp;
let alice: TestClient & { userId: string };
const images: Buffer[] = [];

beforeAll(async () => {
  // The race needs all RACERS uploads of one person in flight at once: above the everyday cap of
  // uploads per person (decision 0251), which upload-concurrency.test.ts tests.
  t = await buildTestApp({ uploadsPerPerson: RACERS });
  alice = await t.signedInClient();
  for (let i = 0; i < RACERS; i++) {
    images.push(
      await sharp({
        create: { width: 40, height: 40, channels: 3, background: { r: i * 20, g: 80, b: 160 } },
      })
        .png()
        .toBuffer(),
    );
  }
});
afterAll(async () => t.close());

const filesOf = (kind: ImageKind) => {
  try {
    return readdirSync(path.join(t.dataDir, 'files', 'images', kind)).sort();
  } catch {
    return [];
  }
};
const variantsOf = (url: string) => {
  const id = url.split('/').pop();
  return IMAGE_SIZES.map((size) => `${id}-${size}.webp`).sort();
};

describe.each(['playlists', 'avatars', 'collectives', 'equipment'] as const)(
  '%s image replaced by concurrent uploads',
  (kind) => {
    it(`${RACERS} at once leave exactly the referenced image's files`, async () => {
      const { field, setUp } = imageTargets(t, alice).find((target) => target.kind === kind)!;
      const { uploadUrl, currentUrl } = await setUp();
      const first = await alice.upload(
        uploadUrl,
        {},
        { field, name: 'first.png', type: 'image/png', data: images[0]! },
      );
      expect(first.statusCode, first.body).toBe(200);

      const results = await Promise.all(
        images.map((data, i) =>
          alice.upload(uploadUrl, {}, { field, name: `${i}.png`, type: 'image/png', data }),
        ),
      );
      for (const res of results) expect(res.statusCode, res.body).toBe(200);

      const url = await currentUrl();
      expect(url).toMatch(new RegExp(`^/api/images/${kind}/`));
      await waitForBlobDeletions(t.db);
      expect(filesOf(kind)).toEqual(variantsOf(url));
      for (const size of IMAGE_SIZES) {
        expect((await alice.get(`${url}-${size}.webp`)).statusCode).toBe(200);
      }
    });
  },
);
