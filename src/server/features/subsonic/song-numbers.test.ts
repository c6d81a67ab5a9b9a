import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadNamedTrack } from '../../../test/subsonic-client';
import { tracks, users } from '../../db/schema';
import { type Owner, ownerColumns, toOwner } from './browse.service';
import { type Library, seedLibrary } from './library.fixture';
import { songNodes } from './song-nodes';

/**
 * A song's track number is its place in its album (its owner's UTC year), oldest first, among what
 * the caller browses (decision 0793), whichever songs are asked together: counted before the songs'
 * first and numbered from it (decision 0891). Checked against that rule worked out here, over
 * albums spanning two years, tracks sharing a second, others' tracks shared, hidden or not shared.
 */
let lib: Library;
type Track = typeof tracks.$inferSelect;
/** Whole rows: the rule below reads `hiddenAt`, which a song node does not. */
type FullSongRow = { track: Track; owner: Owner };
let listed: (track: Track) => boolean;
const allIds: number[] = [];

beforeAll(async () => {
  lib = await seedLibrary();
  const { t, me, friend, year } = lib;
  const extra: [typeof me, string, Date][] = [];
  for (let i = 0; i < 10; i++)
    // Pairs of my tracks share a second: the id breaks the tie.
    extra.push([me, `Mine ${i}`, new Date(Date.UTC(year - (i % 2), 2, 1, 0, 0, Math.floor(i / 2)))]);
  for (let i = 0; i < 6; i++)
    extra.push([friend, `Theirs ${i}`, new Date(Date.UTC(year - (i % 2), 1, 1 + i))]);
  const friendsExtra: number[] = [];
  for (const [who, name, at] of extra) {
    const id = await uploadNamedTrack(who, name);
    await t.db.update(tracks).set({ createdAt: at }).where(eq(tracks.id, id));
    if (who === friend) friendsExtra.push(id);
  }
  // Four of the friend's new tracks join the shared playlist; one of those is hidden by a moderator.
  const playlist = (await friend.get('/api/playlists')).json()[0].id;
  for (const trackId of friendsExtra.slice(0, 4))
    await friend.post(`/api/playlists/${playlist}/tracks`, { trackId });
  await t.db.update(tracks).set({ hiddenAt: new Date() }).where(eq(tracks.id, friendsExtra[1]!));
  const sharedIds = new Set([lib.ids.shared, lib.ids.riff, ...friendsExtra.slice(0, 4)]);
  listed = (track) =>
    track.userId === me.userId ||
    (track.userId === friend.userId && sharedIds.has(track.id) && !track.hiddenAt);
  allIds.push(...(await t.db.select({ id: tracks.id }).from(tracks)).map((row) => row.id));
}, 120_000);

afterAll(() => lib?.t.close());

async function songRows(ids: number[]): Promise<FullSongRow[]> {
  const rows = await lib.t.db
    .select({ track: tracks, owner: ownerColumns })
    .from(tracks)
    .innerJoin(users, eq(users.id, tracks.userId))
    .where(inArray(tracks.id, ids));
  const byId = new Map(rows.map((row) => [row.track.id, { track: row.track, owner: toOwner(row.owner) }]));
  return ids.map((id) => byId.get(id)!);
}

/** The rule itself: 1 + the listed tracks of the same owner and year before it. */
function expectedNumber(all: FullSongRow[], song: FullSongRow): number | undefined {
  if (!listed(song.track)) return undefined;
  const year = song.track.createdAt.getUTCFullYear();
  const before = (a: typeof song.track) =>
    a.createdAt.getTime() < song.track.createdAt.getTime() ||
    (a.createdAt.getTime() === song.track.createdAt.getTime() && a.id < song.track.id);
  return (
    1 +
    all.filter(
      ({ track }) =>
        track.userId === song.track.userId &&
        track.createdAt.getUTCFullYear() === year &&
        listed(track) &&
        before(track),
    ).length
  );
}

describe('Subsonic track numbers', () => {
  it('number any set of songs as their place in their album among what the caller browses', async () => {
    const everything = await songRows(allIds);
    expect(everything.filter(({ track }) => listed(track)).length).toBeGreaterThan(15);
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(allIds, { minLength: 1 }), async (ids) => {
        const rows = await songRows(ids);
        const nodes = await songNodes(lib.t.db, lib.me.userId, rows);
        expect(nodes.map((node) => node.track)).toEqual(rows.map((row) => expectedNumber(everything, row)));
      }),
      { numRuns: 60 },
    );
  });
});
