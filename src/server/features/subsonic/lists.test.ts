import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, shareWithMember, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { parseXml } from '../../../test/xml';
import { tracks } from '../../db/schema';
import { randomSongs } from './lists.service';

/**
 * search3, getAlbumList2 and getRandomSongs (decision 0385). Me with a track in 2025 and one in
 * 2026; a friend (public profile) sharing one track into our collective; a stranger (public
 * profile) whose private track's name matches the same search.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let friend: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let apiKey: string;
const ids = {} as Record<'bass' | 'cello' | 'shared' | 'strangers', number>;

async function upload(client: TestClient, name: string, createdAt: string): Promise<number> {
  const id = await uploadNamedTrack(client, name);
  await t.db
    .update(tracks)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(tracks.id, id));
  return id;
}
const api = () => subsonicClient(t.app, { apiKey });
const rest = (method: string, query: string) => restJson(t.app, apiKey, method, query);

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  friend = await t.signedInClient({ username: 'moogfriend', isPublic: true });
  stranger = await t.signedInClient({ username: 'moogstranger', isPublic: true });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  ids.bass = await upload(me, 'Moog bass', '2025-06-01T12:00:00Z');
  ids.cello = await upload(me, 'Cello take', '2026-03-01T12:00:00Z');
  ids.shared = await upload(friend, 'Moog shared', '2026-09-01T12:00:00Z');
  ids.strangers = await upload(stranger, 'Moog secret', '2026-10-01T12:00:00Z');
  await shareWithMember(t, friend, me, ids.shared, 'Rehearsal');
});
afterAll(async () => t.close());

describe('/rest lists and search (decision 0385)', () => {
  it('search3: what the web app finds for me (my own track), never a stranger or their private track', async () => {
    const { searchResult3 } = await api().search3({ query: 'moog' });
    const web = (await me.get('/api/search?q=moog')).json();
    expect(searchResult3.song!.map((s) => Number(s.id))).toEqual(
      web.tracks.map((tr: { id: number }) => tr.id),
    );
    expect(searchResult3.song!.map((s) => s.title)).toEqual(['Moog bass']);
    // People the search finds who are also artists I browse: the friend, not the stranger.
    expect(searchResult3.artist!.map((a) => a.id)).toEqual([`ar-${friend.userId}`]);
    expect(searchResult3.album ?? []).toEqual([]);
    const raw = JSON.stringify(searchResult3);
    expect(raw).not.toContain('Moog secret');
    expect(raw).not.toContain(stranger.userId);
    const paged = await api().search3({ query: 'moog', songCount: 0, artistCount: 1, artistOffset: 1 });
    expect([paged.searchResult3.song ?? [], paged.searchResult3.artist ?? []]).toEqual([[], []]);
    expect((await rest('search3', 'x=1')).error.code).toBe(10);
  });

  it('search3 with an empty query lists what browsing lists (a client syncing the library)', async () => {
    const { searchResult3 } = await api().search3({ query: '""', songCount: 500 });
    expect(searchResult3.song!.map((s) => s.title)).toEqual(['Moog bass', 'Cello take', 'Moog shared']);
    expect(searchResult3.album!.map((a) => a.id)).toEqual([
      `al-${me.userId}-2025`,
      `al-${me.userId}-2026`,
      `al-${friend.userId}-2026`,
    ]);
    expect(searchResult3.artist!.map((a) => a.name)).toEqual(['me', 'moogfriend']);
  });

  it('getAlbumList2: newest and alphabetical orders, size and offset; recent and starred empty for now', async () => {
    const list = async (type: 'newest' | 'alphabeticalByName' | 'alphabeticalByArtist', extra = {}) =>
      (await api().getAlbumList2({ type, ...extra })).albumList2.album!.map((a) => a.id);
    const [mine2025, mine2026, friends] = [
      `al-${me.userId}-2025`,
      `al-${me.userId}-2026`,
      `al-${friend.userId}-2026`,
    ];
    expect(await list('newest')).toEqual([friends, mine2026, mine2025]);
    expect(await list('alphabeticalByName')).toEqual([mine2025, mine2026, friends]);
    expect(await list('alphabeticalByArtist')).toEqual([mine2025, mine2026, friends]);
    expect(await list('newest', { size: 1, offset: 1 })).toEqual([mine2026]);
    for (const type of ['recent', 'frequent', 'starred'] as const) {
      expect((await api().getAlbumList2({ type })).albumList2.album ?? [], type).toEqual([]);
    }
    const random = await api().getAlbumList2({ type: 'random' });
    expect(random.albumList2.album!.map((a) => a.id).sort()).toEqual([mine2025, mine2026, friends].sort());
    expect((await rest('getAlbumList2', 'x=1')).error.code).toBe(10);
    expect((await rest('getAlbumList2', 'type=bogus')).error.code).toBe(0);
    expect((await rest('getAlbumList2', 'type=newest&size=-1')).error.code).toBe(0);
  });

  it('getRandomSongs: at most size, only tracks I browse', async () => {
    expect((await api().getRandomSongs({ size: 2 })).randomSongs.song).toHaveLength(2);
    const all = await api().getRandomSongs({ size: 50 });
    expect(all.randomSongs.song!.map((s) => Number(s.id)).sort((a, b) => a - b)).toEqual(
      [ids.bass, ids.cello, ids.shared].sort((a, b) => a - b),
    );
  });

  it('getRandomSongs: one draw over everything I browse, however my own and shared tracks split', async () => {
    // Two of mine, one shared with me: a fair draw of one song picks mine two times in three.
    // Drawing each half apart and then one of the two would pick mine half the time (150 of 300;
    // the bound is over four standard deviations from 200 either way).
    let mine = 0;
    for (let i = 0; i < 300; i++) {
      const [song] = await randomSongs(t.db, me.userId, 1);
      if (song!.track.userId === me.userId) mine++;
    }
    expect(mine).toBeGreaterThan(165);
    expect(mine).toBeLessThan(235);
  });

  it('answers search3 in XML, well-formed', async () => {
    const res = await t.app.inject({ url: `/rest/search3.view?apiKey=${apiKey}&query=cello` });
    const [result] = parseXml(res.body).children;
    expect(result!.name).toBe('searchResult3');
    expect(result!.children.map((c) => [c.name, c.attributes.title])).toEqual([['song', 'Cello take']]);
  });
});
