import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { parseXml } from '../../../test/xml';
import { collectiveMembers, tracks } from '../../db/schema';
import { songCoverArt } from './song-cover';

/**
 * Browsing as artists (owners) and albums (an owner's journal by year), decision 0385: only what the
 * web app lists to the caller. Me; a friend sharing one of two tracks into our collective; a
 * stranger with a public track and a private one.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let friend: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let apiKey: string;
const ids = {} as Record<
  'mine2025' | 'mine2026' | 'shared' | 'friendsPrivate' | 'public' | 'strangersPrivate',
  number
>;

const upload = uploadNamedTrack;
const api = () => subsonicClient(t.app, { apiKey });
async function rest(query: string) {
  const [method = '', rest = ''] = query.split('?');
  return restJson(t.app, apiKey, method, rest);
}

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  friend = await t.signedInClient({ username: 'Friend' });
  stranger = await t.signedInClient({ username: 'stranger' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  ids.mine2025 = await upload(me, 'Old demo');
  ids.mine2026 = await upload(me, 'New demo');
  // An album is a year of the journal: move the first track back a year.
  await t.db
    .update(tracks)
    .set({ createdAt: new Date('2025-06-01T12:00:00Z') })
    .where(eq(tracks.id, ids.mine2025));
  await t.db
    .update(tracks)
    .set({ createdAt: new Date('2026-03-01T12:00:00Z') })
    .where(eq(tracks.id, ids.mine2026));
  ids.shared = await upload(friend, 'Shared jam');
  ids.friendsPrivate = await upload(friend, 'Friend alone');
  ids.public = await upload(stranger, 'Public single');
  ids.strangersPrivate = await upload(stranger, 'Diary');
  expect((await stranger.patch(`/api/tracks/${ids.public}`, { visibility: 'public' })).statusCode).toBe(200);
  const collectiveId = (await friend.post('/api/collectives', { name: 'Band' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId, userId: me.userId, role: 'member' });
  const playlistId = (await friend.post('/api/playlists', { name: 'Rehearsal' })).json().id;
  await friend.post(`/api/playlists/${playlistId}/tracks`, { trackId: ids.shared });
  expect(
    (await friend.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] })).statusCode,
  ).toBeLessThan(300);
});
afterAll(async () => t.close());

describe('/rest browsing (decision 0385)', () => {
  it('getArtists: me and the friend whose track is shared with me, never the stranger', async () => {
    const { artists } = await api().getArtists();
    const tileOf = (id: number) => songCoverArt({ id, peaksKey: null });
    // No avatars: each shows the tile of their latest song the caller browses (decision 0790).
    expect(artists.index).toEqual([
      {
        name: 'F',
        artist: [{ id: `ar-${friend.userId}`, name: 'Friend', albumCount: 1, coverArt: tileOf(ids.shared) }],
      },
      {
        name: 'M',
        artist: [{ id: `ar-${me.userId}`, name: 'me', albumCount: 2, coverArt: expect.any(String) }],
      },
    ]);
    const indexes = await rest('getIndexes?x=1');
    expect(indexes.indexes.index).toEqual(artists.index);
  });

  it('getArtist: my years newest first; the friend with only the shared track; the stranger not found', async () => {
    const { artist } = await api().getArtist({ id: `ar-${me.userId}` });
    expect(artist).toMatchObject({ name: 'me', albumCount: 2 });
    expect(artist.album!.map((a) => [a.id, a.name, a.songCount, a.year])).toEqual([
      [`al-${me.userId}-2026`, 'Journal 2026', 1, 2026],
      [`al-${me.userId}-2025`, 'Journal 2025', 1, 2025],
    ]);
    const friends = await api().getArtist({ id: `ar-${friend.userId}` });
    expect(friends.artist.album!.map((a) => a.songCount)).toEqual([1]);
    for (const id of [`ar-${stranger.userId}`, 'ar-nobody', 'nonsense', 'ar-%00']) {
      expect((await rest(`getArtist?id=${id}`)).error.code, id).toBe(70);
    }
  });

  it("getAlbum: a year's songs, without storage paths; the friend's album holds only the shared track", async () => {
    const year = new Date().getUTCFullYear();
    const { album } = await api().getAlbum({ id: `al-${friend.userId}-${year}` });
    expect(album.song!.map((s) => s.title)).toEqual(['Shared jam']);
    expect(album.song![0]).toMatchObject({
      id: String(ids.shared),
      artist: 'Friend',
      album: `Journal ${year}`,
      contentType: 'audio/wav',
      suffix: 'wav',
      isDir: false,
    });
    const raw = JSON.stringify(album);
    expect(raw).not.toContain('Friend alone');
    const [stored] = await t.db
      .select({ filepath: tracks.filepath })
      .from(tracks)
      .where(eq(tracks.id, ids.shared));
    expect(raw).not.toContain(stored!.filepath);
    // A path, but a readable one (decision 0790): artist, album, title.
    expect(album.song![0]!.path).toBe(`Friend/Journal ${year}/Shared jam.wav`);
    const mine = await api().getAlbum({ id: `al-${me.userId}-2025` });
    expect(mine.album.song!.map((s) => s.title)).toEqual(['Old demo']);
    for (const id of [`al-${stranger.userId}-${year}`, `al-${me.userId}-1999`, 'al-x', `ar-${me.userId}`]) {
      expect((await rest(`getAlbum?id=${id}`)).error.code, id).toBe(70);
    }
  });

  it('getSong: what the web app opens by id (mine, shared, public); never a private one (70)', async () => {
    for (const id of [ids.mine2026, ids.shared, ids.public]) {
      expect((await api().getSong({ id: String(id) })).song.id).toBe(String(id));
    }
    for (const id of [ids.friendsPrivate, ids.strangersPrivate, 999999, 0, -1, 'abc', '99999999999']) {
      expect((await rest(`getSong?id=${id}`)).error.code, String(id)).toBe(70);
    }
    expect((await rest('getSong?x=1')).error.code).toBe(10);
  });

  it('answers the same in XML, well-formed', async () => {
    const res = await t.app.inject({ url: `/rest/getAlbum.view?apiKey=${apiKey}&id=al-${me.userId}-2026` });
    const [album] = parseXml(res.body).children;
    expect(album).toMatchObject({
      name: 'album',
      attributes: expect.objectContaining({ name: 'Journal 2026' }),
    });
    expect(album!.children.map((c) => [c.name, c.attributes.title])).toEqual([['song', 'New demo']]);
  });
});
