import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseXml } from '../../../test/xml';
import { clientOf, type Library, restOf, seedLibrary } from './library.fixture';

/** getMusicDirectory (decision 0770): the folder tree is getIndexes → getArtist → getAlbum's. */
let lib: Library;
beforeAll(async () => {
  lib = await seedLibrary();
});
afterAll(async () => lib.t.close());

const api = () => clientOf(lib);

describe('getMusicDirectory (decision 0770)', () => {
  it('the music folder lists the artists getIndexes lists, as directories', async () => {
    const { indexes } = await api().getIndexes();
    const { directory } = await api().getMusicDirectory({ id: '1' });
    const indexed = indexes.index!.flatMap((i) => i.artist!.map((a) => [a.id, a.name]));
    expect(directory.child!.map((c) => [c.id, c.title])).toEqual(indexed);
    expect(directory).toMatchObject({ id: '1', name: 'Journal' });
    for (const child of directory.child!) expect(child).toMatchObject({ isDir: true, parent: '1' });
  });

  it("an artist's directory holds getArtist's albums, an album's getAlbum's songs", async () => {
    for (const person of [lib.me, lib.friend]) {
      const artistId = `ar-${person.userId}`;
      const { artist } = await api().getArtist({ id: artistId });
      const dir = (await api().getMusicDirectory({ id: artistId })).directory;
      expect(dir).toMatchObject({ id: artistId, name: artist.name, parent: '1' });
      expect(dir.child!.map((c) => c.id)).toEqual(artist.album!.map((a) => a.id));
      for (const [i, child] of dir.child!.entries()) {
        const album = artist.album![i]!;
        expect(child).toMatchObject({
          isDir: true,
          parent: artistId,
          title: album.name,
          artist: album.artist,
          year: album.year,
        });
        const { album: full } = await api().getAlbum({ id: album.id });
        const songs = (await api().getMusicDirectory({ id: album.id })).directory;
        expect(songs).toMatchObject({ id: album.id, name: album.name, parent: artistId });
        expect(songs.child!.map((s) => [s.id, s.title, s.isDir, s.parent])).toEqual(
          full.song!.map((s) => [s.id, s.title, false, album.id]),
        );
      }
    }
  });

  it("the friend's album holds only the shared tracks; the stranger's music is not found", async () => {
    const { directory } = await api().getMusicDirectory({ id: `al-${lib.friend.userId}-${lib.year}` });
    expect(directory.child!.map((c) => c.title)).toEqual(['Shared jam', 'Shared riff']);
    const strangers = [`ar-${lib.stranger.userId}`, `al-${lib.stranger.userId}-${lib.year}`];
    for (const id of [...strangers, `al-${lib.me.userId}-1999`, String(lib.ids.synth), '2', 'ar-', 'x']) {
      expect((await restOf(lib, `getMusicDirectory?id=${id}`)).error.code, id).toBe(70);
    }
    expect((await restOf(lib, 'getMusicDirectory?x=1')).error.code).toBe(10);
  });

  it('answers in XML with directory children', async () => {
    const res = await lib.t.app.inject({
      url: `/rest/getMusicDirectory.view?apiKey=${lib.apiKey}&id=ar-${lib.me.userId}`,
    });
    const [directory] = parseXml(res.body).children;
    expect(directory!.name).toBe('directory');
    expect(directory!.children.map((c) => [c.name, c.attributes.title, c.attributes.isDir])).toEqual([
      ['child', `Journal ${lib.year}`, 'true'],
      ['child', `Journal ${lib.year - 1}`, 'true'],
    ]);
  });
});
