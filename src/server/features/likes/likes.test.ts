import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { uploadNamedTrack } from '../../../test/subsonic-client';
import { collectiveMembers } from '../../db/schema';

/**
 * Likes (issue 26, decision 0390): me with two tracks; a friend sharing a playlist of a private track
 * into our collective; a stranger with a public track and a private one.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let friend: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
const tracks = {} as Record<'one' | 'two' | 'friends' | 'public' | 'private', number>;
let rehearsal: number;

const ids = async (client: TestClient) =>
  (await client.get('/api/user/likes/ids')).json().trackIds as number[];
const liked = async (client: TestClient, query = '') => (await client.get(`/api/user/likes${query}`)).json();
const names = async (client: TestClient) =>
  (await liked(client)).items.map((i: { track: { name: string } }) => i.track.name) as string[];

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  friend = await t.signedInClient({ username: 'friend' });
  stranger = await t.signedInClient({ username: 'stranger' });
  tracks.one = await uploadNamedTrack(me, 'One');
  tracks.two = await uploadNamedTrack(me, 'Two');
  tracks.friends = await uploadNamedTrack(friend, 'Private jam');
  tracks.public = await uploadNamedTrack(stranger, 'Out there');
  tracks.private = await uploadNamedTrack(stranger, 'Diary');
  expect((await stranger.patch(`/api/tracks/${tracks.public}`, { visibility: 'public' })).statusCode).toBe(
    200,
  );
  const collectiveId = (await friend.post('/api/collectives', { name: 'Band' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId, userId: me.userId, role: 'member' });
  rehearsal = (await friend.post('/api/playlists', { name: 'Rehearsal' })).json().id;
  await friend.post(`/api/playlists/${rehearsal}/tracks`, { trackId: tracks.friends });
  const shared = await friend.post(`/api/playlists/${rehearsal}/share`, { collectiveIds: [collectiveId] });
  expect(shared.statusCode).toBeLessThan(300);
});
afterAll(async () => t.close());

describe('likes (decision 0390)', () => {
  it('like and unlike are idempotent and answer the new state; the list is newest like first', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await me.put(`/api/tracks/${tracks.one}/like`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ liked: true });
    }
    expect((await me.put(`/api/tracks/${tracks.friends}/like`)).json()).toEqual({ liked: true });
    expect((await me.put(`/api/tracks/${tracks.public}/like`)).json()).toEqual({ liked: true });
    expect(await names(me)).toEqual(['Out there', 'Private jam', 'One']);
    expect(await ids(me)).toEqual([tracks.public, tracks.friends, tracks.one]);
    const first = (await liked(me)).items[2];
    expect(first.user).toMatchObject({ id: me.userId, username: 'me' });
    expect(first.track).toMatchObject({ id: tracks.one, name: 'One', playable: true });
    expect(Date.parse(first.likedAt)).not.toBeNaN();

    for (let i = 0; i < 2; i++) {
      const res = await me.delete(`/api/tracks/${tracks.public}/like`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ liked: false });
    }
    expect(await names(me)).toEqual(['Private jam', 'One']);
    // Likes are each person's own.
    expect(await ids(friend)).toEqual([]);
    await me.delete(`/api/tracks/${tracks.friends}/like`);
    await me.delete(`/api/tracks/${tracks.one}/like`);
  });

  it('pages with a cursor, and refuses one it did not give', async () => {
    await me.put(`/api/tracks/${tracks.one}/like`);
    await me.put(`/api/tracks/${tracks.two}/like`);
    const page1 = await liked(me, '?limit=1');
    expect(page1.items.map((i: { track: { id: number } }) => i.track.id)).toEqual([tracks.two]);
    const page2 = await liked(me, `?limit=1&cursor=${page1.nextCursor}`);
    expect(page2.items.map((i: { track: { id: number } }) => i.track.id)).toEqual([tracks.one]);
    expect(page2.nextCursor).toBeNull();
    expect((await me.get('/api/user/likes?cursor=nonsense')).statusCode).toBe(400);
    expect((await me.get('/api/user/likes?limit=0')).statusCode).toBe(400);
    await me.delete(`/api/tracks/${tracks.one}/like`);
    await me.delete(`/api/tracks/${tracks.two}/like`);
  });

  it("an outsider cannot like a private track (404, as the track's other routes), nor an unknown one", async () => {
    const res = await me.put(`/api/tracks/${tracks.private}/like`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Track not found');
    expect((await me.put('/api/tracks/999999/like')).statusCode).toBe(404);
    expect((await me.put('/api/tracks/abc/like')).statusCode).toBe(400);
    expect(await ids(me)).toEqual([]);
    // Signed out: nothing, not even whether the track exists.
    const visitor = t.client();
    expect((await visitor.get('/api/user/likes')).statusCode).toBe(401);
    expect((await visitor.request('PUT', `/api/tracks/${tracks.public}/like`)).statusCode).toBe(401);
  });

  it('a liked track made private by its owner, or unshared, leaves the list and comes back with access', async () => {
    await me.put(`/api/tracks/${tracks.public}/like`);
    await me.put(`/api/tracks/${tracks.friends}/like`);
    expect(await names(me)).toEqual(['Private jam', 'Out there']);

    expect((await stranger.patch(`/api/tracks/${tracks.public}`, { visibility: 'private' })).statusCode).toBe(
      200,
    );
    const afterPrivate = await liked(me);
    expect(afterPrivate.items.map((i: { track: { name: string } }) => i.track.name)).toEqual(['Private jam']);
    expect(JSON.stringify(afterPrivate)).not.toContain('Out there');
    expect(await ids(me)).toEqual([tracks.friends]);

    // The share removed: the friend's track goes too.
    expect((await friend.delete(`/api/playlists/${rehearsal}/tracks/${tracks.friends}`)).statusCode).toBe(
      200,
    );
    expect(await names(me)).toEqual([]);
    expect(await ids(me)).toEqual([]);

    // Public again: the like was kept, and shows again.
    await stranger.patch(`/api/tracks/${tracks.public}`, { visibility: 'public' });
    expect(await names(me)).toEqual(['Out there']);
    // Unliking works whatever became of the track.
    await stranger.patch(`/api/tracks/${tracks.public}`, { visibility: 'private' });
    expect((await me.delete(`/api/tracks/${tracks.public}/like`)).statusCode).toBe(200);
    await stranger.patch(`/api/tracks/${tracks.public}`, { visibility: 'public' });
    expect(await names(me)).toEqual([]);
  });

  it('likes go with the track when its owner deletes it', async () => {
    const gone = await uploadNamedTrack(me, 'Short-lived');
    await me.put(`/api/tracks/${gone}/like`);
    expect(await ids(me)).toEqual([gone]);
    expect((await me.delete(`/api/tracks/${gone}`)).statusCode).toBeLessThan(300);
    expect(await ids(me)).toEqual([]);
  });
});
