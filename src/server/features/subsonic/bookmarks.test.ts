import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, shareWithMember, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { parseXml } from '../../../test/xml';
import { bookmarks, tracks } from '../../db/schema';
import { PLAY_STATE_LIMITS } from './play-state-limits';

/**
 * Bookmarks (issue 46, decision 0783) through the third-party client: me with two tracks, a
 * friend's track shared into our collective, a stranger's private track.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let friend: TestClient & { userId: string };
let apiKey: string;
const ids = {} as Record<'one' | 'two' | 'shared' | 'strangers', number>;

const api = () => subsonicClient(t.app, { apiKey });
const rest = (method: string, query: string) => restJson(t.app, apiKey, method, query);
const marks = async () => (await api().getBookmarks()).bookmarks.bookmark ?? [];

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  friend = await t.signedInClient({ username: 'friend' });
  const stranger = await t.signedInClient({ username: 'stranger' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  ids.one = await uploadNamedTrack(me, 'One');
  ids.two = await uploadNamedTrack(me, 'Two');
  ids.shared = await uploadNamedTrack(friend, 'Shared jam');
  ids.strangers = await uploadNamedTrack(stranger, 'Diary');
  await shareWithMember(t, friend, me, ids.shared);
});
afterAll(async () => t.close());

describe('/rest bookmarks (decision 0783)', () => {
  it('create, read, create again replaces, delete', async () => {
    expect(await marks()).toEqual([]);
    expect(
      (await api().createBookmark({ id: String(ids.shared), position: 61_000, comment: 'the bridge' }))
        .status,
    ).toBe('ok');
    expect((await api().createBookmark({ id: String(ids.one), position: 5_000 })).status).toBe('ok');
    const first = await marks();
    expect(first.map((b) => [b.entry.id, b.position, b.comment ?? ''])).toEqual([
      [String(ids.one), 5_000, ''],
      [String(ids.shared), 61_000, 'the bridge'],
    ]);
    const jam = first[1]!;
    expect(jam).toMatchObject({ username: 'me', entry: { title: 'Shared jam', artist: 'friend' } });
    expect(Date.now() - new Date(jam.created as unknown as string).getTime()).toBeLessThan(60_000);

    // Again for the same song: one bookmark, moved, its comment replaced; created stays.
    await api().createBookmark({ id: String(ids.shared), position: 90_000, comment: 'solo' });
    const second = await marks();
    expect(second.map((b) => [b.entry.id, b.position, b.comment])).toEqual([
      [String(ids.shared), 90_000, 'solo'],
      [String(ids.one), 5_000, ''],
    ]);
    expect(second[0]!.created).toEqual(jam.created);
    expect(new Date(second[0]!.changed as unknown as string).getTime()).toBeGreaterThanOrEqual(
      new Date(jam.changed as unknown as string).getTime(),
    );

    // XML: bookmark elements with their entry.
    const xml = parseXml((await t.app.inject({ url: `/rest/getBookmarks?apiKey=${apiKey}` })).body);
    const list = xml.children.find((c) => c.name === 'bookmarks')!;
    expect(
      list.children.map((b) => [b.attributes.position, b.children[0]!.name, b.children[0]!.attributes.id]),
    ).toEqual([
      ['90000', 'entry', String(ids.shared)],
      ['5000', 'entry', String(ids.one)],
    ]);

    expect((await api().deleteBookmark({ id: String(ids.shared) })).status).toBe('ok');
    // Deleting what is not bookmarked, or is no song, answers the same.
    expect((await rest('deleteBookmark', `id=${ids.strangers}`)).status).toBe('ok');
    expect((await rest('deleteBookmark', 'id=nonsense')).status).toBe('ok');
    expect((await marks()).map((b) => b.entry.id)).toEqual([String(ids.one)]);
    await api().deleteBookmark({ id: String(ids.one) });
  });

  it('a song I may not hear is 70 and bookmarks nothing; missing id or position is 10; bad values code 0', async () => {
    for (const query of [`id=${ids.strangers}&position=1`, 'id=999999&position=1', 'id=abc&position=1']) {
      expect((await rest('createBookmark', query)).error?.code, query).toBe(70);
    }
    expect((await rest('createBookmark', 'position=1')).error.code).toBe(10);
    expect((await rest('createBookmark', `id=${ids.one}`)).error.code).toBe(10);
    expect((await rest('deleteBookmark', '')).error.code).toBe(10);
    const tooLong = 'x'.repeat(PLAY_STATE_LIMITS.bookmarkComment + 1);
    for (const query of [
      `id=${ids.one}&position=-5`,
      `id=${ids.one}&position=abc`,
      `id=${ids.one}&position=${PLAY_STATE_LIMITS.positionMs + 1}`,
      `id=${ids.one}&position=1&comment=${tooLong}`,
      `id=${ids.one}&position=1&comment=a%00b`,
    ]) {
      expect((await rest('createBookmark', query)).error?.code, query.slice(0, 60)).toBe(0);
    }
    // At the limit exactly, and a line break, are fine.
    const longest = 'é'.repeat(PLAY_STATE_LIMITS.bookmarkComment);
    expect(
      (await rest('createBookmark', `id=${ids.two}&position=1&comment=${encodeURIComponent(longest)}`))
        .status,
    ).toBe('ok');
    expect((await marks()).map((b) => [b.entry.id, b.comment])).toEqual([[String(ids.two), longest]]);
    await api().deleteBookmark({ id: String(ids.two) });
  });

  it('a bookmark of a song I may no longer hear is left out; my rating comes with the song', async () => {
    await api().createBookmark({ id: String(ids.shared), position: 1_000 });
    await api().createBookmark({ id: String(ids.one), position: 2_000 });
    await api().setRating({ id: String(ids.one), rating: 4 });
    expect((await marks()).map((b) => [b.entry.id, b.entry.userRating])).toEqual([
      [String(ids.one), 4],
      [String(ids.shared), undefined],
    ]);
    const playlistId = (await friend.get('/api/playlists')).json()[0].id;
    expect((await friend.delete(`/api/playlists/${playlistId}/tracks/${ids.shared}`)).statusCode).toBe(200);
    expect((await marks()).map((b) => b.entry.id)).toEqual([String(ids.one)]);
    await api().setRating({ id: String(ids.one), rating: 0 });
    // Deleting works on a bookmark no longer shown.
    for (const id of [ids.one, ids.shared]) await api().deleteBookmark({ id: String(id) });
    expect(await t.db.select().from(bookmarks)).toEqual([]);
  });

  it(`keeps at most ${PLAY_STATE_LIMITS.bookmarks} bookmarks: hidden ones give way, then a new one is code 0; moving one still works`, async () => {
    // Tracks of mine made directly (no files needed: a bookmark only names the song).
    const made = await t.db
      .insert(tracks)
      .values(
        Array.from({ length: PLAY_STATE_LIMITS.bookmarks + 1 }, (_, i) => ({
          userId: me.userId,
          name: `Take ${i}`,
          filename: `take-${i}.wav`,
          filepath: `tracks/take-${i}.wav`,
          mimeType: 'audio/wav',
          size: 10,
        })),
      )
      .returning({ id: tracks.id });
    const [first, spare] = [made[0]!.id, made.at(-1)!.id];
    // The limit filled: all but one of mine, and one of a song I may not hear (not shown to me).
    await t.db
      .insert(bookmarks)
      .values([
        ...made.slice(1, -1).map(({ id }) => ({ userId: me.userId, trackId: id, positionMs: 0 })),
        { userId: me.userId, trackId: ids.strangers, positionMs: 0 },
      ]);
    expect(await marks()).toHaveLength(PLAY_STATE_LIMITS.bookmarks - 1);
    expect(await rest('createBookmark', `id=${first}&position=3`)).toMatchObject({ status: 'ok' });
    expect(await marks()).toHaveLength(PLAY_STATE_LIMITS.bookmarks);
    const refused = await rest('createBookmark', `id=${spare}&position=3`);
    expect(refused.error).toMatchObject({
      code: 0,
      message: expect.stringContaining(`${PLAY_STATE_LIMITS.bookmarks}`),
    });
    // Moving a bookmark already kept is no new one.
    expect(await rest('createBookmark', `id=${first}&position=4`)).toMatchObject({ status: 'ok' });
    const kept = await marks();
    expect(kept).toHaveLength(PLAY_STATE_LIMITS.bookmarks);
    expect(kept.map((b) => b.entry.id)).not.toContain(String(spare));
    expect(kept[0]).toMatchObject({ position: 4, entry: { id: String(first) } });
  });
});
