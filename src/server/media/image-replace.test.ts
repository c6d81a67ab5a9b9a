import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';
import { IMAGE_SIZES, type ImageKind } from './image-variants';

// Replacing an image: however many uploads race for one record, the files on disk end up being
// exactly the variants of the image the record points at. Nothing orphaned, nothing missing.

const RACERS = 10;
let t: TestApp;
let alice: TestClient & { userId: string };
const images: Buffer[] = [];

beforeAll(async () => {
  t = await buildTestApp();
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

interface Target {
  kind: ImageKind;
  field: string;
  /** Makes the record and returns its upload URL and a reader of its current image URL. */
  setUp(): Promise<{ uploadUrl: string; currentUrl: () => Promise<string> }>;
}

const targets: Target[] = [
  {
    kind: 'playlists',
    field: 'image',
    async setUp() {
      const { id } = (await alice.post('/api/playlists', { name: 'Raced cover' })).json<{ id: number }>();
      return {
        uploadUrl: `/api/playlists/${id}/image`,
        currentUrl: async () => (await alice.get(`/api/playlists/${id}`)).json().imageUrl,
      };
    },
  },
  {
    kind: 'avatars',
    field: 'avatar',
    async setUp() {
      return {
        uploadUrl: '/api/user/avatar',
        currentUrl: async () => (await alice.get('/api/auth/user')).json().avatarUrl,
      };
    },
  },
  {
    kind: 'collectives',
    field: 'avatar',
    async setUp() {
      const { id } = (await alice.post('/api/collectives', { name: 'Raced' })).json<{ id: number }>();
      return {
        uploadUrl: `/api/collectives/${id}/avatar`,
        currentUrl: async () => (await alice.get(`/api/collectives/${id}`)).json().imageUrl,
      };
    },
  },
  {
    kind: 'equipment',
    field: 'image',
    async setUp() {
      // Only someone who used the gear on a track may change its picture.
      const track = await alice.upload(
        '/api/tracks',
        {},
        { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
      );
      const { id } = (await alice.post('/api/equipment', { name: 'Raced Synth' })).json<{ id: number }>();
      await alice.post(`/api/tracks/${track.json().id}/equipment`, { equipmentTagId: id });
      return {
        uploadUrl: `/api/equipment/${id}/image`,
        currentUrl: async () => (await alice.get(`/api/equipment/${id}`)).json().imageUrl,
      };
    },
  },
];

describe.each(targets)('$kind image replaced by concurrent uploads', ({ kind, field, setUp }) => {
  it(`${RACERS} at once leave exactly the referenced image's files`, async () => {
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
});
