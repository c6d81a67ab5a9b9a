import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
