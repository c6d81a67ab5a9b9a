import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { restJson, subsonicClient, uploadNamedTrack } from '../../../test/subsonic-client';
import { testDatabaseKind } from '../../../test/test-database';
import { findOwnPlaylist, removeTrackFromPlaylist } from '../playlists/playlists.service';

/**
 * Playlist writes over /rest (decision 0405): updatePlaylist's removals and additions in one
 * transaction, playlist covers, and which requests drop the access caches (decision 0066).
 */
let t: TestApp;
let me: TestClient & { userId: string };
let apiKey: string;
const songs = {} as Record<'a' | 'b' | 'c' | 'd', number>;

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient({ username: 'me' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'App' })).json().key;
  for (const name of ['a', 'b', 'c', 'd'] as const)
    songs[name] = await uploadNamedTrack(me, name.toUpperCase());
});
afterAll(async () => t.close());

const api = (post = false) => subsonicClient(t.app, { apiKey }, { post });
const rest = (method: string, query: string) => restJson(t.app, apiKey, method, query);

async function playlistOf(name: string, ids: number[]) {
  const id = (await me.post('/api/playlists', { name })).json().id as number;
  for (const trackId of ids) await me.post(`/api/playlists/${id}/tracks`, { trackId });
  return id;
}
const entriesOf = async (id: number) =>
  ((await me.get(`/api/playlists/${id}`)).json().tracks as { id: number; position: number }[]).map((e) => [
    e.id,
    e.position,
  ]);

describe('updatePlaylist: one transaction', () => {
  it('removes by the positions before the update, then appends, positions dense', async () => {
    const id = await playlistOf('Set', [songs.a, songs.b, songs.c]);
    await api().updatePlaylist({
      playlistId: String(id),
      songIndexToRemove: [0, 2],
      songIdToAdd: [String(songs.d)],
    } as never);
    expect(await entriesOf(id)).toEqual([
      [songs.b, 0],
      [songs.d, 1],
    ]);
  });

  it('all or nothing: when the addition fails in the database, the removal and rename are undone', async () => {
    const id = await playlistOf('Kept', [songs.a, songs.b]);
    // A failure past every check, inside the writes: inserting song d into any playlist fails.
    await t.db.execute(
      sql.raw(`create function refuse_d() returns trigger language plpgsql as $$
        begin raise exception 'refused'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_d before insert on playlist_tracks
        for each row when (new.track_id = ${songs.d}) execute function refuse_d()`),
    );
    try {
      const update = await t.app.inject({
        url: `/rest/updatePlaylist?f=json&apiKey=${apiKey}&playlistId=${id}&name=Renamed&songIndexToRemove=0&songIdToAdd=${songs.d}`,
      });
      expect(update.statusCode).toBe(500);
      // createPlaylist replacing the songs is one edit too.
      const replace = await t.app.inject({
        url: `/rest/createPlaylist?f=json&apiKey=${apiKey}&playlistId=${id}&songId=${songs.c}&songId=${songs.d}`,
      });
      expect(replace.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_d on playlist_tracks'));
      await t.db.execute(sql.raw('drop function refuse_d()'));
    }
    expect(await entriesOf(id)).toEqual([
      [songs.a, 0],
      [songs.b, 1],
    ]);
    expect((await me.get(`/api/playlists/${id}`)).json().name).toBe('Kept');
  });

  // PGlite has one connection: a second transaction could not wait on the first there.
  it.runIf(testDatabaseKind() === 'postgres')(
    'a web edit holding the playlist makes /rest wait, and the indices are read after it',
    async () => {
      const id = await playlistOf('Race', [songs.a, songs.b, songs.c]);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let taken!: () => void;
      const lockTaken = new Promise<void>((resolve) => {
        taken = resolve;
      });
      // As the web app's DELETE /api/playlists/{id}/tracks/{trackId}: the playlist locked, then the entry.
      const web = t.db.transaction(async (tx) => {
        await findOwnPlaylist(tx, id, me.userId, true);
        taken();
        await held;
        await removeTrackFromPlaylist(tx, id, me.userId, songs.a);
      });
      await lockTaken;
      const update = t.app.inject({
        url: `/rest/updatePlaylist?f=json&apiKey=${apiKey}&playlistId=${id}&songIndexToRemove=0`,
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await web;
      expect((await update).json()['subsonic-response'].status).toBe('ok');
      // Index 0 was b once the web edit had taken a: both removals happened, c is left.
      expect(await entriesOf(id)).toEqual([[songs.c, 0]]);
    },
  );

  it('a bad index or a song not mine changes nothing', async () => {
    const id = await playlistOf('Checked', [songs.a, songs.b]);
    expect(
      (await rest('updatePlaylist', `playlistId=${id}&songIndexToRemove=0&songIndexToRemove=5`)).error.code,
    ).toBe(70);
    expect(
      (await rest('updatePlaylist', `playlistId=${id}&songIndexToRemove=0&songIdToAdd=999999`)).error.code,
    ).toBe(70);
    expect(await entriesOf(id)).toEqual([
      [songs.a, 0],
      [songs.b, 1],
    ]);
  });
});

describe('playlist covers', () => {
  it('a playlist with an image carries it as coverArt, which getCoverArt serves; one without, its first song’s tile or a blank', async () => {
    const plain = await playlistOf('Plain', []);
    const pictured = await playlistOf('Pictured', [songs.a]);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    const uploaded = await me.upload(
      `/api/playlists/${pictured}/image`,
      {},
      { field: 'image', name: 'cover.png', type: 'image/png', data: png },
    );
    expect(uploaded.statusCode).toBeLessThan(300);
    const { playlists } = await api().getPlaylists();
    const byId = new Map(playlists.playlist!.map((p) => [p.id, p]));
    const coverArt = byId.get(String(pictured))!.coverArt;
    expect(coverArt).toMatch(/^pl-[0-9a-f-]{36}$/);
    // Empty and without a picture: the flat tile (decision 0790).
    expect(byId.get(String(plain))!.coverArt).toBe('blank');
    expect((await api().getPlaylist({ id: String(pictured) })).playlist.coverArt).toBe(coverArt);
    const image = await api().getCoverArt({ id: coverArt!, size: 128 });
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(128);
  });
});

describe('the access caches (decision 0066) are dropped by methods that write, not by form POSTs', () => {
  const generationAfter = async (call: () => Promise<unknown>) => {
    const before = t.app.accessGeneration.value;
    await call();
    return t.app.accessGeneration.value - before;
  };

  it('reading by form POST or GET leaves the generation alone', async () => {
    for (const post of [true, false]) {
      expect(await generationAfter(() => api(post).getPlaylists())).toBe(0);
      expect(await generationAfter(() => api(post).getArtists())).toBe(0);
      expect(await generationAfter(() => api(post).ping())).toBe(0);
    }
  });

  it('createPlaylist, updatePlaylist and deletePlaylist bump it, by form POST and by GET alike', async () => {
    for (const post of [true, false]) {
      let id = '';
      expect(
        await generationAfter(async () => {
          id = (await api(post).createPlaylist({ name: 'Bumps' })).playlist.id;
        }),
      ).toBeGreaterThan(0);
      expect(
        await generationAfter(() => api(post).updatePlaylist({ playlistId: id, public: true })),
      ).toBeGreaterThan(0);
      expect(await generationAfter(() => api(post).deletePlaylist({ id }))).toBeGreaterThan(0);
    }
  });

  it("the web app's unsafe requests still bump it; a form POST of a read-only method does not, even unsigned", async () => {
    // The web app's own unsafe requests still bump it (the rule for every route without a say).
    expect(await generationAfter(() => me.post('/api/playlists', { name: 'Web' }))).toBeGreaterThan(0);
    expect(await generationAfter(() => t.app.inject({ method: 'POST', url: '/rest/getPlaylists' }))).toBe(0);
  });
});
