import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBlocks, users } from '../../db/schema';
import { clientOf, type Library, restOf, seedLibrary } from './library.fixture';

/** getArtistInfo(2) and getAlbumInfo(2) (decision 0773). */
let lib: Library;
const AVATAR = '0a1b2c3d-0000-4000-8000-00000000abcd';
beforeAll(async () => {
  lib = await seedLibrary();
  await lib.t.db
    .update(users)
    .set({ bio: 'I play synths.', isPublic: true, avatarKey: `images/avatars/${AVATAR}` })
    .where(eq(users.id, lib.me.userId));
  await lib.t.db.update(users).set({ bio: 'Private person.' }).where(eq(users.id, lib.friend.userId));
});
afterAll(async () => lib.t.close());

const api = () => clientOf(lib);
/** A raw call as a player reaching the server at music.example:4533 would make it. */
async function at(query: string) {
  const res = await lib.t.app.inject({
    url: `/rest/${query}&f=json&apiKey=${lib.apiKey}`,
    headers: { host: 'music.example:4533' },
  });
  return res.json()['subsonic-response'];
}

describe('getArtistInfo(2) (decision 0773)', () => {
  it('the bio, the avatar as absolute image URLs from where the request came, the similar artists', async () => {
    const { artistInfo2 } = await at(`getArtistInfo2?id=ar-${lib.me.userId}`);
    const image = (size: number) => `http://music.example:4533/api/images/avatars/${AVATAR}-${size}.webp`;
    expect(artistInfo2).toEqual({
      biography: 'I play synths.',
      smallImageUrl: image(128),
      mediumImageUrl: image(256),
      largeImageUrl: image(256),
      // The friend's shared jam carries two pieces of my gear; the stranger is not browsed.
      similarArtist: [
        expect.objectContaining({ id: `ar-${lib.friend.userId}`, name: 'Friend', albumCount: 1 }),
      ],
    });
    const older = await at(`getArtistInfo?id=ar-${lib.me.userId}`);
    expect(older.artistInfo).toEqual(artistInfo2);
    // By an album or a song of mine, the same artist.
    for (const id of [`al-${lib.me.userId}-${lib.year}`, String(lib.ids.drums)]) {
      expect((await at(`getArtistInfo2?id=${id}`)).artistInfo2, id).toEqual(artistInfo2);
    }
    expect((await at(`getArtistInfo2?id=ar-${lib.me.userId}&count=0`)).artistInfo2.similarArtist).toEqual([]);
  });

  it("a bio only where the web app shows it: not a private profile's, nor someone's who blocked me", async () => {
    const friendsId = `ar-${lib.friend.userId}`;
    const info = async () => (await api().getArtistInfo2({ id: friendsId })).artistInfo2;
    expect(await info()).toEqual({
      similarArtist: [expect.objectContaining({ id: `ar-${lib.me.userId}`, name: 'me' })],
    });
    await lib.t.db.update(users).set({ isPublic: true }).where(eq(users.id, lib.friend.userId));
    expect((await info()).biography).toBe('Private person.');
    await lib.t.db.insert(userBlocks).values({ blockerId: lib.friend.userId, blockedId: lib.me.userId });
    expect((await info()).biography).toBeUndefined();
    await lib.t.db.delete(userBlocks);
    await lib.t.db.update(users).set({ isPublic: false }).where(eq(users.id, lib.friend.userId));
  });

  it("a stranger's public song opens their info, never their unlisted albums; anything else is 70", async () => {
    const { artistInfo2 } = await api().getArtistInfo2({ id: String(lib.ids.public) });
    expect(artistInfo2.similarArtist ?? []).toEqual([]);
    const hidden = [
      `ar-${lib.stranger.userId}`,
      `al-${lib.stranger.userId}-${lib.year}`,
      String(lib.ids.friendsPrivate),
      'ar-nobody',
      'nonsense',
    ];
    for (const id of hidden)
      expect(await restOf(lib, `getArtistInfo2?id=${id}`), id).toMatchObject({ error: { code: 70 } });
    expect((await restOf(lib, 'getArtistInfo?x=1')).error.code).toBe(10);
  });
});

describe('getAlbumInfo(2) (decision 0773)', () => {
  it('notes: the takes of the year and the gear most used, over the tracks listed to me', async () => {
    const { albumInfo } = await at(`getAlbumInfo2?id=al-${lib.me.userId}-${lib.year}`);
    expect(albumInfo).toMatchObject({
      notes: `3 takes in ${lib.year}, 0:03 in all. Most used: TR-808 (2 takes), Juno-60 (1 take).`,
      smallImageUrl: `http://music.example:4533/api/images/avatars/${AVATAR}-128.webp`,
    });
    // The friend's private track and its gear are not told; the friend has no avatar.
    const friends = await api().getAlbumInfo({ id: `al-${lib.friend.userId}-${lib.year}` });
    expect(friends.albumInfo).toEqual({
      notes: `2 takes in ${lib.year}, 0:02 in all. Most used: Juno-60 (1 take), MPC 2000 (1 take), TR-808 (1 take).`,
    });
    // A song's album; a year without gear.
    const bySong = await api().getAlbumInfo2({ id: String(lib.ids.mine2025) });
    expect(bySong.albumInfo.notes).toBe(
      `1 take in ${lib.year - 1}, 0:01 in all. Most used: Mystery (1 take).`,
    );
    for (const id of [
      `ar-${lib.me.userId}`,
      `al-${lib.stranger.userId}-${lib.year}`,
      String(lib.ids.strangersPrivate),
    ]) {
      expect((await restOf(lib, `getAlbumInfo2?id=${id}`)).error.code, id).toBe(70);
    }
  });
});
