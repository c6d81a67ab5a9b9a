import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackPlayCounts } from '../../../shared/schemas/plays';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { uploadNamedTrack } from '../../../test/subsonic-client';
import { collectiveMembers, trackPlays, tracks } from '../../db/schema';
import { minPlayGapSeconds } from './plays.service';

/**
 * Plays, Recently played and play counts (decision 0395). The owner shares a playlist with a track
 * into two collectives: Band A (listeners a1, a2, and both, a member of both) and Band B (b1, both).
 * An outsider is in neither.
 */
type Client = TestClient & { userId: string };
let t: TestApp;
let owner: Client;
let a1: Client;
let a2: Client;
let b1: Client;
let both: Client;
let outsider: Client;
let shared: number;
let other: number;
const band = {} as Record<'a' | 'b', number>;

const play = (client: TestClient, id: number) => client.post(`/api/tracks/${id}/plays`);
const recent = async (client: TestClient) =>
  (await client.get('/api/user/recent')).json().items as {
    track: { id: number; name: string };
    plays: number;
  }[];
/** Plays of one track by one person, spaced out so the flood guard lets each count. */
async function playsAt(userId: string, trackId: number, count: number, startMinutesAgo = 60) {
  for (let i = 0; i < count; i++) {
    await t.db.insert(trackPlays).values({
      userId,
      trackId,
      client: 'web',
      playedAt: new Date(Date.now() - (startMinutesAgo - i) * 60_000),
    });
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.signedInClient({ username: 'owner' });
  [a1, a2, b1, both, outsider] = (await Promise.all(
    ['a1', 'a2', 'b1', 'both', 'outsider'].map((username) => t.signedInClient({ username })),
  )) as [Client, Client, Client, Client, Client];
  shared = await uploadNamedTrack(owner, 'Shared take');
  other = await uploadNamedTrack(owner, 'Public take');
  await owner.patch(`/api/tracks/${other}`, { visibility: 'public' });
  band.a = (await owner.post('/api/collectives', { name: 'Band A' })).json().id;
  band.b = (await owner.post('/api/collectives', { name: 'Band B' })).json().id;
  const join = (collectiveId: number, c: Client) =>
    t.db.insert(collectiveMembers).values({ collectiveId, userId: c.userId, role: 'member' });
  for (const c of [a1, a2, both]) await join(band.a, c);
  for (const c of [b1, both]) await join(band.b, c);
  const playlistId = (await owner.post('/api/playlists', { name: 'Rehearsal' })).json().id;
  await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId: shared });
  await owner.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [band.a, band.b] });
});
afterAll(async () => t.close());

describe('plays (decision 0395)', () => {
  it('counts a play of a track the listener may hear; 404 for an outsider or no such track', async () => {
    expect((await play(a1, shared)).statusCode).toBe(204);
    expect((await play(outsider, shared)).statusCode).toBe(404);
    expect((await play(a1, 999_999)).statusCode).toBe(404);
    expect((await t.client().post(`/api/tracks/${shared}/plays`)).statusCode).toBe(401);
    const rows = await t.db.select().from(trackPlays).where(eq(trackPlays.trackId, shared));
    expect(rows.map((r) => [r.userId, r.client])).toEqual([[a1.userId, 'web']]);
  });

  it('flood guard: the same track again sooner than its duration allows is not counted', async () => {
    const before = (await t.db.select().from(trackPlays).where(eq(trackPlays.userId, a2.userId))).length;
    expect((await play(a2, shared)).statusCode).toBe(204);
    // At once too (the per person and track lock), and still 204: the player need not know.
    const replies = await Promise.all([play(a2, shared), play(a2, shared)]);
    expect(replies.map((r) => r.statusCode)).toEqual([204, 204]);
    const rows = await t.db.select().from(trackPlays).where(eq(trackPlays.userId, a2.userId));
    expect(rows.length - before).toBe(1);
    // Once the track's length has passed, another listen counts (a track on repeat).
    const [row] = rows;
    await t.db
      .update(trackPlays)
      .set({ playedAt: new Date(Date.now() - 60_000) })
      .where(eq(trackPlays.id, row!.id));
    await play(a2, shared);
    expect((await t.db.select().from(trackPlays).where(eq(trackPlays.userId, a2.userId))).length).toBe(2);
    expect(minPlayGapSeconds(200)).toBe(180);
    expect(minPlayGapSeconds(null)).toBe(30);
  });

  it('Recently played: newest first, each track once, and a track that became private leaves it', async () => {
    const listener = await t.signedInClient({ username: 'listener' });
    await t.db
      .insert(collectiveMembers)
      .values({ collectiveId: band.a, userId: listener.userId, role: 'member' });
    await playsAt(listener.userId, shared, 2, 90);
    await playsAt(listener.userId, other, 1, 30);
    expect((await recent(listener)).map((r) => [r.track.name, r.plays])).toEqual([
      ['Public take', 1],
      ['Shared take', 2],
    ]);
    await playsAt(listener.userId, shared, 1, 5);
    expect((await recent(listener)).map((r) => r.track.name)).toEqual(['Shared take', 'Public take']);
    // The public track goes private: the listener may no longer hear it, so it leaves the list.
    await owner.patch(`/api/tracks/${other}`, { visibility: 'private' });
    expect((await recent(listener)).map((r) => r.track.name)).toEqual(['Shared take']);
    // Leaving the collective takes the shared one too.
    await t.db.delete(collectiveMembers).where(eq(collectiveMembers.userId, listener.userId));
    expect(await recent(listener)).toEqual([]);
    expect((await t.client().get('/api/user/recent')).statusCode).toBe(401);
  });

  it('play counts: the owner sees plays and distinct listeners per collective; nobody else does', async () => {
    await t.db.delete(trackPlays);
    await playsAt(a1.userId, shared, 3);
    await playsAt(a2.userId, shared, 1);
    await playsAt(b1.userId, shared, 2);
    await playsAt(both.userId, shared, 1);
    await playsAt(owner.userId, shared, 5);
    const res = await owner.get(`/api/tracks/${shared}/plays`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 7,
      listeners: 4,
      collectives: [
        { id: band.a, name: 'Band A', listeners: 3, plays: 5 },
        { id: band.b, name: 'Band B', listeners: 2, plays: 3 },
      ],
    } satisfies TrackPlayCounts);
    expect(JSON.stringify(res.json())).not.toContain(a1.userId);
    for (const c of [a1, outsider]) expect((await c.get(`/api/tracks/${shared}/plays`)).statusCode).toBe(404);
    // A track never played, shared nowhere: zeros.
    expect((await owner.get(`/api/tracks/${other}/plays`)).json()).toEqual({
      total: 0,
      listeners: 0,
      collectives: [],
    });
    const [row] = await t.db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, shared));
    expect(row).toBeDefined();
  });
});
