import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, uploadNamedTrack } from '../../../test/subsonic-client';
import { parseXml } from '../../../test/xml';
import { equipmentTags, trackEquipmentTags } from '../../db/schema';

/**
 * What every reply carries of a song, album or artist whichever method lists it: the caller's
 * `userRating` (decision 0784, marked on the whole reply beside `starred`) and a song's genres from
 * its gear (decision 0771, in songNodes).
 */
let t: TestApp;
let me: TestClient & { userId: string };
let apiKey: string;
let rated: number;
let plain: number;
let playlistId: number;

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'rater' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  rated = await uploadNamedTrack(me, 'Rated take');
  plain = await uploadNamedTrack(me, 'Plain take');
  const [synth] = await t.db
    .insert(equipmentTags)
    .values({ name: 'Juno-60', category: 'Hardware Synth' })
    .returning();
  const [drums] = await t.db
    .insert(equipmentTags)
    .values({ name: 'TR-909', category: 'Hardware Drum Machine' })
    .returning();
  await t.db.insert(trackEquipmentTags).values([
    { trackId: rated, equipmentTagId: synth!.id },
    { trackId: rated, equipmentTagId: drums!.id },
  ]);
  playlistId = (await me.post('/api/playlists', { name: 'Marks' })).json().id;
  await me.post(`/api/playlists/${playlistId}/tracks`, { trackId: rated });
  const year = new Date().getUTCFullYear();
  for (const [id, rating] of [
    [rated, 4],
    [`al-${me.userId}-${year}`, 5],
    [`ar-${me.userId}`, 3],
  ] as const) {
    expect((await rest('setRating', `id=${id}&rating=${rating}`)).status).toBe('ok');
  }
  expect((await rest('savePlayQueue', `id=${rated}&id=${plain}&current=${rated}`)).status).toBe('ok');
});
afterAll(async () => t.close());

const rest = (method: string, query = '') => restJson(t.app, apiKey, method, query);
type Song = { id: string; userRating?: number; genre?: string; genres?: { name: string }[] };
const marks = (songs: Song[]) =>
  Object.fromEntries(
    songs.map((s) => [s.id, { userRating: s.userRating, genre: s.genre, genres: s.genres }]),
  );
const expected = () => ({
  [String(rated)]: {
    userRating: 4,
    genre: 'Hardware Drum Machine',
    genres: [{ name: 'Hardware Drum Machine' }, { name: 'Hardware Synth' }],
  },
  [String(plain)]: { userRating: undefined, genre: undefined, genres: [] },
});

describe('userRating and genres wherever songs, albums and artists are listed', () => {
  it('getAlbum, getArtist, getArtists: the album, the artist and each song', async () => {
    const year = new Date().getUTCFullYear();
    const { album } = await rest('getAlbum', `id=al-${me.userId}-${year}`);
    expect(album.userRating).toBe(5);
    expect(marks(album.song)).toEqual(expected());
    const { artist } = await rest('getArtist', `id=ar-${me.userId}`);
    expect(artist.userRating).toBe(3);
    expect(artist.album[0].userRating).toBe(5);
    const { artists } = await rest('getArtists');
    expect(artists.index[0].artist[0].userRating).toBe(3);
  });

  it('getSong, search3, getRandomSongs, getPlaylist, getPlayQueue and getMusicDirectory', async () => {
    expect(marks([(await rest('getSong', `id=${rated}`)).song])).toEqual({ [rated]: expected()[rated] });
    expect(marks((await rest('search3', 'query=')).searchResult3.song)).toEqual(expected());
    expect(marks((await rest('getRandomSongs', 'size=10')).randomSongs.song)).toEqual(expected());
    expect(marks((await rest('getPlaylist', `id=${playlistId}`)).playlist.entry)).toEqual({
      [rated]: expected()[rated],
    });
    expect(marks((await rest('getPlayQueue')).playQueue.entry)).toEqual(expected());
    const year = new Date().getUTCFullYear();
    expect(marks((await rest('getMusicDirectory', `id=al-${me.userId}-${year}`)).directory.child)).toEqual(
      expected(),
    );
  });

  it('in XML the same: attributes and one genres element per genre', async () => {
    const res = await t.app.inject({ url: `/rest/getSong?apiKey=${apiKey}&id=${rated}` });
    const [song] = parseXml(res.body).children;
    expect(song!.attributes).toMatchObject({ userRating: '4', genre: 'Hardware Drum Machine' });
    expect(song!.children.filter((child) => child.name === 'genres').map((g) => g.attributes.name)).toEqual([
      'Hardware Drum Machine',
      'Hardware Synth',
    ]);
  });

  it('a rating removed (0) leaves the nodes unrated', async () => {
    expect((await rest('setRating', `id=${rated}&rating=0`)).status).toBe('ok');
    expect((await rest('getSong', `id=${rated}`)).song.userRating).toBeUndefined();
  });
});
