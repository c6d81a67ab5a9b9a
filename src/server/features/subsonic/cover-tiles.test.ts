import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { waitForBlobDeletions } from '../../../test/blob-deletions';
import { uploadNamedTrack } from '../../../test/subsonic-client';
import { trackVersions } from '../../db/schema';
import { tileKey, tileKeysOf } from '../../media/waveform-tile';
import { coverWorld } from './song-cover.fixture';

/**
 * Cover art for everything (issue 46, decision 0790): a song's picture is its waveform tile, drawn
 * from its peaks on first request and stored beside them; an album, an artist and a playlist
 * without a picture of their own show one of their songs' tiles. getCoverArt serves each at most
 * at the size asked, with an ETag, to whoever may hear the track and to nobody else.
 */
const w = coverWorld();

// What the client's types name (Child, AlbumID3, Playlist…) as far as these checks read them.
type Node = { coverArt?: string; id?: unknown; name?: unknown; title?: unknown };

/** The picture: 200, WebP, square, `size` pixels; then 304 for its ETag. */
async function expectPicture(id: string, size: number) {
  const res = await w.cover('owner', id, size);
  expect(res.statusCode, id).toBe(200);
  expect(res.headers['content-type'], id).toBe('image/webp');
  const meta = await sharp(res.rawPayload).metadata();
  expect([meta.format, meta.width, meta.height], id).toEqual(['webp', size, size]);
  const again = await w.cover('owner', id, size, String(res.headers.etag));
  expect(again.statusCode, id).toBe(304);
  return res;
}

describe('/rest cover art: every song, album, artist and playlist', () => {
  it('has a coverArt id in every method that lists it, and getCoverArt serves each', async () => {
    const api = w.api.owner();
    const artistId = `ar-${w.owner.userId}`;
    const { album } = await api.getAlbum({ id: `al-${w.owner.userId}-${w.year}` });
    const { artist } = await api.getArtist({ id: artistId });
    const { artists } = await api.getArtists();
    const listId = (await w.owner.post('/api/playlists', { name: 'Cover list' })).json().id;
    await w.owner.post(`/api/playlists/${listId}/tracks`, { trackId: w.ids.shared });
    await w.owner.post('/api/playlists', { name: 'Empty list' });
    const { playlists } = await api.getPlaylists();
    const { playlist } = await api.getPlaylist({ id: String(listId) });
    const { searchResult3 } = await api.search3({ query: '' });
    await api.star({ id: String(w.ids.first), albumId: album.id, artistId });
    const { starred2 } = await api.getStarred2();

    const songs = album.song as Node[];
    // Oldest first: the album shows its first song's tile, the artist their latest song's.
    expect(songs.map((s) => s.title)).toEqual(['First take', 'Shared take', 'Open take']);
    expect(album.coverArt).toBe(songs[0]!.coverArt);
    expect(artist.coverArt).toBe(songs[2]!.coverArt);
    expect(artist.album?.[0]?.coverArt).toBe(album.coverArt);
    expect(playlist.coverArt).toBe((playlist.entry as Node[])[0]!.coverArt);
    const lists = playlists.playlist as Node[];
    expect(lists.find((p) => p.name === 'Cover list')?.coverArt).toBe(playlist.coverArt);
    expect(lists.find((p) => p.name === 'Empty list')?.coverArt).toBe('blank');
    for (const [i, song] of songs.entries()) {
      expect(song.coverArt).toMatch(new RegExp(`^tr-${[w.ids.first, w.ids.shared, w.ids.open][i]}-`));
    }

    const nodes: [string, Node[]][] = [
      ['getAlbum', [album, ...songs]],
      ['getArtist', [artist, ...(artist.album ?? [])]],
      ['getArtists', artists.index?.flatMap((i) => i.artist ?? []) ?? []],
      ['getPlaylists', lists],
      ['getPlaylist', [playlist, ...((playlist.entry as Node[]) ?? [])]],
      ['search3 artists', searchResult3.artist ?? []],
      ['search3 albums', searchResult3.album ?? []],
      ['search3 songs', searchResult3.song ?? []],
      ['getStarred2', [...(starred2.artist ?? []), ...(starred2.album ?? []), ...(starred2.song ?? [])]],
    ];
    const ids = new Set<string>();
    for (const [method, list] of nodes) {
      expect(list.length, method).toBeGreaterThan(0);
      for (const node of list) {
        expect(node.coverArt, `${method} ${String(node.id)}`).toEqual(expect.any(String));
        ids.add(node.coverArt!);
      }
    }
    for (const id of ids) await expectPicture(id, 100);
  });

  it('a tile is drawn from the peaks at the size asked, stored, and read again from the store', async () => {
    const { song } = await w.api.owner().getSong({ id: String(w.ids.first) });
    const id = song.coverArt!;
    for (const [size, width] of [
      [64, 64],
      [100, 100],
      [2000, 1024],
      [undefined, 1024],
    ] as const) {
      const res = await w.cover('owner', id, size);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height], String(size)).toEqual([width, width]);
    }
    // 100 was made from the stored 128: both are in the store now, beside the peaks.
    for (const size of [64, 128, 1024]) expect(await w.store.stat(tileKey(w.peaksKey, size)!)).toBeDefined();
    expect(await w.store.stat(tileKey(w.peaksKey, 256)!)).toBeUndefined();

    // Loud peaks draw tall bars; a track without peaks (still processing) gets a flat line.
    const { song: pending } = await w.api.owner().getSong({ id: String(w.ids.shared) });
    const pixelsOf = async (coverId: string) =>
      sharp((await w.cover('owner', coverId, 128)).rawPayload)
        .raw()
        .toBuffer({ resolveWithObject: true });
    const loud = await pixelsOf(id);
    const flat = await pixelsOf(pending.coverArt!);
    // How green the band well above the middle line is: bars reach it only when the track is loud.
    const green = ({ data, info }: typeof loud) => {
      let sum = 0;
      for (let y = 16; y < 40; y += 1)
        for (let x = 0; x < info.width; x += 1) sum += data[(y * info.width + x) * info.channels + 1]!;
      return sum / (24 * info.width);
    };
    expect(green(loud)).toBeGreaterThan(green(flat) + 40);
    expect(green(flat)).toBeLessThan(40);

    // Later requests read the stored tile: gone peaks change nothing.
    const before = (await w.cover('owner', id, 128)).rawPayload;
    await w.store.delete(w.peaksKey);
    expect((await w.cover('owner', id, 128)).rawPayload.equals(before)).toBe(true);
  });

  it('new peaks (a new version) give a new coverArt id and ETag', async () => {
    const trackId = await uploadNamedTrack(w.owner, 'Versioned take');
    await w.givePeaks(trackId);
    const before = (await w.api.owner().getSong({ id: String(trackId) })).song.coverArt!;
    const etag = String((await w.cover('owner', before, 64)).headers.etag);
    await w.givePeaks(trackId, 2);
    const after = (await w.api.owner().getSong({ id: String(trackId) })).song.coverArt!;
    expect(after).not.toBe(before);
    expect((await w.cover('owner', after, 64, etag)).statusCode).toBe(200);
  });

  it("a tile is the caller's only when the track is theirs to hear: otherwise 70, as for no track at all", async () => {
    const songs = (await w.api.owner().getAlbum({ id: `al-${w.owner.userId}-${w.year}` })).album.song!;
    const tile = (trackId: number) => songs.find((s) => s.id === String(trackId))!.coverArt!;
    const nothing = (await w.cover('member', 'tr-2000000000-0123456789')).json();
    expect(nothing['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 70 } });
    const outcomes = {
      member: { first: 70, shared: 200, open: 200 },
      outsider: { first: 70, shared: 70, open: 200 },
    } as const;
    for (const [who, expected] of Object.entries(outcomes) as [
      keyof typeof outcomes,
      Record<string, number>,
    ][]) {
      for (const [kind, outcome] of Object.entries(expected)) {
        const res = await w.cover(who, tile(w.ids[kind as keyof typeof w.ids]), 64);
        if (outcome === 200) {
          expect(res.headers['content-type'], `${who} ${kind}`).toBe('image/webp');
        } else {
          const { serverVersion, ...envelope } = res.json()['subsonic-response'];
          const { serverVersion: _, ...none } = nothing['subsonic-response'];
          expect({ serverVersion, ...envelope }, `${who} ${kind}`).toEqual({ serverVersion, ...none });
          expect(res.headers.etag).toBeUndefined();
        }
      }
    }
    // What the member browses shows nothing of the track they may not hear, its tile included.
    const theirs = await w.t.app.inject({
      url: `/rest/getAlbum?f=json&id=al-${w.owner.userId}-${w.year}&apiKey=${w.keys.member}`,
    });
    expect(theirs.body).not.toContain(`tr-${w.ids.first}-`);
    expect(theirs.json()['subsonic-response'].album.coverArt).toBe(tile(w.ids.shared));
  });

  it('deleting a track removes its tiles with its peaks', async () => {
    const trackId = await uploadNamedTrack(w.owner, 'Doomed take');
    const peaksKey = await w.givePeaks(trackId);
    const id = (await w.api.owner().getSong({ id: String(trackId) })).song.coverArt!;
    for (const size of [64, 512]) expect((await w.cover('owner', id, size)).statusCode).toBe(200);
    expect(await w.store.stat(tileKey(peaksKey, 512)!)).toBeDefined();
    expect((await w.owner.delete(`/api/tracks/${trackId}`)).statusCode).toBe(200);
    await waitForBlobDeletions(w.t.db);
    for (const key of [peaksKey, ...tileKeysOf(peaksKey)])
      expect(await w.store.stat(key), key).toBeUndefined();
    expect((await w.cover('owner', id, 64)).json()['subsonic-response'].error.code).toBe(70);
  });

  it("an earlier version keeps its tiles with its peaks, and they go when the version's row goes", async () => {
    const trackId = await uploadNamedTrack(w.owner, 'Revised take');
    const oldPeaks = await w.givePeaks(trackId);
    const oldId = (await w.api.owner().getSong({ id: String(trackId) })).song.coverArt!;
    expect((await w.cover('owner', oldId, 256)).statusCode).toBe(200);
    // A new version, as the upload does it: the current results move onto the replaced version's row.
    await w.t.db
      .insert(trackVersions)
      .values({ trackId, version: 1, filename: 'Revised take.wav', size: 1, peaksKey: oldPeaks });
    const newPeaks = await w.givePeaks(trackId, 2);
    await waitForBlobDeletions(w.t.db);
    expect(await w.store.stat(tileKey(oldPeaks, 256)!), 'still the version’s').toBeDefined();
    expect((await w.api.owner().getSong({ id: String(trackId) })).song.coverArt).not.toBe(oldId);

    await w.t.db.delete(trackVersions).where(eq(trackVersions.trackId, trackId));
    await w.t.app.kickBlobDeletions();
    await waitForBlobDeletions(w.t.db);
    for (const key of [oldPeaks, ...tileKeysOf(oldPeaks)])
      expect(await w.store.stat(key), key).toBeUndefined();
    expect(await w.store.stat(newPeaks)).toBeDefined();
  });
});
