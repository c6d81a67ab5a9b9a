import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import {
  collectiveMembers,
  collectives,
  playlistCollectiveShares,
  playlists,
  playlistTracks,
  tracks,
} from '../../db/schema';

// Issue 13, sharing per track: visibility (decisions 0140-0142) and duplicate uploads (0144).
let t: TestApp;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let member: TestClient & { userId: string };

type Client = TestClient & { userId: string };

async function upload(client: Client, data: Buffer, query = '', name = 'Take') {
  return client.upload(
    `/api/tracks${query}`,
    { name },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data },
  );
}

/** Every route the shared track page uses, as one viewer sees it. */
async function seen(client: TestClient, id: number) {
  return Promise.all(
    [
      `/api/tracks/${id}`,
      `/api/tracks/${id}/stream`,
      `/api/tracks/${id}/original`,
      `/api/tracks/${id}/equipment`,
    ].map(async (url) => (await client.get(url)).statusCode),
  );
}
const OPEN = [200, 200, 200, 200];
const NOT_FOUND = [404, 404, 404, 404];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ isPublic: true });
  stranger = await t.signedInClient();
  member = await t.signedInClient();
});
afterAll(async () => t.close());

describe('track visibility (decision 0140)', () => {
  let privateId: number;
  let publicId: number;
  let sharedId: number;

  beforeAll(async () => {
    privateId = (await upload(owner, makeWav(1), '', 'Private take')).json().id;
    publicId = (await upload(owner, makeWav(1.5), '', 'Public take')).json().id;
    sharedId = (await upload(owner, makeWav(2), '', 'Shared take')).json().id;
    expect((await owner.patch(`/api/tracks/${publicId}`, { visibility: 'public' })).statusCode).toBe(200);
    // The shared track sits in a playlist shared into a collective the member belongs to.
    const [collective] = await t.db
      .insert(collectives)
      .values({ name: 'Crew', ownerId: owner.userId })
      .returning();
    await t.db.insert(collectiveMembers).values([
      { collectiveId: collective!.id, userId: owner.userId, role: 'owner' },
      { collectiveId: collective!.id, userId: member.userId },
    ]);
    const [playlist] = await t.db.insert(playlists).values({ userId: owner.userId, name: 'Set' }).returning();
    await t.db.insert(playlistTracks).values({ playlistId: playlist!.id, trackId: sharedId, position: 0 });
    await t.db
      .insert(playlistCollectiveShares)
      .values({ playlistId: playlist!.id, collectiveId: collective!.id, sharedByUserId: owner.userId });
  });

  it('a new upload is private, and its reply and the journal say so', async () => {
    const res = await upload(owner, makeWav(0.5), '', 'Fresh');
    expect(res.statusCode).toBe(201);
    expect(res.json().visibility).toBe('private');
    const list = (await owner.get('/api/tracks')).json() as { id: number; visibility: string }[];
    expect(list.find((x) => x.id === res.json().id)?.visibility).toBe('private');
    expect(list.find((x) => x.id === publicId)?.visibility).toBe('public');
    const page = (await owner.get('/api/tracks?limit=50')).json() as {
      items: { id: number; visibility: string }[];
    };
    expect(page.items.find((x) => x.id === publicId)?.visibility).toBe('public');
  });

  it('private: the owner only; signed out and a stranger get the not-found of a missing track', async () => {
    expect(await seen(owner, privateId)).toEqual(OPEN);
    expect(await seen(t.client(), privateId)).toEqual(NOT_FOUND);
    expect(await seen(stranger, privateId)).toEqual(NOT_FOUND);
    expect(await seen(member, privateId)).toEqual(NOT_FOUND);
    const missing = await t.client().get('/api/tracks/999999');
    expect((await t.client().get(`/api/tracks/${privateId}`)).json()).toEqual(missing.json());
  });

  it('public: everyone, signed out included', async () => {
    for (const viewer of [owner, stranger, member, t.client()])
      expect(await seen(viewer, publicId)).toEqual(OPEN);
    expect((await t.client().get(`/api/tracks/${publicId}`)).json()).toMatchObject({
      track: { id: publicId, visibility: 'public' },
      user: { id: owner.userId },
    });
  });

  it('private but in a playlist shared into a collective: its members keep access, nobody else', async () => {
    expect(await seen(member, sharedId)).toEqual(OPEN);
    expect(await seen(stranger, sharedId)).toEqual(NOT_FOUND);
    expect(await seen(t.client(), sharedId)).toEqual(NOT_FOUND);
  });

  it('the public profile lists only public tracks', async () => {
    const profile = (await t.client().get(`/api/public/users/${owner.userId}`)).json();
    expect(profile.tracks.map((x: { id: number }) => x.id)).toEqual([publicId]);
  });

  it('PATCH visibility: owner only, checked, and seen at once by the next signed-out request', async () => {
    const listener = t.client();
    expect((await listener.get(`/api/tracks/${publicId}/stream`, { range: 'bytes=0-9' })).statusCode).toBe(
      206,
    );
    // Someone else's track is not found; a bad value is a 400; no CSRF token, 403.
    expect((await stranger.patch(`/api/tracks/${publicId}`, { visibility: 'private' })).statusCode).toBe(404);
    expect((await member.patch(`/api/tracks/${sharedId}`, { visibility: 'public' })).statusCode).toBe(404);
    expect((await t.client().patch(`/api/tracks/${publicId}`, { visibility: 'private' })).statusCode).toBe(
      401,
    );
    const bad = await owner.patch(`/api/tracks/${publicId}`, { visibility: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/visibility/);
    const noToken = await owner.request('PATCH', `/api/tracks/${publicId}`, {
      body: { visibility: 'private' },
      csrf: false,
    });
    expect(noToken.statusCode).toBe(403);
    expect(await seen(t.client(), publicId)).toEqual(OPEN);

    const res = await owner.patch(`/api/tracks/${publicId}`, { visibility: 'private' });
    expect(res.statusCode).toBe(200);
    expect(res.json().visibility).toBe('private');
    // The stream grant kept for Range requests (decision 0066) goes with the change.
    expect((await listener.get(`/api/tracks/${publicId}/stream`, { range: 'bytes=10-19' })).statusCode).toBe(
      404,
    );
    expect((await t.client().get(`/api/public/users/${owner.userId}`)).json().tracks).toEqual([]);
    await owner.patch(`/api/tracks/${publicId}`, { visibility: 'public' });
    expect((await listener.get(`/api/tracks/${publicId}/stream`, { range: 'bytes=10-19' })).statusCode).toBe(
      206,
    );
  });
});

describe('duplicate uploads (decision 0144)', () => {
  const bytes = makeWav(0.75, 11025);

  it('stores the sha256 of the bytes taken while they streamed', async () => {
    const res = await upload(owner, bytes, '?duplicate=ask', 'First');
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(tracks).where(eq(tracks.id, res.json().id));
    expect(row!.contentHash).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('the same bytes again: 409 naming the track, and nothing is stored', async () => {
    const before = (await owner.get('/api/tracks')).json().length;
    const res = await upload(owner, bytes, '?duplicate=ask', 'Again');
    expect(res.statusCode).toBe(409);
    const first = (await owner.get('/api/tracks')).json().find((x: { name: string }) => x.name === 'First');
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'You already have \u201cFirst\u201d',
      duplicateOf: { id: first.id, name: 'First' },
    });
    expect((await owner.get('/api/tracks')).json()).toHaveLength(before);
  });

  it('keep both: a second track with the same content', async () => {
    const res = await upload(owner, bytes, '?duplicate=keep', 'Second');
    expect(res.statusCode).toBe(201);
    const names = (await owner.get('/api/tracks')).json().map((x: { name: string }) => x.name);
    expect(names).toEqual(expect.arrayContaining(['First', 'Second']));
    // Still asked about afterwards (the first of the copies is named).
    const again = await upload(owner, bytes, '?duplicate=ask', 'Third');
    expect(again.json().duplicateOf.name).toBe('First');
  });

  it('different bytes, another person’s journal, or a plain upload: no question', async () => {
    expect((await upload(owner, makeWav(0.8, 11025), '?duplicate=ask')).statusCode).toBe(201);
    expect((await upload(stranger, bytes, '?duplicate=ask')).statusCode).toBe(201);
    // The spec's plain POST keeps its 201 (decision 0144).
    expect((await upload(owner, bytes)).statusCode).toBe(201);
    expect((await upload(owner, bytes, '?duplicate=maybe')).statusCode).toBe(400);
  });
});
