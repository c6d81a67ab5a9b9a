import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { shareWithMember, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { pickVariant } from './cover-art';

/**
 * getCoverArt (decisions 0385, 0790): albums and artists carry their owner's avatar as coverArt
 * when there is one (songs their own waveform tile: cover-tiles.test.ts), and getCoverArt serves
 * it at most at the size asked; an unknown picture is 70.
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

/** Gives `client` a teal avatar. */
async function avatarFor(client: TestClient) {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();
  return client.upload(
    '/api/user/avatar',
    {},
    { field: 'avatar', name: 'me.png', type: 'image/png', data: png },
  );
}
const api = () => subsonicClient(t.app, { apiKey });

describe('/rest getCoverArt', () => {
  it('an unknown or malformed id is 70, a missing one 10', async () => {
    for (const id of [
      'av-00000000-0000-0000-0000-000000000000',
      'nonsense',
      `ar-${me.userId}`,
      'tr-99999-0000000000',
      'tr-0-0000000000',
      `tr-${trackId}`,
      'tr-99999999999-0000000000',
    ]) {
      const res = await api().getCoverArt({ id });
      expect((await res.json())['subsonic-response'], id).toMatchObject({ error: { code: 70 } });
    }
    const missing = await t.app.inject({ url: `/rest/getCoverArt?f=json&apiKey=${apiKey}` });
    expect(missing.json()['subsonic-response']).toMatchObject({ error: { code: 10 } });
  });

  it("the owner's avatar is the song's, album's and artist's cover, at most the size asked", async () => {
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
    const avatar = `av-${uuid}`;
    const { song } = await api().getSong({ id: String(trackId) });
    expect(song.coverArt).toMatch(new RegExp(`^tr-${trackId}-`));
    const { album } = await api().getAlbum({ id: song.albumId! });
    expect(album.coverArt).toBe(avatar);
    const { artist } = await api().getArtist({ id: song.artistId! });
    expect(artist.coverArt).toBe(avatar);

    // Never larger than asked: a stored variant as it is, or the next larger one made smaller.
    for (const [size, width] of [
      [undefined, 256],
      [64, 64],
      [128, 128],
      [150, 150],
      [200, 200],
      [1000, 256],
      [1, 16],
    ] as const) {
      const res = await api().getCoverArt({ id: avatar, size });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height], String(size)).toEqual(['webp', width, width]);
      // Asked again with what it sent: not sent again.
      const again = await t.app.inject({
        url: `/rest/getCoverArt?id=${avatar}&apiKey=${apiKey}${size === undefined ? '' : `&size=${size}`}`,
        headers: { 'if-none-match': res.headers.get('etag')! },
      });
      expect(again.statusCode, String(size)).toBe(304);
      expect(again.headers['cache-control']).toContain('immutable');
    }
  });

  it('getAvatar: oneself and the artists one browses, at most the size asked; anyone else is 70', async () => {
    const friend = await t.signedInClient({ username: 'friend' });
    const stranger = await t.signedInClient({ username: 'stranger' });
    for (const person of [friend, stranger]) expect((await avatarFor(person)).statusCode).toBe(200);
    await shareWithMember(t, friend, me, await uploadNamedTrack(friend, 'Shared'));
    await uploadNamedTrack(stranger, 'Unshared');

    for (const [login, size, width] of [
      ['me', 100, 100],
      ['ME', undefined, 256],
      ['friend', 64, 64],
    ] as const) {
      const res = await api().getAvatar({ username: login, ...(size ? { size } : {}) } as {
        username: string;
      });
      expect(res.headers.get('content-type'), login).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height], login).toEqual([width, width]);
    }
    const unknown = async (username: string) => {
      const res = await t.app.inject({ url: `/rest/getAvatar?f=json&username=${username}&apiKey=${apiKey}` });
      const { serverVersion: _, ...envelope } = res.json()['subsonic-response'];
      return envelope;
    };
    // The stranger has an avatar, but is nobody the caller browses: as unknown as nobody at all.
    expect(await unknown('stranger')).toEqual(await unknown('nobody-at-all'));
    expect(await unknown('stranger')).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect(await unknown('%00')).toMatchObject({ error: { code: 70 } });
    expect((await t.app.inject({ url: `/rest/getAvatar?f=json&apiKey=${apiKey}` })).json()).toMatchObject({
      'subsonic-response': { error: { code: 10 } },
    });
  });

  it('pickVariant: the smallest variant at least as large, shrunk to the size; the largest past it', () => {
    expect(pickVariant([128, 256], 192)).toEqual({ stored: 256, size: 192 });
    expect(pickVariant([128, 256], 128)).toEqual({ stored: 128, size: 128 });
    expect(pickVariant([128, 256], 5)).toEqual({ stored: 128, size: 16 });
    expect(pickVariant([128, 256], 999)).toEqual({ stored: 256, size: 256 });
    expect(pickVariant([128, 256], undefined)).toEqual({ stored: 256, size: 256 });
  });
});
