import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, shareWithMember, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { parseXml } from '../../../test/xml';
import { PLAY_STATE_LIMITS } from './play-state-limits';

/**
 * The play queue (issue 46, decision 0781) through the third-party client: me on two devices (two
 * API keys), with two tracks of my own and a friend's track shared into our collective; a stranger
 * whose track is private.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let friend: TestClient & { userId: string };
const keys = { phone: '', desktop: '' };
const ids = {} as Record<'one' | 'two' | 'shared' | 'strangers', number>;

const device = (name: keyof typeof keys) => subsonicClient(t.app, { apiKey: keys[name] });
const rest = (method: string, query: string) => restJson(t.app, keys.phone, method, query);
const queueIds = async () =>
  ((await device('desktop').getPlayQueue()).playQueue?.entry ?? []).map((e) => e.id);

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  friend = await t.signedInClient({ username: 'friend' });
  const stranger = await t.signedInClient({ username: 'stranger' });
  keys.phone = (await me.post('/api/user/api-keys', { name: 'Phone' })).json().key;
  keys.desktop = (await me.post('/api/user/api-keys', { name: 'Desktop' })).json().key;
  ids.one = await uploadNamedTrack(me, 'One');
  ids.two = await uploadNamedTrack(me, 'Two');
  ids.shared = await uploadNamedTrack(friend, 'Shared jam');
  ids.strangers = await uploadNamedTrack(stranger, 'Diary');
  await shareWithMember(t, friend, me, ids.shared);
});
afterAll(async () => t.close());

describe('/rest play queue (decision 0781)', () => {
  it('never saved: an empty queue that belongs to me, older than any save', async () => {
    const { playQueue } = await device('desktop').getPlayQueue();
    expect(playQueue).toMatchObject({ username: 'me', changedBy: '' });
    expect(playQueue!.entry ?? []).toEqual([]);
    expect(playQueue!.current).toBeUndefined();
  });

  it('saved on the phone, resumed on the desktop: the same songs, current song, position and app', async () => {
    const saved = await subsonicClient(t.app, { apiKey: keys.phone }).custom('savePlayQueue', {
      id: [String(ids.two), String(ids.shared), String(ids.one), String(ids.two)],
      current: String(ids.shared),
      position: 12_345,
      c: 'PhoneApp',
      f: 'json',
    });
    expect((await saved.json())['subsonic-response'].status).toBe('ok');

    const { playQueue } = await device('desktop').getPlayQueue();
    expect(playQueue!.entry!.map((e) => [e.id, e.title])).toEqual([
      [String(ids.two), 'Two'],
      [String(ids.shared), 'Shared jam'],
      [String(ids.one), 'One'],
      [String(ids.two), 'Two'],
    ]);
    expect(playQueue).toMatchObject({
      current: String(ids.shared),
      position: 12_345,
      username: 'me',
      changedBy: 'PhoneApp',
    });
    expect(Date.now() - new Date(playQueue!.changed as unknown as string).getTime()).toBeLessThan(60_000);

    // The OpenSubsonic form names the current song by its place.
    const byIndex = (await restJson(t.app, keys.desktop, 'getPlayQueueByIndex')).playQueueByIndex;
    expect(byIndex).toMatchObject({
      currentIndex: 1,
      position: 12_345,
      username: 'me',
      changedBy: 'PhoneApp',
    });
    expect(byIndex.current).toBeUndefined();
    expect(byIndex.entry.map((e: { id: string }) => e.id)).toEqual(playQueue!.entry!.map((e) => e.id));

    // XML: the same queue as elements and attributes.
    const xml = await t.app.inject({ url: `/rest/getPlayQueue?apiKey=${keys.desktop}` });
    const queue = parseXml(xml.body).children.find((c) => c.name === 'playQueue')!;
    expect(queue.attributes).toMatchObject({
      current: String(ids.shared),
      position: '12345',
      changedBy: 'PhoneApp',
    });
    expect(queue.children.map((c) => [c.name, c.attributes.id])).toEqual(
      playQueue!.entry!.map((e) => ['entry', e.id]),
    );
  });

  it('savePlayQueueByIndex on the desktop replaces it; a save with no songs clears it', async () => {
    const res = await device('desktop').custom('savePlayQueueByIndex', {
      id: [String(ids.one), String(ids.one)],
      currentIndex: 1,
      position: 500,
      c: 'Desktop\u0000App',
      f: 'json',
    });
    expect((await res.json())['subsonic-response'].status).toBe('ok');
    const { playQueue } = await device('phone').getPlayQueue();
    expect(playQueue).toMatchObject({ current: String(ids.one), position: 500, changedBy: 'DesktopApp' });
    expect((await rest('getPlayQueueByIndex', '')).playQueueByIndex.currentIndex).toBe(1);
    expect(await queueIds()).toEqual([String(ids.one), String(ids.one)]);

    expect((await rest('savePlayQueue', 'c=Phone')).status).toBe('ok');
    const cleared = (await device('desktop').getPlayQueue()).playQueue!;
    expect(cleared).toMatchObject({ username: 'me', changedBy: 'Phone' });
    expect(cleared.entry ?? []).toEqual([]);
    expect(cleared.current).toBeUndefined();
  });

  it('a song I may no longer hear leaves my queue; the next one is current, from its start', async () => {
    await device('phone').savePlayQueue({
      id: [String(ids.one), String(ids.shared), String(ids.two)],
      current: String(ids.shared),
      position: 9_000,
    });
    // The friend takes the track out of the shared playlist: it is theirs alone again.
    const playlistId = (await friend.get('/api/playlists')).json()[0].id;
    expect((await friend.delete(`/api/playlists/${playlistId}/tracks/${ids.shared}`)).statusCode).toBe(200);
    const { playQueue } = await device('desktop').getPlayQueue();
    expect(playQueue!.entry!.map((e) => e.id)).toEqual([String(ids.one), String(ids.two)]);
    expect(playQueue).toMatchObject({ current: String(ids.two), position: 0 });
    expect((await rest('getPlayQueueByIndex', '')).playQueueByIndex.currentIndex).toBe(1);
    // Deleting a track removes it from every queue (the database cascades).
    expect((await me.delete(`/api/tracks/${ids.two}`)).statusCode).toBeLessThan(300);
    expect(await queueIds()).toEqual([String(ids.one)]);
    expect((await device('desktop').getPlayQueue()).playQueue).toMatchObject({ current: String(ids.one) });
    ids.two = await uploadNamedTrack(me, 'Two');
  });

  it('saving a song I may not hear is 70 and saves nothing; bad positions and indexes are code 0', async () => {
    await device('phone').savePlayQueue({ id: String(ids.one), current: String(ids.one), position: 1 });
    for (const query of [
      `id=${ids.one}&id=${ids.strangers}&current=${ids.one}`,
      `id=${ids.shared}`,
      'id=999999',
      'id=abc',
      `id=al-${me.userId}-2020`,
    ]) {
      expect((await rest('savePlayQueue', query)).error?.code, query).toBe(70);
      expect((await rest('savePlayQueueByIndex', query)).error?.code, query).toBe(70);
    }
    for (const query of [
      `id=${ids.one}&current=${ids.two}`,
      `id=${ids.one}&current=abc`,
      `id=${ids.one}&position=-1`,
      `id=${ids.one}&position=1.5`,
      `id=${ids.one}&position=${PLAY_STATE_LIMITS.positionMs + 1}`,
    ]) {
      expect((await rest('savePlayQueue', query)).error?.code, query).toBe(0);
    }
    for (const query of [`id=${ids.one}&currentIndex=1`, `id=${ids.one}&currentIndex=-1`]) {
      expect((await rest('savePlayQueueByIndex', query)).error?.code, query).toBe(0);
    }
    expect(await queueIds()).toEqual([String(ids.one)]);
    expect((await device('desktop').getPlayQueue()).playQueue).toMatchObject({ position: 1 });
  });

  it(`holds at most ${PLAY_STATE_LIMITS.queueSongs} songs, by GET or form POST`, async () => {
    const full = Array.from({ length: PLAY_STATE_LIMITS.queueSongs }, (_, i) =>
      String(i % 2 ? ids.one : ids.two),
    );
    const post = (songs: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/rest/savePlayQueue',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams([
          ...songs.map((id) => ['id', id]),
          ['current', String(ids.one)],
          ['f', 'json'],
          ['apiKey', keys.phone],
        ]).toString(),
      });
    expect((await post(full)).json()['subsonic-response'].status).toBe('ok');
    expect(await queueIds()).toHaveLength(PLAY_STATE_LIMITS.queueSongs);
    const over = (await post([...full, String(ids.one)])).json()['subsonic-response'];
    expect(over.error).toMatchObject({
      code: 0,
      message: expect.stringContaining(`${PLAY_STATE_LIMITS.queueSongs}`),
    });
    // The saved queue is the full one still.
    expect(await queueIds()).toHaveLength(PLAY_STATE_LIMITS.queueSongs);
    expect((await device('desktop').getPlayQueue()).playQueue).toMatchObject({ current: String(ids.one) });
  });
});
