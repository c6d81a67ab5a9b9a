import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseXml } from '../../../test/xml';
import { clientOf, type Library, restOf, seedLibrary } from './library.fixture';

/**
 * The older lists (decision 0772): getAlbumList, search2 and getStarred answer the same items as
 * getAlbumList2, search3 and getStarred2, albums as directories; search answers searchResult.
 */
let lib: Library;
beforeAll(async () => {
  lib = await seedLibrary();
});
afterAll(async () => lib.t.close());

const api = () => clientOf(lib);
const asDirectory = (album: { id: string; name: string; artistId?: string; year?: number }) => ({
  id: album.id,
  isDir: true,
  title: album.name,
  album: album.name,
  parent: album.artistId,
  artistId: album.artistId,
  year: album.year,
});

describe('getAlbumList, search2 and getStarred (decision 0772)', () => {
  it('getAlbumList: getAlbumList2’s albums in its order, as directories', async () => {
    for (const type of ['newest', 'alphabeticalByArtist', 'byYear'] as const) {
      const args = { type, size: 2, offset: 1, fromYear: lib.year, toYear: lib.year - 1 };
      const { albumList2 } = await api().getAlbumList2(args);
      const { albumList } = await api().getAlbumList(args);
      expect(albumList.album, type).toEqual(
        albumList2.album!.map((a) => expect.objectContaining(asDirectory(a))),
      );
      expect(albumList.album!.length, type).toBeGreaterThan(0);
    }
    expect((await restOf(lib, 'getAlbumList?type=nonsense')).error.code).toBe(0);
    expect((await restOf(lib, 'getAlbumList?type=newest&musicFolderId=9')).error.code).toBe(70);
  });

  it("search2: search3's artists and songs, its albums as directories", async () => {
    for (const query of ['', 'demo']) {
      const { searchResult3 } = await api().search3({ query });
      const { searchResult2 } = await api().search2({ query });
      expect(searchResult2.artist ?? []).toEqual(searchResult3.artist ?? []);
      expect(searchResult2.song ?? []).toEqual(searchResult3.song ?? []);
      expect(searchResult2.album ?? []).toEqual(
        (searchResult3.album ?? []).map((a) => expect.objectContaining(asDirectory(a))),
      );
    }
    expect((await api().search2({ query: '' })).searchResult2.song!.length).toBe(6);
  });

  it("getStarred: getStarred2's stars, albums as directories, each with its date", async () => {
    const album = `al-${lib.friend.userId}-${lib.year}`;
    await restOf(lib, `star?id=${lib.ids.shared}&albumId=${album}&artistId=ar-${lib.friend.userId}`);
    const { starred2 } = await api().getStarred2();
    const { starred } = await api().getStarred();
    expect(starred.song).toEqual(starred2.song);
    expect(starred.artist).toEqual(starred2.artist);
    expect(starred.album).toEqual(starred2.album!.map((a) => expect.objectContaining(asDirectory(a))));
    expect(starred.album![0]).toMatchObject({ id: album, starred: starred2.album![0]!.starred });
    expect(starred.song!.map((s) => s.id)).toEqual([String(lib.ids.shared)]);
  });
});

describe('search, the deprecated one (decision 0772)', () => {
  it('finds my songs by their words; without words lists what browsing lists; pages with totalHits', async () => {
    const found = (await restOf(lib, 'search?any=demo')).searchResult;
    expect(found).toMatchObject({ offset: 0, totalHits: 1 });
    expect(found.match.map((m: { id: string }) => m.id)).toEqual([String(lib.ids.mine2025)]);
    // The web app's search finds one's own tracks: a shared track's words find nothing here.
    expect((await restOf(lib, 'search?title=jam')).searchResult).toMatchObject({ totalHits: 0, match: [] });
    const first = (await restOf(lib, 'search?count=4')).searchResult;
    expect(first).toMatchObject({ offset: 0, totalHits: 5 });
    const rest = (await restOf(lib, 'search?count=4&offset=4')).searchResult;
    expect(rest).toMatchObject({ offset: 4, totalHits: 6 });
    const all = [...first.match, ...rest.match].map((m: { title: string }) => m.title);
    expect(all).toEqual(['Old demo', 'Synth sketch', 'Drum loop', 'Bare idea', 'Shared jam', 'Shared riff']);
    const newer = (await restOf(lib, `search?newerThan=${Date.UTC(lib.year, 0, 1)}`)).searchResult;
    expect(newer.match.map((m: { title: string }) => m.title)).not.toContain('Old demo');
    expect(newer.match).toHaveLength(5);
  });

  it('answers in XML with match elements', async () => {
    const res = await lib.t.app.inject({ url: `/rest/search.view?apiKey=${lib.apiKey}&any=demo` });
    const [result] = parseXml(res.body).children;
    expect(result).toMatchObject({ name: 'searchResult', attributes: { offset: '0', totalHits: '1' } });
    expect(result!.children.map((c) => [c.name, c.attributes.title])).toEqual([['match', 'Old demo']]);
  });
});
