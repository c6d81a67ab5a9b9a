import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { parseXml } from '../../../test/xml';
import { collectiveMembers } from '../../db/schema';

/**
 * star, unstar and getStarred2 (decision 0390), through the third-party client: me with two tracks;
 * a friend sharing one track into our collective; a stranger whose tracks are private.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let friend: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let apiKey: string;
const ids = {} as Record<'one' | 'two' | 'shared' | 'strangers', number>;
const year = new Date().getUTCFullYear();

const api = () => subsonicClient(t.app, { apiKey });
const rest = (method: string, query: string) => restJson(t.app, apiKey, method, query);
const webLikes = async () => (await me.get('/api/user/likes/ids')).json().trackIds as number[];

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  friend = await t.signedInClient({ username: 'friend' });
  stranger = await t.signedInClient({ username: 'stranger' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  ids.one = await uploadNamedTrack(me, 'One');
  ids.two = await uploadNamedTrack(me, 'Two');
  ids.shared = await uploadNamedTrack(friend, 'Shared jam');
  ids.strangers = await uploadNamedTrack(stranger, 'Diary');
  const collectiveId = (await friend.post('/api/collectives', { name: 'Band' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId, userId: me.userId, role: 'member' });
  const playlistId = (await friend.post('/api/playlists', { name: 'Rehearsal' })).json().id;
  await friend.post(`/api/playlists/${playlistId}/tracks`, { trackId: ids.shared });
  await friend.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [collectiveId] });
});
afterAll(async () => t.close());

describe('/rest stars (decision 0390)', () => {
  it('star a song, an album and an artist: getStarred2 lists them, the web app shows the song liked, unstar removes them', async () => {
    const friendsAlbum = `al-${friend.userId}-${year}`;
    const friendArtist = `ar-${friend.userId}`;
    expect(
      (await api().star({ id: String(ids.shared), albumId: friendsAlbum, artistId: friendArtist })).status,
    ).toBe('ok');
    // Again: no change, no error.
    expect((await api().star({ id: String(ids.shared) })).status).toBe('ok');

    const { starred2 } = await api().getStarred2();
    expect(starred2.song!.map((s) => [s.id, s.title])).toEqual([[String(ids.shared), 'Shared jam']]);
    expect(starred2.album!.map((a) => a.id)).toEqual([friendsAlbum]);
    expect(starred2.artist!.map((a) => [a.id, a.name])).toEqual([[friendArtist, 'friend']]);
    for (const node of [starred2.song![0]!, starred2.album![0]!, starred2.artist![0]!]) {
      expect(node.starred).toBeInstanceOf(Date);
      expect(Date.now() - (node.starred as Date).getTime()).toBeLessThan(60_000);
    }
    // The same like as the web app's heart.
    expect(await webLikes()).toEqual([ids.shared]);

    // Elsewhere, what I starred carries `starred`; what I did not, nothing.
    expect((await api().getSong({ id: String(ids.shared) })).song.starred).toBeInstanceOf(Date);
    expect((await api().getSong({ id: String(ids.one) })).song.starred).toBeUndefined();
    const album = (await api().getAlbum({ id: friendsAlbum })).album;
    expect(album.starred).toBeInstanceOf(Date);
    expect(album.song!.map((s) => Boolean(s.starred))).toEqual([true]);
    const artist = (await api().getArtist({ id: friendArtist })).artist;
    expect(artist.starred).toBeInstanceOf(Date);
    const everything = (await api().search3({ query: '' })).searchResult3;
    expect(everything.song!.filter((s) => s.starred).map((s) => s.id)).toEqual([String(ids.shared)]);
    expect(everything.album!.filter((a) => a.starred).map((a) => a.id)).toEqual([friendsAlbum]);
    expect(everything.artist!.filter((a) => a.starred).map((a) => a.id)).toEqual([friendArtist]);
    const starredAlbums = await api().getAlbumList2({ type: 'starred' });
    expect(starredAlbums.albumList2.album!.map((a) => a.id)).toEqual([friendsAlbum]);

    expect(
      (await api().unstar({ id: String(ids.shared), albumId: friendsAlbum, artistId: friendArtist })).status,
    ).toBe('ok');
    const after = (await api().getStarred2()).starred2;
    expect([after.song ?? [], after.album ?? [], after.artist ?? []]).toEqual([[], [], []]);
    expect(await webLikes()).toEqual([]);
    expect((await api().getAlbumList2({ type: 'starred' })).albumList2.album ?? []).toEqual([]);
  });

  it('a heart in the web app is a star in the apps; several songs star at once, ids as older clients send them too', async () => {
    expect((await me.put(`/api/tracks/${ids.one}/like`)).statusCode).toBe(200);
    expect((await api().getStarred2()).starred2.song!.map((s) => s.id)).toEqual([String(ids.one)]);
    // A playlist's entries carry it too.
    const playlistId = (await me.post('/api/playlists', { name: 'Mine' })).json().id;
    for (const trackId of [ids.two, ids.one])
      await me.post(`/api/playlists/${playlistId}/tracks`, { trackId });
    const { playlist } = await api().getPlaylist({ id: String(playlistId) });
    expect(playlist.entry!.map((e) => [e.title, e.starred instanceof Date])).toEqual([
      ['Two', false],
      ['One', true],
    ]);
    await api().star({ id: [String(ids.two), `al-${me.userId}-${year}`, `ar-${me.userId}`] });
    const { starred2 } = await api().getStarred2();
    expect(starred2.song!.map((s) => s.id).sort()).toEqual([String(ids.one), String(ids.two)].sort());
    expect(starred2.album!.map((a) => a.id)).toEqual([`al-${me.userId}-${year}`]);
    expect(starred2.artist!.map((a) => a.id)).toEqual([`ar-${me.userId}`]);
    await api().unstar({
      id: [String(ids.one), String(ids.two), `al-${me.userId}-${year}`, `ar-${me.userId}`],
    });
    expect(await webLikes()).toEqual([]);
  });

  it('star of what I may not browse is 70 and stars nothing; no id is 10', async () => {
    for (const query of [
      `id=${ids.strangers}`,
      `id=${ids.one}&id=${ids.strangers}`,
      'id=999999',
      'id=abc',
      `albumId=al-${stranger.userId}-${year}`,
      `albumId=al-${me.userId}-1999`,
      'albumId=nonsense',
      `artistId=ar-${stranger.userId}`,
      'artistId=ar-nobody',
    ]) {
      expect((await rest('star', query)).error?.code, query).toBe(70);
    }
    expect((await rest('star', '')).error.code).toBe(10);
    expect((await rest('unstar', '')).error.code).toBe(10);
    expect(await webLikes()).toEqual([]);
    const { starred2 } = await api().getStarred2();
    expect([starred2.song ?? [], starred2.album ?? [], starred2.artist ?? []]).toEqual([[], [], []]);
  });

  it('a starred song, album and artist no longer reachable leave getStarred2 and every node', async () => {
    await api().star({
      id: String(ids.shared),
      albumId: `al-${friend.userId}-${year}`,
      artistId: `ar-${friend.userId}`,
    });
    // The friend takes the track out of the shared playlist.
    const playlistId = (await friend.get('/api/playlists')).json()[0].id;
    expect((await friend.delete(`/api/playlists/${playlistId}/tracks/${ids.shared}`)).statusCode).toBe(200);
    const { starred2 } = await api().getStarred2();
    expect([starred2.song ?? [], starred2.album ?? [], starred2.artist ?? []]).toEqual([[], [], []]);
    expect(JSON.stringify(starred2)).not.toContain('Shared jam');
    await api().unstar({
      id: String(ids.shared),
      albumId: `al-${friend.userId}-${year}`,
      artistId: `ar-${friend.userId}`,
    });
  });

  it('XML: getStarred2 is well-formed, in the protocol namespace, with starred attributes', async () => {
    await api().star({ id: String(ids.one) });
    const res = await t.app.inject({ url: `/rest/getStarred2.view?apiKey=${apiKey}` });
    const doc = parseXml(res.body);
    expect(doc.uri).toBe('http://subsonic.org/restapi');
    const song = doc.children.find((c) => c.name === 'starred2')?.children[0];
    expect(song?.name).toBe('song');
    expect(song?.attributes.id).toBe(String(ids.one));
    expect(song?.attributes.starred).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await api().unstar({ id: String(ids.one) });
  });
});
