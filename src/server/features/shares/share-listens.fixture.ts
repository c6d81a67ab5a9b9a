import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ShareListens } from '../../../shared/schemas/share-listens';
import type { ShareLink } from '../../../shared/schemas/shares';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { shareListens, tracks } from '../../db/schema';

/**
 * The world of the share-listens tests (share-listens.test.ts, share-listens.leak.test.ts): an
 * owner with two tracks of round durations (100 s and 50 s) in a playlist "EP", one track outside
 * it, a stranger and a signed-out client; and the calls the tests make of it.
 */
export interface ListensWorld {
  t: TestApp;
  owner: TestClient & { userId: string };
  stranger: TestClient & { userId: string };
  anon: TestClient;
  trackA: number;
  trackB: number;
  outsider: number;
  playlistId: number;
}

async function upload(client: TestClient, name: string): Promise<number> {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) },
  );
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/** Builds the world before the file's tests (its fields are set once beforeAll has run) and closes it after. */
export function setUpListensWorld(): ListensWorld {
  const world = {} as ListensWorld;
  beforeAll(async () => {
    const t = await buildTestApp();
    world.t = t;
    world.owner = await t.signedInClient({ username: 'listened' });
    world.stranger = await t.signedInClient();
    world.anon = t.client();
    world.trackA = await upload(world.owner, 'Mix A');
    world.trackB = await upload(world.owner, 'Mix B');
    world.outsider = await upload(world.owner, 'Not in the playlist');
    // Round durations make the figures easy to check.
    await t.db.update(tracks).set({ duration: 100 }).where(eq(tracks.id, world.trackA));
    await t.db.update(tracks).set({ duration: 50 }).where(eq(tracks.id, world.trackB));
    world.playlistId = (await world.owner.post('/api/playlists', { name: 'EP' })).json().id;
    for (const trackId of [world.trackA, world.trackB]) {
      const added = await world.owner.post(`/api/playlists/${world.playlistId}/tracks`, { trackId });
      expect(added.statusCode).toBeLessThan(300);
    }
  }, 60_000);
  afterAll(async () => world.t?.close());
  return world;
}

/** The calls the tests make, on `world`. Each report speaks from an address of its own unless told. */
export function listensCalls(world: ListensWorld) {
  let address = 0;
  const nextAddress = () => {
    address += 1;
    return `10.2.${address >> 8}.${address & 255}`;
  };
  return {
    nextAddress,
    async share(body: Record<string, unknown>): Promise<ShareLink> {
      const res = await world.owner.post('/api/shares', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    /** A report as the player sends it: signed out, no CSRF token (the route is exempt, decision 0728). */
    report: (token: string, body: Record<string, unknown>, remoteAddress = nextAddress()) =>
      world.anon.request('POST', `/api/shares/by-token/${token}/listens`, {
        body,
        csrf: false,
        remoteAddress,
      }),
    /** Moves a listener's last report back in time, as if the wall clock had run on. */
    age: (shareId: number, listenerId: string, seconds: number) =>
      world.t.db
        .update(shareListens)
        .set({
          lastAt: sql`${shareListens.lastAt} - make_interval(secs => ${seconds})`,
          firstAt: sql`${shareListens.firstAt} - make_interval(secs => ${seconds})`,
        })
        .where(and(eq(shareListens.shareId, shareId), eq(shareListens.listenerId, listenerId))),
    async figures(shareId: number): Promise<ShareListens> {
      const res = await world.owner.get(`/api/shares/${shareId}/listens`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    row: async (shareId: number, listenerId: string) =>
      (
        await world.t.db
          .select()
          .from(shareListens)
          .where(and(eq(shareListens.shareId, shareId), eq(shareListens.listenerId, listenerId)))
      )[0],
  };
}
