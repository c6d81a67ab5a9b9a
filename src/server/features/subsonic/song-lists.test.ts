import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackPlays } from '../../db/schema';
import { clientOf, type Library, restOf, seedLibrary } from './library.fixture';

/** getTopSongs (decision 0774) and getSimilarSongs(2) (decision 0775). */
let lib: Library;
beforeAll(async () => {
  lib = await seedLibrary();
  const { ids, me, friend, stranger } = lib;
  const plays = (userId: string, trackId: number, times: number) =>
    Array.from({ length: times }, () => ({ userId, trackId, client: 'test' }));
  await lib.t.db.insert(trackPlays).values([
    // Others' plays of my tracks, which I, their owner, see counted (decision 0395)…
    ...plays(stranger.userId, ids.drums, 2),
    ...plays(friend.userId, ids.synth, 1),
    // …and mine, which the owner's counts leave out.
    ...plays(me.userId, ids.bare, 5),
    // The friend's own plays of the shared jam are theirs to know: my top songs of theirs are by my plays.
    ...plays(friend.userId, ids.shared, 10),
    ...plays(me.userId, ids.riff, 1),
  ]);
});
afterAll(async () => lib.t.close());

const api = () => clientOf(lib);
const idsOf = (songs: { id: string }[] | undefined) => (songs ?? []).map((s) => s.id);

describe('getTopSongs (decision 0774)', () => {
  it("my own: by everyone else's plays, then newest; never another artist's", async () => {
    const { topSongs } = await api().getTopSongs({ artist: 'me' });
    const { ids } = lib;
    expect(idsOf(topSongs.song)).toEqual([ids.drums, ids.synth, ids.bare, ids.mine2025].map(String));
    expect(idsOf((await api().getTopSongs({ artist: 'ME', count: 2 })).topSongs.song)).toEqual(
      [ids.drums, ids.synth].map(String),
    );
  });

  it("someone else's: by my plays only, what they share with me only", async () => {
    const { topSongs } = await api().getTopSongs({ artist: 'Friend' });
    expect(idsOf(topSongs.song)).toEqual([lib.ids.riff, lib.ids.shared].map(String));
    // By id too (OpenSubsonic's topSongsByArtistId).
    const byId = await restOf(lib, `getTopSongs?id=ar-${lib.friend.userId}`);
    expect(idsOf(byId.topSongs.song)).toEqual([lib.ids.riff, lib.ids.shared].map(String));
  });

  it('an artist I do not browse, or nobody: no songs; no artist at all: 10', async () => {
    for (const query of ['artist=stranger', 'artist=nobody', `id=ar-${lib.stranger.userId}`, 'id=x']) {
      expect((await restOf(lib, `getTopSongs?${query}`)).topSongs, query).toEqual({ song: [] });
    }
    expect((await restOf(lib, 'getTopSongs?count=3')).error.code).toBe(10);
  });
});

describe('getSimilarSongs(2) (decision 0775)', () => {
  it('most shared gear first, then the same artist, newest first; never the song itself', async () => {
    const { ids } = lib;
    // My synth sketch (Juno-60, TR-808): the shared jam has both, my drum loop one; then my others.
    const { similarSongs2 } = await api().getSimilarSongs2({ id: String(ids.synth) });
    expect(idsOf(similarSongs2.song)).toEqual([ids.shared, ids.drums, ids.bare, ids.mine2025].map(String));
    const { similarSongs } = await api().getSimilarSongs({ id: String(ids.synth), count: 2 });
    expect(idsOf(similarSongs.song)).toEqual([ids.shared, ids.drums].map(String));
    // The friend's jam: my tracks with its gear, then the friend's other shared track; never their
    // private one, though it carries the same gear, nor the stranger's public one.
    const jam = await api().getSimilarSongs2({ id: String(ids.shared) });
    expect(idsOf(jam.similarSongs2.song)).toEqual([ids.synth, ids.drums, ids.riff].map(String));
  });

  it('from an album or an artist: songs outside them sharing their gear', async () => {
    const { ids } = lib;
    const album = await api().getSimilarSongs({ id: `al-${lib.me.userId}-${lib.year}` });
    expect(idsOf(album.similarSongs.song)).toEqual([ids.shared, ids.mine2025].map(String));
    const artist = await api().getSimilarSongs2({ id: `ar-${lib.friend.userId}` });
    expect(idsOf(artist.similarSongs2.song)).toEqual([ids.synth, ids.drums].map(String));
    for (const id of [ids.friendsPrivate, ids.strangersPrivate, `ar-${lib.stranger.userId}`, 'x']) {
      expect((await restOf(lib, `getSimilarSongs2?id=${id}`)).error.code, String(id)).toBe(70);
    }
    expect((await restOf(lib, 'getSimilarSongs?count=1')).error.code).toBe(10);
  });
});
