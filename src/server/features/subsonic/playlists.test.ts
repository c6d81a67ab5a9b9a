import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { parseXml } from '../../../test/xml';
import { collectiveMembers } from '../../db/schema';

/**
 * Playlists over /rest (decision 0385): the web app's playlists and rules. Me with two tracks; a
 * friend sharing a playlist of a private track into our collective, and keeping another to
 * themselves; a stranger with a private playlist and a public one holding a private track.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let friend: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let apiKey: string;
let collectiveId: number;
const tracks = {} as Record<'one' | 'two' | 'friends' | 'strangersPublic' | 'strangersPrivate', number>;
const lists = {} as Record<'rehearsal' | 'friendsOwn' | 'strangersPrivate' | 'strangersPublic', number>;

const upload = uploadNamedTrack;
async function playlistOf(client: TestClient, name: string, trackIds: number[]): Promise<number> {
  const id = (await client.post('/api/playlists', { name })).json().id;
  for (const trackId of trackIds) await client.post(`/api/playlists/${id}/tracks`, { trackId });
  return id;
}
const api = () => subsonicClient(t.app, { apiKey });
const rest = (method: string, query: string) => restJson(t.app, apiKey, method, query);

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  friend = await t.signedInClient({ username: 'Friend' });
  stranger = await t.signedInClient({ username: 'stranger' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  tracks.one = await upload(me, 'One');
  tracks.two = await upload(me, 'Two');
  tracks.friends = await upload(friend, 'Private jam');
  tracks.strangersPublic = await upload(stranger, 'Out there');
  tracks.strangersPrivate = await upload(stranger, 'Diary');
  expect(
    (await stranger.patch(`/api/tracks/${tracks.strangersPublic}`, { visibility: 'public' })).statusCode,
  ).toBe(200);
  collectiveId = (await friend.post('/api/collectives', { name: 'Band' })).json().id;
  await t.db.insert(collectiveMembers).values({ collectiveId, userId: me.userId, role: 'member' });
  lists.rehearsal = await playlistOf(friend, 'Rehearsal', [tracks.friends]);
  expect(
    (await friend.post(`/api/playlists/${lists.rehearsal}/share`, { collectiveIds: [collectiveId] }))
      .statusCode,
  ).toBeLessThan(300);
  lists.friendsOwn = await playlistOf(friend, 'Friend only', [tracks.friends]);
  lists.strangersPrivate = await playlistOf(stranger, 'Secret list', [tracks.strangersPrivate]);
  lists.strangersPublic = await playlistOf(stranger, 'Open list', [
    tracks.strangersPrivate,
    tracks.strangersPublic,
  ]);
  expect(
    (await stranger.patch(`/api/playlists/${lists.strangersPublic}`, { isPublic: true })).statusCode,
  ).toBe(200);
});
afterAll(async () => t.close());

describe('/rest playlists (decision 0385)', () => {
  it("getPlaylists: my own, editable; the collective's, read-only; never a stranger's or an unshared one", async () => {
    const mine = await playlistOf(me, 'Mine', [tracks.two, tracks.one]);
    const { playlists } = await api().getPlaylists();
    expect(
      playlists.playlist!.map((p) => [p.name, p.owner, p.songCount, (p as { readonly?: boolean }).readonly]),
    ).toEqual([
      ['Mine', 'me', 2, false],
      ['Rehearsal', 'Friend', 1, true],
    ]);
    expect(playlists.playlist![0]).toMatchObject({ id: String(mine), public: false });
    expect((await rest('getPlaylists', 'username=Friend')).error.code).toBe(50);
  });

  it('getPlaylist: entries in order, as the web app shows them to a member (the shared private track included)', async () => {
    const mine = (await me.get('/api/playlists')).json()[0].id;
    const own = await api().getPlaylist({ id: String(mine) });
    expect(own.playlist.entry!.map((e) => e.title)).toEqual(['Two', 'One']);
    expect(own.playlist.entry![0]).toMatchObject({ id: String(tracks.two), artist: 'me', isDir: false });

    const shared = await api().getPlaylist({ id: String(lists.rehearsal) });
    const web = (await me.get(`/api/collectives/${collectiveId}/playlists/${lists.rehearsal}`)).json();
    expect(shared.playlist.entry!.map((e) => Number(e.id))).toEqual(
      web.tracks.map((tr: { id: number }) => tr.id),
    );
    expect(shared.playlist.entry!.map((e) => e.title)).toEqual(['Private jam']);

    // A stranger's public playlist opens by id, as its public page: its private track left out.
    const open = await api().getPlaylist({ id: String(lists.strangersPublic) });
    expect(open.playlist.entry!.map((e) => e.title)).toEqual(['Out there']);
    expect(JSON.stringify(open)).not.toContain('Diary');

    for (const id of [lists.strangersPrivate, lists.friendsOwn, 999999, 'x', 0]) {
      expect((await rest('getPlaylist', `id=${id}`)).error.code, String(id)).toBe(70);
    }
  });

  it('createPlaylist, updatePlaylist, deletePlaylist as the owner, the web app seeing each change', async () => {
    const created = await api().createPlaylist({
      name: 'Road trip',
      songId: [String(tracks.one), String(tracks.two)],
    });
    const id = created.playlist.id;
    expect(created.playlist.entry!.map((e) => e.title)).toEqual(['One', 'Two']);
    const webTracks = async () =>
      (await me.get(`/api/playlists/${id}`)).json().tracks.map((tr: { id: number }) => tr.id);
    expect(await webTracks()).toEqual([tracks.one, tracks.two]);

    // With playlistId: the songs are replaced.
    const replaced = await api().createPlaylist({ playlistId: id, songId: [String(tracks.two)] });
    expect(replaced.playlist.entry!.map((e) => e.title)).toEqual(['Two']);
    expect(await webTracks()).toEqual([tracks.two]);

    const updated = await rest(
      'updatePlaylist',
      `playlistId=${id}&name=Road%20trip%202&comment=Summer&public=true&songIndexToRemove=0&songIdToAdd=${tracks.one}`,
    );
    expect(updated.status).toBe('ok');
    const web = (await me.get(`/api/playlists/${id}`)).json();
    expect(web).toMatchObject({ name: 'Road trip 2', description: 'Summer', isPublic: true });
    expect(await webTracks()).toEqual([tracks.one]);

    // The web app's rules: only one's own tracks go in (70), names stay within its limits (0).
    expect((await rest('updatePlaylist', `playlistId=${id}&songIdToAdd=${tracks.friends}`)).error.code).toBe(
      70,
    );
    expect((await rest('updatePlaylist', `playlistId=${id}&songIndexToRemove=5`)).error.code).toBe(70);
    expect((await rest('createPlaylist', `name=${'x'.repeat(500)}`)).error.code).toBe(0);
    expect((await rest('createPlaylist', 'x=1')).error.code).toBe(10);
    expect(await webTracks()).toEqual([tracks.one]);

    expect((await api().deletePlaylist({ id })).status).toBe('ok');
    expect((await me.get(`/api/playlists/${id}`)).statusCode).toBe(404);
    expect((await rest('deletePlaylist', `id=${id}`)).error.code).toBe(70);
  });

  it("someone else's playlist: 50 to change one the caller sees, 70 for one they do not", async () => {
    const rehearsal = String(lists.rehearsal);
    expect((await rest('updatePlaylist', `playlistId=${rehearsal}&name=Mine%20now`)).error.code).toBe(50);
    expect((await rest('createPlaylist', `playlistId=${rehearsal}&songId=${tracks.one}`)).error.code).toBe(
      50,
    );
    expect((await rest('deletePlaylist', `id=${rehearsal}`)).error.code).toBe(50);
    expect((await rest('deletePlaylist', `id=${lists.strangersPublic}`)).error.code).toBe(50);
    expect((await rest('deletePlaylist', `id=${lists.strangersPrivate}`)).error.code).toBe(70);
    expect((await rest('updatePlaylist', `playlistId=${lists.friendsOwn}&name=x`)).error.code).toBe(70);
    const web = (await friend.get(`/api/playlists/${lists.rehearsal}`)).json();
    expect(web).toMatchObject({
      name: 'Rehearsal',
      tracks: [expect.objectContaining({ id: tracks.friends })],
    });
  });

  it('createPlaylist by form POST (formPost), songId repeated in the body', async () => {
    const post = subsonicClient(t.app, { apiKey }, { post: true });
    const created = await post.createPlaylist({
      name: 'Posted',
      songId: [String(tracks.two), String(tracks.one)],
    });
    expect(created.playlist.entry!.map((e) => e.title)).toEqual(['Two', 'One']);
    expect(created.playlist).toMatchObject({ owner: 'me', songCount: 2 });
    expect((await post.deletePlaylist({ id: created.playlist.id })).status).toBe('ok');
  });

  it('answers getPlaylist in XML, well-formed', async () => {
    const res = await t.app.inject({ url: `/rest/getPlaylist.view?apiKey=${apiKey}&id=${lists.rehearsal}` });
    const [playlist] = parseXml(res.body).children;
    expect(playlist).toMatchObject({
      name: 'playlist',
      attributes: expect.objectContaining({ readonly: 'true' }),
    });
    expect(playlist!.children.map((c) => [c.name, c.attributes.title])).toEqual([['entry', 'Private jam']]);
  });
});
