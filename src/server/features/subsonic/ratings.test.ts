import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, shareWithMember, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { libraryRatings, trackRatings } from '../../db/schema';
import { ratingsOf } from './ratings.service';

/**
 * setRating, ratingsOf and getAlbumList2 `highest` (issue 46, decision 0784): me with a track, a
 * friend and a bandmate each sharing a track into my collective, a stranger whose track is private.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let friend: TestClient & { userId: string };
let bandmate: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let apiKey: string;
const ids = {} as Record<'mine' | 'friends' | 'bandmates' | 'strangers', number>;
const year = new Date().getUTCFullYear();
const album = (who: { userId: string }) => `al-${who.userId}-${year}`;

const api = () => subsonicClient(t.app, { apiKey });
const rest = (method: string, query: string) => restJson(t.app, apiKey, method, query);
const highest = async () =>
  ((await api().getAlbumList2({ type: 'highest', size: 50 })).albumList2.album ?? []).map((a) => a.id);

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  friend = await t.signedInClient({ username: 'friend' });
  bandmate = await t.signedInClient({ username: 'bandmate' });
  stranger = await t.signedInClient({ username: 'stranger' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  ids.mine = await uploadNamedTrack(me, 'Mine');
  ids.friends = await uploadNamedTrack(friend, 'Friends');
  ids.bandmates = await uploadNamedTrack(bandmate, 'Bandmates');
  ids.strangers = await uploadNamedTrack(stranger, 'Diary');
  await shareWithMember(t, friend, me, ids.friends);
  await shareWithMember(t, bandmate, me, ids.bandmates, 'Demos');
});
afterAll(async () => t.close());

describe('/rest setRating (decision 0784)', () => {
  it('rates songs, albums and artists; ratingsOf reads them back in one call; 0 removes', async () => {
    await api().setRating({ id: String(ids.friends), rating: 5 });
    await api().setRating({ id: String(ids.mine), rating: 2 });
    await api().setRating({ id: album(friend), rating: 4 });
    await api().setRating({ id: `ar-${bandmate.userId}`, rating: 3 });
    // Rating again replaces.
    await api().setRating({ id: String(ids.mine), rating: 1 });

    const songs = await ratingsOf(t.db, me.userId, 'song', [
      String(ids.friends),
      String(ids.mine),
      String(ids.bandmates),
      'x',
    ]);
    expect(Object.fromEntries(songs)).toEqual({ [ids.friends]: 5, [ids.mine]: 1 });
    expect(Object.fromEntries(await ratingsOf(t.db, me.userId, 'album', [album(friend), album(me)]))).toEqual(
      {
        [album(friend)]: 4,
      },
    );
    expect(Object.fromEntries(await ratingsOf(t.db, me.userId, 'artist', [`ar-${bandmate.userId}`]))).toEqual(
      {
        [`ar-${bandmate.userId}`]: 3,
      },
    );
    // Ratings are the rater's own: the friend sees none of mine.
    expect((await ratingsOf(t.db, friend.userId, 'song', [String(ids.friends)])).size).toBe(0);
    expect((await ratingsOf(t.db, me.userId, 'album', [])).size).toBe(0);

    for (const id of [String(ids.friends), String(ids.mine), album(friend), `ar-${bandmate.userId}`]) {
      expect((await api().setRating({ id, rating: 0 })).status).toBe('ok');
    }
    expect(await t.db.select().from(trackRatings)).toEqual([]);
    expect(await t.db.select().from(libraryRatings)).toEqual([]);
  });

  it('what I may not reach is 70 and rates nothing; a missing parameter is 10; a bad rating is code 0', async () => {
    for (const id of [
      String(ids.strangers),
      '999999',
      'abc',
      album(stranger),
      `al-${me.userId}-1999`,
      'al-nonsense',
      `ar-${stranger.userId}`,
      'ar-nobody',
    ]) {
      expect((await rest('setRating', `id=${encodeURIComponent(id)}&rating=3`)).error?.code, id).toBe(70);
    }
    expect((await rest('setRating', 'rating=3')).error.code).toBe(10);
    expect((await rest('setRating', `id=${ids.mine}`)).error.code).toBe(10);
    for (const rating of ['6', '-1', '2.5', 'five', '', '10']) {
      expect((await rest('setRating', `id=${ids.mine}&rating=${rating}`)).error?.code, rating).toBe(0);
    }
    expect(await t.db.select().from(trackRatings)).toEqual([]);
    expect(await t.db.select().from(libraryRatings)).toEqual([]);
  });

  it('getAlbumList2 highest: my rated albums I still browse, best first', async () => {
    expect(await highest()).toEqual([]);
    await api().setRating({ id: album(me), rating: 3 });
    await api().setRating({ id: album(bandmate), rating: 5 });
    await api().setRating({ id: album(friend), rating: 4 });
    expect(await highest()).toEqual([album(bandmate), album(friend), album(me)]);
    // Paged like every album list.
    const page = (await api().getAlbumList2({ type: 'highest', size: 1, offset: 1 })).albumList2.album ?? [];
    expect(page.map((a) => a.id)).toEqual([album(friend)]);
    // A rating changed moves the album; one I may no longer browse leaves the list.
    await api().setRating({ id: album(me), rating: 5 });
    const playlistId = (await bandmate.get('/api/playlists')).json()[0].id;
    expect((await bandmate.delete(`/api/playlists/${playlistId}/tracks/${ids.bandmates}`)).statusCode).toBe(
      200,
    );
    expect(await highest()).toEqual([album(me), album(friend)]);
    // Another person's ratings are theirs: the friend has rated nothing.
    const friendsKey = (await friend.post('/api/user/api-keys', { name: 'App' })).json().key;
    const theirs = await subsonicClient(t.app, { apiKey: friendsKey }).getAlbumList2({ type: 'highest' });
    expect(theirs.albumList2.album ?? []).toEqual([]);
  });

  it('ratings go with the track and with the rater', async () => {
    await api().setRating({ id: String(ids.mine), rating: 4 });
    await t.db.insert(trackRatings).values({ userId: stranger.userId, trackId: ids.mine, rating: 1 });
    expect((await me.delete(`/api/tracks/${ids.mine}`)).statusCode).toBeLessThan(300);
    expect(await t.db.select().from(trackRatings)).toEqual([]);
    await t.db
      .insert(libraryRatings)
      .values({ userId: stranger.userId, kind: 'album', itemId: album(me), rating: 2 });
    expect(
      (await stranger.request('DELETE', '/api/user', { body: { confirm: 'stranger' } })).statusCode,
    ).toBe(204);
    expect((await t.db.select().from(libraryRatings)).map((r) => r.userId)).not.toContain(stranger.userId);
  });
});
