import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { shareWithMember, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { tracks } from '../../db/schema';
import { LocalDiskStore } from '../../storage/local-disk-store';

/**
 * The world of the cover-art and song-field tests (decision 0790): an owner with three tracks
 * uploaded in this order, the first processed by hand (peaks in the store, a duration), the second
 * shared with a member through a collective playlist, the third public; an outsider.
 */
export interface CoverWorld {
  t: TestApp;
  store: LocalDiskStore;
  owner: TestClient & { userId: string };
  ids: { first: number; shared: number; open: number };
  /** The first track's peaks key. */
  peaksKey: string;
  api: Record<'owner' | 'member' | 'outsider', () => SubsonicAPI>;
  keys: Record<'owner' | 'member' | 'outsider', string>;
  year: number;
  /** Gives a track peaks (loud everywhere) and a duration, as processing would; the peaks key. */
  givePeaks(trackId: number, duration?: number): Promise<string>;
  /** getCoverArt by raw inject: the bytes and headers as they are (304 included). */
  cover(
    who: 'owner' | 'member' | 'outsider',
    id: string,
    size?: number,
    etag?: string,
  ): Promise<LightMyRequestResponse>;
}

export function coverWorld(): CoverWorld {
  const world = {} as CoverWorld;
  beforeAll(async () => {
    const t = await buildTestApp();
    world.t = t;
    world.store = new LocalDiskStore(path.join(t.dataDir, 'files'));
    world.year = new Date().getUTCFullYear();
    const owner = await t.signedInClient({ username: 'tileowner' });
    const member = await t.signedInClient({ username: 'tilemember' });
    const outsider = await t.signedInClient({ username: 'tileoutsider' });
    world.owner = owner;
    world.ids = {
      first: await uploadNamedTrack(owner, 'First take'),
      shared: await uploadNamedTrack(owner, 'Shared take'),
      open: await uploadNamedTrack(owner, 'Open take'),
    };
    await shareWithMember(t, owner, member, world.ids.shared);
    await owner.patch(`/api/tracks/${world.ids.open}`, { visibility: 'public' });
    world.givePeaks = async (trackId, duration = 1) => {
      const key = `tracks/${randomUUID()}.peaks.json`;
      const local = path.join(t.dataDir, `peaks-${randomUUID()}.json`);
      const peaks = Array.from({ length: 200 }, (_, i) => (i % 2 ? 1 : -1));
      writeFileSync(local, JSON.stringify({ duration, peaks }));
      await world.store.putFile(key, local);
      await t.db
        .update(tracks)
        .set({ processingState: 'ready', originalPlayable: true, peaksKey: key, duration })
        .where(eq(tracks.id, trackId));
      return key;
    };
    world.peaksKey = await world.givePeaks(world.ids.first);
    const keyOf = async (client: TestClient) =>
      (await client.post('/api/user/api-keys', { name: 'Player' })).json().key as string;
    world.keys = { owner: await keyOf(owner), member: await keyOf(member), outsider: await keyOf(outsider) };
    world.api = {
      owner: () => subsonicClient(t.app, { apiKey: world.keys.owner }),
      member: () => subsonicClient(t.app, { apiKey: world.keys.member }),
      outsider: () => subsonicClient(t.app, { apiKey: world.keys.outsider }),
    };
    world.cover = (who, id, size, etag) =>
      t.app.inject({
        url: `/rest/getCoverArt?f=json&id=${encodeURIComponent(id)}&apiKey=${world.keys[who]}${size === undefined ? '' : `&size=${size}`}`,
        headers: etag ? { 'if-none-match': etag } : {},
      });
  }, 60_000);
  afterAll(async () => world.t?.close());
  return world;
}
