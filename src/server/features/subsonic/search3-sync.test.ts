import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { shareWithMember, subsonicClient, syncPage, uploadNamedTrack } from '../../../test/subsonic-client';
import { tracks } from '../../db/schema';

/**
 * search3's empty query, the sync every client pages through (issue 48): the caller's own tracks
 * and those shared with them are read apart and merged, oldest first, each track once. Me with
 * three tracks over two years, one of them also in a playlist I share; a friend sharing two tracks
 * with me (one in two playlists) and one a moderator hid; a stranger's private track.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let friend: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let apiKey: string;

async function upload(client: TestClient, name: string, createdAt: string): Promise<number> {
  const id = await uploadNamedTrack(client, name);
  await t.db
    .update(tracks)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(tracks.id, id));
  return id;
}
const api = () => subsonicClient(t.app, { apiKey });
const page = (offset: number, count: number) => syncPage(api(), offset, count);

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'syncme' });
  friend = await t.signedInClient({ username: 'syncfriend', isPublic: true });
  stranger = await t.signedInClient({ username: 'syncstranger', isPublic: true });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  const mine = await upload(me, 'Mine 2025', '2025-05-01T12:00:00.123Z');
  await upload(me, 'Mine 2026 a', '2026-02-01T12:00:00.456Z');
  const shared = await upload(friend, 'Shared 2026 b', '2026-03-01T12:00:00.789Z');
  const c = await upload(me, 'Mine 2026 c', '2026-04-01T12:00:00.001Z');
  // Microseconds, as PostgreSQL keeps an upload's time (a Date holds milliseconds).
  await t.db.execute(
    sql`update tracks set created_at = created_at + interval '234 microseconds' where id = ${c}`,
  );
  const twice = await upload(friend, 'Shared 2026 d', '2026-05-01T12:00:00.002Z');
  const hidden = await upload(friend, 'Hidden 2026', '2026-06-01T12:00:00Z');
  await upload(stranger, 'Stranger 2026', '2026-07-01T12:00:00Z');
  await shareWithMember(t, friend, me, shared, 'One');
  await shareWithMember(t, friend, me, twice, 'Two');
  await shareWithMember(t, friend, me, twice, 'Three');
  await shareWithMember(t, friend, me, hidden, 'Four');
  await shareWithMember(t, me, friend, mine, 'Mine shared');
  await t.db.update(tracks).set({ hiddenAt: new Date() }).where(eq(tracks.id, hidden));
});
afterAll(async () => t.close());

describe('search3 sync pages (issue 48)', () => {
  const everything = ['Mine 2025', 'Mine 2026 a', 'Shared 2026 b', 'Mine 2026 c', 'Shared 2026 d'];

  it('lists my tracks and those shared with me, oldest first, each once, in pages of any size', async () => {
    expect((await page(0, 500)).song!.map((s) => s.title)).toEqual(everything);
    for (const size of [1, 2, 3]) {
      const titles: string[] = [];
      for (let offset = 0; offset < everything.length + size; offset += size) {
        titles.push(...((await page(offset, size)).song ?? []).map((s) => s.title));
      }
      expect(titles, `pages of ${size}`).toEqual(everything);
    }
    expect((await page(0, 0)).song ?? []).toEqual([]);
  });

  it('numbers a page’s songs by their place in their album, a page starting mid-album too', async () => {
    const numbers = async (offset: number, count: number) =>
      ((await page(offset, count)).song ?? []).map((s) => [s.title, s.track]);
    // Albums: my 2025 (1 song), my 2026 (a, c), the friend's 2026 as I browse it (b, d).
    expect(await numbers(0, 500)).toEqual([
      ['Mine 2025', 1],
      ['Mine 2026 a', 1],
      ['Shared 2026 b', 1],
      ['Mine 2026 c', 2],
      ['Shared 2026 d', 2],
    ]);
    expect(await numbers(2, 2)).toEqual([
      ['Shared 2026 b', 1],
      ['Mine 2026 c', 2],
    ]);
    expect(await numbers(3, 2)).toEqual([
      ['Mine 2026 c', 2],
      ['Shared 2026 d', 2],
    ]);
  });

  it('reads no artists or albums when the sync asks for none', async () => {
    const result = await page(0, 2);
    expect([result.artist ?? [], result.album ?? []]).toEqual([[], []]);
    const all = (await api().search3({ query: '""', songCount: 0 })).searchResult3;
    expect(all.artist!.map((a) => a.name)).toEqual(['syncfriend', 'syncme']);
    expect(all.album!.map((a) => a.id)).toEqual([
      `al-${friend.userId}-2026`,
      `al-${me.userId}-2025`,
      `al-${me.userId}-2026`,
    ]);
  });
});
