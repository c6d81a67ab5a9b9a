import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { shareWithMember, subsonicClient, syncPage, uploadNamedTrack } from '../../../test/subsonic-client';

/**
 * search3's sync reaches a page by the key where an earlier page of the viewer's own tracks began or
 * ended, at the same journal revision (decision 0910): the order index sought, not walked. Me with
 * nine tracks, a friend sharing two with me, pages of two.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let friend: TestClient & { userId: string };
let apiKey: string;
const mine: number[] = [];
const shared: number[] = [];

const api = () => subsonicClient(t.app, { apiKey });
const ids = async (offset: number, count: number) =>
  ((await syncPage(api(), offset, count)).song ?? []).map((song) => Number(song.id));

/** The viewer's own tracks read from a position (an offset walked) or from a key (sought). */
function ownReads(): ('walked' | 'sought')[] {
  return t.queries
    .filter(
      (q) =>
        /"user_id" = \$1/.test(q) &&
        /order by "tracks"\."created_at" asc/.test(q) &&
        !/select "tracks"\."id", "tracks"\."user_id"/.test(q),
    )
    .flatMap((q): ('walked' | 'sought')[] =>
      / offset /.test(q) ? ['walked'] : />= \(/.test(q) ? ['sought'] : [],
    );
}

/** Every page of the sync, size `count`, with how each page read the viewer's own tracks. */
async function sync(count: number) {
  const songs: number[] = [];
  const reads: ('walked' | 'sought')[][] = [];
  for (let offset = 0; ; offset += count) {
    t.queries.length = 0;
    const page = await ids(offset, count);
    reads.push(ownReads());
    songs.push(...page);
    if (page.length < count) return { songs, reads };
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'anchorme' });
  friend = await t.signedInClient({ username: 'anchorfriend', isPublic: true });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  for (let i = 0; i < 5; i++) mine.push(await uploadNamedTrack(me, `Mine ${i}`));
  shared.push(await uploadNamedTrack(friend, 'Shared 0'));
  for (let i = 5; i < 9; i++) mine.push(await uploadNamedTrack(me, `Mine ${i}`));
  shared.push(await uploadNamedTrack(friend, 'Shared 1'));
  await shareWithMember(t, friend, me, shared[0]!, 'One');
  await shareWithMember(t, friend, me, shared[1]!, 'Two');
});
afterAll(async () => t.close());

describe('search3 sync pages reached by key (decision 0910)', () => {
  it('seeks where an earlier page reached, and walks again once my journal changed, every page exact', async () => {
    const everything = [...mine.slice(0, 5), shared[0]!, ...mine.slice(5), shared[1]!];
    const first = await sync(2);
    expect(first.songs).toEqual(everything);
    // The first page walks (from position 0); each later page starts where one before reached.
    expect(first.reads[0]).toEqual(['walked']);
    expect(first.reads.slice(1).flat()).not.toContain('walked');
    expect(first.reads.slice(1).flat()).toContain('sought');
    // Asked again at the same revision: every page by key.
    const again = await sync(2);
    expect(again.songs).toEqual(everything);
    expect(again.reads.flat()).toEqual(again.reads.map(() => 'sought'));

    // One of mine deleted and one uploaded: a new revision, so nothing kept is used.
    expect((await me.delete(`/api/tracks/${mine[1]}`)).statusCode).toBe(200);
    const added = await uploadNamedTrack(me, 'Mine 9');
    const changed = [...everything.filter((id) => id !== mine[1]), added];
    // Position 2 was kept at the old revision (mine[2]'s key, at 1 now): walked to instead.
    t.queries.length = 0;
    expect(await ids(4, 2)).toEqual(changed.slice(4, 6));
    expect(ownReads()).toEqual(['walked']);
    expect((await sync(2)).songs).toEqual(changed);
    expect(await ids(3, 4)).toEqual(changed.slice(3, 7));

    // Another track shared with me moves where my pages begin: still exact.
    const third = await uploadNamedTrack(friend, 'Shared 2');
    await shareWithMember(t, friend, me, third, 'Three');
    const widened = [...changed, third];
    expect((await sync(2)).songs).toEqual(widened);
    expect((await sync(3)).songs).toEqual(widened);
  });
});
