import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { playlists } from '../../db/schema';

let t: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };
let aliceTracks: number[];
let bobTrack: number;

const uploadTrack = async (client: TestClient, name: string) =>
  (
    await client.upload(
      '/api/tracks',
      { name },
      { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) },
    )
  ).json().id as number;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await t.signedInClient();
  bob = await t.signedInClient();
  aliceTracks = [];
  for (const name of ['one', 'two', 'three', 'four']) aliceTracks.push(await uploadTrack(alice, name));
  bobTrack = await uploadTrack(bob, 'bobs');
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(playlists);
});

const create = async (client: TestClient, body: object = { name: 'Late Night' }) =>
  client.post('/api/playlists', body);
const detail = async (client: TestClient, id: number) => (await client.get(`/api/playlists/${id}`)).json();
const order = async (id: number) =>
  (await detail(alice, id)).tracks.map((tr: { id: number; position: number }) => [tr.id, tr.position]);
async function playlistWith(trackIds: number[]) {
  const id = (await create(alice)).json().id as number;
  for (const trackId of trackIds)
    expect((await alice.post(`/api/playlists/${id}/tracks`, { trackId })).statusCode).toBe(201);
  return id;
}

describe('create, read, edit', () => {
  it('creates with a trimmed name and an omitted empty description, and lists newest first', async () => {
    const first = await create(alice, { name: '  Late Night  ', description: '   ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Late Night',
      description: null,
      isPublic: false,
      imageUrl: null,
      userId: alice.userId,
    });
    const second = (await create(alice, { name: 'Morning', description: ' Calm ' })).json();
    expect(second.description).toBe('Calm');
    const list = (await alice.get('/api/playlists')).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Morning', 'Late Night']);
    expect((await bob.get('/api/playlists')).json()).toEqual([]);
  });

  it('refuses an empty name with the spec’s words', async () => {
    const res = await create(alice, { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Please enter a playlist name');
  });

  it('reads a playlist with its tracks in order, with equipment, in a constant number of queries', async () => {
    const small = await playlistWith(aliceTracks.slice(0, 1));
    const big = await playlistWith(aliceTracks);
    t.queries.length = 0;
    await detail(alice, small);
    const few = t.queries.length;
    t.queries.length = 0;
    const full = await detail(alice, big);
    expect(t.queries.length).toBe(few);
    expect(full.tracks.map((tr: { id: number }) => tr.id)).toEqual(aliceTracks);
    expect(full.tracks[0]).toMatchObject({
      name: 'one',
      position: 0,
      equipment: [],
      addedAt: expect.any(String),
    });
  });

  it('edits name and description; an empty description clears it', async () => {
    const id = (await create(alice, { name: 'A', description: 'x' })).json().id;
    const res = await alice.patch(`/api/playlists/${id}`, { name: ' B ', description: '' });
    expect(res.json()).toMatchObject({ name: 'B', description: null });
    expect((await alice.patch(`/api/playlists/${id}`, { name: '' })).statusCode).toBe(400);
  });

  it('a stranger gets 404 for every playlist route and changes nothing', async () => {
    const id = await playlistWith([aliceTracks[0]!]);
    expect((await bob.get(`/api/playlists/${id}`)).statusCode).toBe(404);
    expect((await bob.patch(`/api/playlists/${id}`, { name: 'mine' })).statusCode).toBe(404);
    expect((await bob.post(`/api/playlists/${id}/tracks`, { trackId: bobTrack })).statusCode).toBe(404);
    expect((await bob.delete(`/api/playlists/${id}/tracks/${aliceTracks[0]}`)).statusCode).toBe(404);
    expect(
      (await bob.put(`/api/playlists/${id}/reorder`, [{ trackId: aliceTracks[0], position: 0 }])).statusCode,
    ).toBe(404);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    expect(
      (
        await bob.upload(
          `/api/playlists/${id}/image`,
          {},
          { field: 'image', name: 'x.png', type: 'image/png', data: png },
        )
      ).statusCode,
    ).toBe(404);
    expect((await detail(alice, id)).name).toBe('Late Night');
    expect((await t.client().get(`/api/playlists/${id}`)).statusCode).toBe(401);
  });
});

describe('tracks in a playlist', () => {
  it('adds only the caller’s own tracks, never twice', async () => {
    const id = await playlistWith([aliceTracks[0]!]);
    expect((await alice.post(`/api/playlists/${id}/tracks`, { trackId: bobTrack })).statusCode).toBe(404);
    const again = await alice.post(`/api/playlists/${id}/tracks`, { trackId: aliceTracks[0] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ added: false });
    expect((await detail(alice, id)).tracks).toHaveLength(1);
  });

  it('removing a track closes the gap in positions', async () => {
    const id = await playlistWith(aliceTracks);
    expect((await alice.delete(`/api/playlists/${id}/tracks/${aliceTracks[1]}`)).statusCode).toBe(200);
    expect(await order(id)).toEqual([
      [aliceTracks[0], 0],
      [aliceTracks[2], 1],
      [aliceTracks[3], 2],
    ]);
    expect((await alice.delete(`/api/playlists/${id}/tracks/${aliceTracks[1]}`)).statusCode).toBe(404);
  });
});

describe('PUT /api/playlists/{id}/reorder', () => {
  it('applies the new order with dense positions', async () => {
    const id = await playlistWith(aliceTracks);
    const [a, b, c, d] = aliceTracks as [number, number, number, number];
    const res = await alice.put(`/api/playlists/${id}/reorder`, [
      { trackId: d, position: 10 },
      { trackId: b, position: 20 },
      { trackId: a, position: 30 },
      { trackId: c, position: 40 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await order(id)).toEqual([
      [d, 0],
      [b, 1],
      [a, 2],
      [c, 3],
    ]);
  });

  it('refuses an order that does not match the playlist’s tracks', async () => {
    const id = await playlistWith(aliceTracks.slice(0, 3));
    const [a, b, c] = aliceTracks as [number, number, number];
    const bad = [
      [
        { trackId: a, position: 0 },
        { trackId: b, position: 1 },
      ], // one missing
      [
        { trackId: a, position: 0 },
        { trackId: b, position: 1 },
        { trackId: aliceTracks[3], position: 2 },
      ], // a stranger
      [
        { trackId: a, position: 0 },
        { trackId: a, position: 1 },
        { trackId: b, position: 2 },
      ], // twice
      [
        { trackId: a, position: 0 },
        { trackId: b, position: 0 },
        { trackId: c, position: 1 },
      ], // same position
    ];
    for (const body of bad) {
      const res = await alice.put(`/api/playlists/${id}/reorder`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/exactly the playlist's tracks/);
    }
    expect((await alice.put(`/api/playlists/${id}/reorder`, { tracks: [] })).statusCode).toBe(400);
    expect(await order(id)).toEqual([
      [a, 0],
      [b, 1],
      [c, 2],
    ]);
  });

  it('two reorders racing leave one of the two orders, complete and dense', async () => {
    const id = await playlistWith(aliceTracks);
    const forward = aliceTracks.map((trackId, position) => ({ trackId, position }));
    const backward = [...aliceTracks].reverse().map((trackId, position) => ({ trackId, position }));
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([
        alice.put(`/api/playlists/${id}/reorder`, forward),
        alice.put(`/api/playlists/${id}/reorder`, backward),
        alice.post(`/api/playlists/${id}/tracks`, { trackId: aliceTracks[0] }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const final = (await order(id)) as [number, number][];
      expect(final.map(([, p]) => p)).toEqual([0, 1, 2, 3]);
      const ids = final.map(([trackId]) => trackId);
      expect([aliceTracks, [...aliceTracks].reverse()]).toContainEqual(ids);
    }
  });
});

describe('POST /api/playlists/{id}/image', () => {
  const uploadImage = (client: TestClient, id: number, data: Buffer, type = 'image/jpeg') =>
    client.upload(`/api/playlists/${id}/image`, {}, { field: 'image', name: 'cover.jpg', type, data });

  it('writes square webp variants without metadata, served with a year-long cache, new URL per upload', async () => {
    const id = (await create(alice)).json().id;
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3355aa' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    const res = await uploadImage(alice, id, photo);
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(/^\/api\/images\/playlists\/[0-9a-f-]{36}$/);
    for (const size of [128, 256]) {
      const variant = await t.client().get(`${imageUrl}-${size}.webp`);
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(variant.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
      expect(meta.exif).toBeUndefined();
    }
    const again = (await uploadImage(alice, id, photo)).json();
    expect(again.imageUrl).not.toBe(imageUrl);
    // The replaced image's files are gone (once the outbox is drained, decision 0095).
    await waitForBlobDeletions(t.db);
    expect((await t.client().get(`${imageUrl}-128.webp`)).statusCode).toBe(404);
    expect(readdirSync(path.join(t.dataDir, 'files', 'images', 'playlists'))).toHaveLength(2);
  });

  it('refuses a file that is not an image, whatever its declared type, and keeps the old cover', async () => {
    const id = (await create(alice)).json().id;
    const res = await uploadImage(alice, id, Buffer.from('<svg onload=alert(1)>'.repeat(20)), 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Please select an image file');
    expect((await detail(alice, id)).imageUrl).toBeNull();
  });
});
