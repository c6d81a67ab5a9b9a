import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracks } from '../../db/schema';
import { randomSongsOfGenre } from './genre-lists.service';
import { genresOf } from './genres.service';
import { clientOf, type Library, restOf, seedLibrary } from './library.fixture';

/**
 * Genres are equipment categories (decision 0771), counted over what browsing lists to me: my
 * tracks and the friend's shared ones; never the friend's private track nor the stranger's.
 */
let lib: Library;
beforeAll(async () => {
  lib = await seedLibrary();
});
afterAll(async () => lib.t.close());

const api = () => clientOf(lib);

describe('genres (decision 0771)', () => {
  it('getGenres: each category of gear on a track listed to me, with its songs and albums', async () => {
    const { genres } = await api().getGenres();
    // TR-808 on my synth and drum tracks and the shared jam (my album and the friend's); Juno-60 on
    // my synth track and the shared jam (not the friend's private one, nor the stranger's public
    // one); the sampler on the shared jam; "not defined" is no genre; the Modular FX box is only on
    // tracks I do not browse.
    expect(genres.genre).toEqual([
      { value: 'Hardware Drum Machine', songCount: 3, albumCount: 2 },
      { value: 'Hardware Sampler', songCount: 1, albumCount: 1 },
      { value: 'Hardware Synth', songCount: 2, albumCount: 2 },
    ]);
  });

  it('getSongsByGenre: the songs of a genre, newest first, with genre and genres; paged', async () => {
    const { songsByGenre } = await api().getSongsByGenre({ genre: 'Hardware Drum Machine' });
    expect(songsByGenre.song!.map((s) => s.id)).toEqual(
      [lib.ids.shared, lib.ids.drums, lib.ids.synth].map(String),
    );
    const shared = songsByGenre.song![0]! as { genre?: string; genres?: { name: string }[] };
    expect(shared.genre).toBe('Hardware Drum Machine');
    expect(shared.genres).toEqual([
      { name: 'Hardware Drum Machine' },
      { name: 'Hardware Sampler' },
      { name: 'Hardware Synth' },
    ]);
    const page = await api().getSongsByGenre({ genre: 'hardware drum machine', count: 1, offset: 1 });
    expect(page.songsByGenre.song!.map((s) => s.id)).toEqual([String(lib.ids.drums)]);
    for (const genre of ['Modular FX', 'not defined', 'Rock', 'a\u0000b']) {
      const none = await restOf(lib, `getSongsByGenre?genre=${encodeURIComponent(genre)}`);
      expect(none.songsByGenre, genre).toEqual({ song: [] });
    }
    expect((await restOf(lib, 'getSongsByGenre?x=1')).error.code).toBe(10);
    expect((await restOf(lib, 'getSongsByGenre?genre=Rock&musicFolderId=2')).error.code).toBe(70);
  });

  it('getAlbumList2 and getAlbumList byGenre: the albums with a song of the genre', async () => {
    const albums = async (genre: string) =>
      (await api().getAlbumList2({ type: 'byGenre', genre })).albumList2.album!.map((a) => a.id);
    const friend = `al-${lib.friend.userId}-${lib.year}`;
    const mine = `al-${lib.me.userId}-${lib.year}`;
    expect(await albums('Hardware Synth')).toEqual([friend, mine]);
    expect(await albums('Hardware Sampler')).toEqual([friend]);
    expect(await albums('Modular FX')).toEqual([]);
    const older = await api().getAlbumList({ type: 'byGenre', genre: 'Hardware Sampler' });
    expect(older.albumList.album!.map((a) => [a.id, a.isDir])).toEqual([[friend, true]]);
    expect((await restOf(lib, 'getAlbumList2?type=byGenre')).error.code).toBe(10);
  });

  it('getAlbumList2 byGenre: whole albums (every song of the year I browse), paged as the other lists', async () => {
    const list = async (query: Parameters<ReturnType<typeof api>['getAlbumList2']>[0]) =>
      (await api().getAlbumList2(query)).albumList2.album ?? [];
    const everyAlbum = new Map(
      (await list({ type: 'alphabeticalByArtist', size: 500 })).map((a) => [a.id, a]),
    );
    const synth = await list({ type: 'byGenre', genre: 'Hardware Synth' });
    // The same album nodes as every other list gives: the friend's two shared songs (not their
    // private one), my three of this year, though one of them only is of the genre.
    expect(synth).toEqual(synth.map((a) => everyAlbum.get(a.id)));
    expect(synth.map((a) => a.songCount)).toEqual([2, 3]);
    const mine = `al-${lib.me.userId}-${lib.year}`;
    const ids = async (size: number, offset: number) =>
      (await list({ type: 'byGenre', genre: 'hardware SYNTH', size, offset })).map((a) => a.id);
    expect(await ids(1, 1)).toEqual([mine]);
    expect(await ids(5, 2)).toEqual([]);
    expect(await ids(0, 0)).toEqual([]);
  });

  it('getRandomSongs by genre: one fair draw over my songs of it and those shared with me', async () => {
    // The drum machine is on two of my tracks and on the friend's shared jam: each a third of the
    // time, 100 of 300 draws (the bounds are over four standard deviations, 8.2, either way).
    // Drawing my half and the shared half apart and then one of the two would give the jam 150.
    const drawn = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const [song] = await randomSongsOfGenre(lib.t.db, lib.me.userId, 'Hardware Drum Machine', 1, {});
      drawn.set(song!.track.id, (drawn.get(song!.track.id) ?? 0) + 1);
    }
    expect([...drawn.keys()].sort((a, b) => a - b)).toEqual(
      [lib.ids.synth, lib.ids.drums, lib.ids.shared].sort((a, b) => a - b),
    );
    for (const [id, times] of drawn) {
      expect(times, String(id)).toBeGreaterThan(65);
      expect(times, String(id)).toBeLessThan(135);
    }
  });

  it('a shared track a moderator hid leaves the genre: no album, no song, for me; still for its owner', async () => {
    await lib.t.db.update(tracks).set({ hiddenAt: new Date() }).where(eq(tracks.id, lib.ids.shared));
    try {
      // The sampler is on the shared jam only.
      const albums = await api().getAlbumList2({ type: 'byGenre', genre: 'Hardware Sampler' });
      expect(albums.albumList2.album ?? []).toEqual([]);
      expect(
        (await api().getRandomSongs({ size: 50, genre: 'Hardware Sampler' })).randomSongs.song ?? [],
      ).toEqual([]);
      const friends = await randomSongsOfGenre(lib.t.db, lib.friend.userId, 'Hardware Sampler', 50, {});
      expect(friends.map((r) => r.track.id)).toEqual([lib.ids.shared]);
    } finally {
      await lib.t.db.update(tracks).set({ hiddenAt: null }).where(eq(tracks.id, lib.ids.shared));
    }
  });

  it('genresOf: every track its genres in one call, whoever may see them', async () => {
    const { ids } = lib;
    const found = await genresOf(lib.t.db, [ids.synth, ids.mine2025, ids.friendsPrivate, ids.bare]);
    expect(Object.fromEntries(found)).toEqual({
      [ids.synth]: ['Hardware Drum Machine', 'Hardware Synth'],
      [ids.friendsPrivate]: ['Hardware Synth', 'Modular FX'],
    });
    expect((await genresOf(lib.t.db, [])).size).toBe(0);
  });

  it('getRandomSongs by genre and years: a genre radio over what I browse; a wrong folder is 70', async () => {
    const ids = (songs: { id: string }[] | undefined) =>
      (songs ?? []).map((s) => Number(s.id)).sort((a, b) => a - b);
    const drums = await api().getRandomSongs({ size: 50, genre: 'hardware drum machine' });
    expect(ids(drums.randomSongs.song)).toEqual(
      [lib.ids.synth, lib.ids.drums, lib.ids.shared].sort((a, b) => a - b),
    );
    const lastYear = await api().getRandomSongs({ size: 50, fromYear: lib.year - 1, toYear: lib.year - 1 });
    expect(ids(lastYear.randomSongs.song)).toEqual([lib.ids.mine2025]);
    const thisYear = await api().getRandomSongs({ size: 50, fromYear: lib.year, genre: 'Hardware Synth' });
    expect(ids(thisYear.randomSongs.song)).toEqual([lib.ids.synth, lib.ids.shared].sort((a, b) => a - b));
    // Gear only on tracks I do not browse plays nothing; nor does a name no category could have.
    expect((await api().getRandomSongs({ size: 50, genre: 'Modular FX' })).randomSongs.song ?? []).toEqual(
      [],
    );
    expect((await restOf(lib, `getRandomSongs?genre=${'x'.repeat(200)}`)).randomSongs.song).toEqual([]);
    expect((await restOf(lib, 'getRandomSongs?musicFolderId=2')).error.code).toBe(70);
  });
});
