import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { subsonicClient } from '../../../test/subsonic-client';
import { nearestSize } from './cover-art';

/**
 * getCoverArt (decision 0385): songs, albums and artists carry their owner's avatar as coverArt, and
 * getCoverArt serves its nearest stored variant; no picture is 70.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let apiKey: string;
let trackId: number;

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'Phone' })).json().key;
  const res = await me.upload(
    '/api/tracks',
    { name: 'Take' },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
  );
  trackId = res.json().id;
});
afterAll(async () => t.close());
const api = () => subsonicClient(t.app, { apiKey });

describe('/rest getCoverArt', () => {
  it('no avatar: no coverArt fields, and an unknown id is 70', async () => {
    const { song } = await api().getSong({ id: String(trackId) });
    expect(song.coverArt).toBeUndefined();
    for (const id of ['av-00000000-0000-0000-0000-000000000000', 'nonsense', `ar-${me.userId}`]) {
      const res = await api().getCoverArt({ id });
      expect((await res.json())['subsonic-response'], id).toMatchObject({ error: { code: 70 } });
    }
    const missing = await t.app.inject({ url: `/rest/getCoverArt?f=json&apiKey=${apiKey}` });
    expect(missing.json()['subsonic-response']).toMatchObject({ error: { code: 10 } });
  });

  it("the owner's avatar is the song's, album's and artist's cover, in the size nearest the one asked", async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    const uploaded = await me.upload(
      '/api/user/avatar',
      {},
      { field: 'avatar', name: 'me.png', type: 'image/png', data: png },
    );
    expect(uploaded.statusCode).toBe(200);
    const uuid = uploaded.json().avatarUrl.split('/').at(-1);
    const { song } = await api().getSong({ id: String(trackId) });
    expect(song.coverArt).toBe(`av-${uuid}`);
    const { album } = await api().getAlbum({ id: song.albumId! });
    expect(album.coverArt).toBe(song.coverArt);
    const { artist } = await api().getArtist({ id: song.artistId! });
    expect(artist.coverArt).toBe(song.coverArt);

    for (const [size, width] of [
      [undefined, 256],
      [64, 128],
      [150, 128],
      [200, 256],
      [1000, 256],
    ] as const) {
      const res = await api().getCoverArt({ id: song.coverArt!, size });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width], String(size)).toEqual(['webp', width]);
    }
  });

  it('nearestSize: the larger on a tie, the largest when none is asked', () => {
    expect(nearestSize(192)).toBe(256);
    expect(nearestSize(0)).toBe(128);
    expect(nearestSize(Number.NaN)).toBe(256);
  });
});
