import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { collectiveMembers, equipmentTags, trackEquipmentTags, tracks } from '../../db/schema';

/**
 * A small library for the tests of issue 46's browsing methods (decision 0770 on): me, with four
 * tracks (one of 2025); a friend who shares two of three tracks into our collective; a stranger
 * with a public track and a private one; gear of several categories on them, some of it only on
 * tracks I must not see.
 */
export type Person = TestClient & { userId: string };
export interface Library {
  t: TestApp;
  me: Person;
  friend: Person;
  stranger: Person;
  apiKey: string;
  year: number;
  ids: Record<
    | 'mine2025'
    | 'synth'
    | 'drums'
    | 'bare'
    | 'shared'
    | 'riff'
    | 'friendsPrivate'
    | 'public'
    | 'strangersPrivate',
    number
  >;
}

/** Gear by name: its category (a genre, decision 0771) and the tracks it is on. */
const GEAR = {
  'Juno-60': { category: 'Hardware Synth', on: ['synth', 'shared', 'friendsPrivate', 'public'] },
  'TR-808': { category: 'Hardware Drum Machine', on: ['synth', 'drums', 'shared'] },
  'MPC 2000': { category: 'Hardware Sampler', on: ['shared'] },
  Mystery: { category: 'not defined', on: ['mine2025'] },
  'Secret box': { category: 'Modular FX', on: ['friendsPrivate', 'strangersPrivate'] },
} as const;

/** `options`: the test app's (e.g. admins for a walk through every area, src/test/sequential-scans.test.ts). */
export async function seedLibrary(options: Parameters<typeof buildTestApp>[0] = {}): Promise<Library> {
  const t = await buildTestApp(options);
  const me = await t.signedInClient({ username: 'me' });
  const friend = await t.signedInClient({ username: 'Friend' });
  const stranger = await t.signedInClient({ username: 'stranger' });
  const apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  const year = new Date().getUTCFullYear();
  const ids = {} as Library['ids'];
  // Named in upload order; each a second apart, so "newest first" is well defined.
  const uploads: [keyof Library['ids'], Person, string][] = [
    ['mine2025', me, 'Old demo'],
    ['synth', me, 'Synth sketch'],
    ['drums', me, 'Drum loop'],
    ['bare', me, 'Bare idea'],
    ['shared', friend, 'Shared jam'],
    ['riff', friend, 'Shared riff'],
    ['friendsPrivate', friend, 'Friend alone'],
    ['public', stranger, 'Public single'],
    ['strangersPrivate', stranger, 'Diary'],
  ];
  for (const [index, [key, owner, name]] of uploads.entries()) {
    ids[key] = await uploadNamedTrack(owner, name);
    const at =
      key === 'mine2025'
        ? new Date(`${year - 1}-06-01T12:00:00Z`)
        : new Date(Date.UTC(year, 0, 1, 12, 0, index));
    await t.db.update(tracks).set({ createdAt: at }).where(eq(tracks.id, ids[key]));
  }
  // Gear on a track puts it on the equipment pages, where anyone may open it, unless kept off them.
  for (const key of ['friendsPrivate', 'strangersPrivate'] as const) {
    await t.db.update(tracks).set({ shareToEquipmentPages: false }).where(eq(tracks.id, ids[key]));
  }
  const publish = await stranger.patch(`/api/tracks/${ids.public}`, { visibility: 'public' });
  if (publish.statusCode !== 200) throw new Error(`publish answered ${publish.statusCode}`);
  const collectiveId = (await friend.post('/api/collectives', { name: 'Band' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId, userId: me.userId, role: 'member' });
  const playlistId = (await friend.post('/api/playlists', { name: 'Rehearsal' })).json().id;
  for (const trackId of [ids.shared, ids.riff])
    await friend.post(`/api/playlists/${playlistId}/tracks`, { trackId });
  await friend.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
  for (const [name, { category, on }] of Object.entries(GEAR)) {
    const [tag] = await t.db.insert(equipmentTags).values({ name, category }).returning();
    await t.db
      .insert(trackEquipmentTags)
      .values(on.map((key) => ({ trackId: ids[key], equipmentTagId: tag!.id })));
  }
  return { t, me, friend, stranger, apiKey, year, ids };
}

/** The library's `subsonic-api` client (mine) and raw `f=json` calls for errors. */
export const clientOf = (lib: Library) => subsonicClient(lib.t.app, { apiKey: lib.apiKey });
export async function restOf(lib: Library, query: string) {
  const [method = '', rest = ''] = query.split('?');
  return restJson(lib.t.app, lib.apiKey, method, rest);
}
