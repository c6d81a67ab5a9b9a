import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, shareWithMember, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { nowPlaying, trackPlays, tracks } from '../../db/schema';

/**
 * scrobble, getNowPlaying and getAlbumList2 recent/frequent (decision 0395), through the npm client
 * `subsonic-api`. Me with tracks in 2025 and 2026, a friend sharing one into our collective, a
 * stranger's private track.
 */
type Client = TestClient & { userId: string };
let t: TestApp;
let me: Client;
let friend: Client;
let stranger: Client;
let apiKey: string;
let friendsKey: string;
const ids = {} as Record<'old' | 'new' | 'shared' | 'strangers', number>;

async function upload(client: TestClient, name: string, createdAt: string) {
  const id = await uploadNamedTrack(client, name);
  await t.db
    .update(tracks)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(tracks.id, id));
  return id;
}
const api = (key = apiKey) => subsonicClient(t.app, { apiKey: key });
const albums = async (type: 'recent' | 'frequent') =>
  ((await api().getAlbumList2({ type })).albumList2.album ?? []).map((a) => a.id);
const minutesAgo = (m: number) => Date.now() - m * 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  friend = await t.signedInClient({ username: 'friend' });
  stranger = await t.signedInClient({ username: 'stranger' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  friendsKey = (await friend.post('/api/user/api-keys', { name: 'App' })).json().key;
  ids.old = await upload(me, 'Old take', '2025-05-01T12:00:00Z');
  ids.new = await upload(me, 'New take', '2026-02-01T12:00:00Z');
  ids.shared = await upload(friend, 'Shared take', '2026-03-01T12:00:00Z');
  ids.strangers = await upload(stranger, 'Secret take', '2026-04-01T12:00:00Z');
  await shareWithMember(t, friend, me, ids.shared, 'Set');
});
afterAll(async () => t.close());

describe('/rest scrobble and now playing (decision 0395)', () => {
  it('submission=true records plays at their times: the web app shows them, recent and frequent albums follow', async () => {
    expect(await albums('recent')).toEqual([]);
    // The old take three times, long ago; the shared one once, more recently; repeated ids and times.
    await api().scrobble({ id: String(ids.old), time: minutesAgo(300) });
    await api().scrobble({ id: String(ids.old), time: minutesAgo(200) });
    await api().scrobble({ id: [String(ids.old), String(ids.shared)], time: undefined });
    const raw = await restJson(
      t.app,
      apiKey,
      'scrobble',
      `id=${ids.shared}&time=${minutesAgo(100)}&time=1&c=DSub`,
    );
    expect(raw.status).toBe('ok');
    const web = (await me.get('/api/user/recent')).json().items as {
      track: { id: number };
      plays: number;
      playedAt: string;
    }[];
    // Both last played now, the shared one a moment after the old one (the order of the ids).
    expect(web.map((i) => [i.track.id, i.plays])).toEqual([
      [ids.shared, 2],
      [ids.old, 3],
    ]);
    const rows = await t.db.select().from(trackPlays).where(eq(trackPlays.userId, me.userId));
    expect(new Set(rows.map((r) => r.client))).toEqual(new Set(['subsonic-api', 'DSub']));
    // The latest of the old take's plays came with no time: now.
    expect(Date.now() - new Date(web[0]!.playedAt).getTime()).toBeLessThan(60_000);

    const [mine2025, friends2026] = [`al-${me.userId}-2025`, `al-${friend.userId}-2026`];
    expect(await albums('recent')).toEqual([friends2026, mine2025]);
    expect(await albums('frequent')).toEqual([mine2025, friends2026]);
    await api().scrobble({ id: String(ids.shared), time: minutesAgo(150) });
    await api().scrobble({ id: String(ids.shared), time: minutesAgo(50) });
    expect(await albums('frequent')).toEqual([friends2026, mine2025]);
    expect(await albums('recent')).toEqual([friends2026, mine2025]);
    // Song nodes carry my own plays of them (getSong, getAlbum).
    const { song } = await api().getSong({ id: String(ids.shared) });
    expect(song.playCount).toBe(4);
    expect(Date.now() - new Date(song.played!).getTime()).toBeLessThan(60_000);
    const { album } = await api().getAlbum({ id: `al-${me.userId}-2026` });
    expect(album.song!.map((s) => [s.title, s.playCount, s.played])).toEqual([['New take', 0, undefined]]);
    // My 2026 album was never played: in neither list.
    expect(await albums('recent')).not.toContain(`al-${me.userId}-2026`);
  });

  it('a time in the future is capped to now; a repeat within the track length is not counted', async () => {
    await t.db.delete(trackPlays);
    await api().scrobble({ id: String(ids.new), time: Date.now() + 86_400_000 });
    await api().scrobble({ id: String(ids.new) });
    const rows = await t.db.select().from(trackPlays).where(eq(trackPlays.userId, me.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.playedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await restJson(t.app, apiKey, 'scrobble', `id=${ids.new}&time=soon`)).error.code).toBe(0);
  });

  it('a song the caller cannot hear is 70 and nothing of the request is recorded', async () => {
    await t.db.delete(trackPlays);
    for (const query of [`id=${ids.strangers}`, `id=${ids.new}&id=${ids.strangers}`, 'id=abc', 'id=0']) {
      expect((await restJson(t.app, apiKey, 'scrobble', query)).error.code, query).toBe(70);
      expect((await restJson(t.app, apiKey, 'scrobble', `${query}&submission=false`)).error.code).toBe(70);
    }
    expect((await restJson(t.app, apiKey, 'scrobble', '')).error.code).toBe(10);
    expect(await t.db.select().from(trackPlays)).toEqual([]);
    expect(await t.db.select().from(nowPlaying)).toEqual([]);
  });

  it('submission=false: getNowPlaying shows it to the caller only, until the track and a margin have passed', async () => {
    await api().scrobble({ id: String(ids.shared), submission: false });
    const { nowPlaying: mine } = await api().getNowPlaying();
    expect(mine.entry).toHaveLength(1);
    const [entry] = mine.entry!;
    expect(entry).toMatchObject({
      id: String(ids.shared),
      title: 'Shared take',
      username: 'me',
      minutesAgo: 0,
      playerName: 'subsonic-api',
    });
    expect(Number.isInteger(entry!.playerId)).toBe(true);
    // Not a play: Recently played is unchanged.
    expect(await t.db.select().from(trackPlays)).toEqual([]);
    // The friend owns the track and shares a collective with me: still not told what I play.
    expect((await api(friendsKey).getNowPlaying()).nowPlaying.entry ?? []).toEqual([]);
    // Long ago (a 1 s track, started 11 minutes ago): gone.
    await t.db.update(nowPlaying).set({ startedAt: new Date(minutesAgo(11)) });
    expect((await api().getNowPlaying()).nowPlaying.entry ?? []).toEqual([]);
    // A new report replaces the player's row rather than adding one.
    await api().scrobble({ id: String(ids.new), submission: false });
    const again = (await api().getNowPlaying()).nowPlaying.entry!;
    expect(again.map((e) => e.title)).toEqual(['New take']);
    expect(await t.db.select().from(nowPlaying)).toHaveLength(1);
  });
});
