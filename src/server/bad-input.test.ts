import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX, NOTHING_TO_UPDATE } from '../shared/schemas/primitives';
import { buildTestApp, type TestApp, type TestClient } from '../test/build-test-app';
import { makeWav } from '../test/media-fixtures';
import { tracks } from './db/schema';

/**
 * The causes of 500s a fuzz run found (issue 9), each refused at the contract with a 400 and a
 * clear message, or (file dates) dropped as before. routes.fuzz.test.ts keeps the whole class out.
 */
let t: TestApp;
let me: TestClient & { userId: string };
let trackId: number;
let playlistId: number;

const wav = { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(0.2) };

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.signedInClient();
  trackId = (await me.upload('/api/tracks', { name: 'Take' }, wav)).json().id;
  playlistId = (await me.post('/api/playlists', { name: 'Set' })).json().id;
});
afterAll(async () => t.close());

const refused = (res: { statusCode: number; json(): { message: string } }, message: string) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
};

describe('a NUL byte or another control character in any text: 400', () => {
  it('in a JSON body', async () => {
    refused(
      await me.patch(`/api/tracks/${trackId}`, { name: 'Take\0 2' }),
      'name: Track name must not contain control characters',
    );
    refused(
      await me.post('/api/playlists', { name: 'Set\u001b[31m' }),
      'name: Playlist name must not contain control characters',
    );
    // The profile checks each field on its own since issue 42 (decision 0575): 422, by field.
    const bio = await me.patch('/api/user/profile', { bio: 'Hi\0' });
    expect(bio.statusCode).toBe(422);
    expect(bio.json().fieldErrors).toEqual({ bio: 'About must not contain control characters' });
    const link = await me.patch('/api/user/profile', {
      socialLinks: { bandcamp: 'https://x.bandcamp.com/\0' },
    });
    expect(link.statusCode).toBe(422);
    expect(link.json().fieldErrors).toEqual({
      'socialLinks.bandcamp': 'A link must not contain control characters',
    });
  });

  it('in a query string and in a path', async () => {
    refused(await me.get('/api/equipment/search?q=ju%00no'), 'q: Search must not contain control characters');
    refused(
      await t.client().get('/api/public/users/a%00b'),
      'userId: User id must not contain control characters',
    );
  });

  it('in a multipart text field or the file name, storing nothing', async () => {
    const before = await t.db.select().from(tracks).where(eq(tracks.userId, me.userId));
    refused(
      await me.upload('/api/tracks', { name: 'Take\0' }, wav),
      'name: Track name must not contain control characters',
    );
    refused(
      await me.upload('/api/tracks', {}, { ...wav, name: 'take\u0001.wav' }),
      'The file name must not contain control characters',
    );
    expect(await t.db.select().from(tracks).where(eq(tracks.userId, me.userId))).toHaveLength(before.length);
  });

  it('line breaks and tabs stay allowed where text has lines; a lone surrogate is not text', async () => {
    const notes = 'Verse\n\tthen chorus\r\n';
    expect((await me.patch(`/api/tracks/${trackId}`, { notes })).json().notes).toBe(notes);
    refused(
      await me.patch(`/api/tracks/${trackId}`, { name: 'Two\nlines' }),
      'name: Track name must not contain control characters',
    );
    refused(
      await me.patch(`/api/tracks/${trackId}`, { name: 'Half \ud83d' }),
      'name: Track name must be valid text',
    );
    expect((await me.patch(`/api/tracks/${trackId}`, { name: '  Take 😀  ' })).json().name).toBe('Take 😀');
  });
});

describe('ids past PostgreSQL integer: 400', () => {
  it('in a path', async () => {
    refused(await me.get(`/api/tracks/${INT4_MAX + 1}`), 'id: Not a valid id');
    refused(
      await me.delete(`/api/playlists/${playlistId}/tracks/99999999999999999999`),
      'trackId: Not a valid id',
    );
    refused(await t.client().get('/api/tracks/1e400/stream'), 'id: Not a valid id');
    // The largest id is still an id: it is just not there.
    expect((await me.get(`/api/tracks/${INT4_MAX}`)).statusCode).toBe(404);
  });

  it('in a body', async () => {
    refused(
      await me.post(`/api/playlists/${playlistId}/tracks`, { trackId: INT4_MAX + 1 }),
      'trackId: Not a valid id',
    );
    refused(
      await me.post(`/api/playlists/${playlistId}/share`, { collectiveIds: [INT4_MAX + 1] }),
      'collectiveIds.0: Not a valid id',
    );
    refused(
      await me.put(`/api/playlists/${playlistId}/reorder`, [{ trackId, position: INT4_MAX + 1 }]),
      `0.position: position must be at most ${INT4_MAX}`,
    );
    refused(
      await me.post(`/api/tracks/${trackId}/equipment`, { equipmentTagId: 1.5 }),
      'equipmentTagId: Not a valid id',
    );
  });
});

describe('empty patches: 400', () => {
  it('on every PATCH that changes a thing', async () => {
    const collective = (await me.post('/api/collectives', { name: 'Band' })).json();
    const gear = (await me.post('/api/equipment', { name: 'TB-303' })).json();
    for (const url of [
      `/api/tracks/${trackId}`,
      `/api/playlists/${playlistId}`,
      `/api/collectives/${collective.id}`,
      `/api/equipment/${gear.id}`,
    ]) {
      refused(await me.patch(url, {}), NOTHING_TO_UPDATE);
    }
  });
});

describe('file dates PostgreSQL cannot store: dropped, the track kept (as bad dates always were)', () => {
  it.each([
    ['a negative year', '-001000-01-01T00:00:00.000Z', null],
    ['year 0', '0000-01-01', null],
    ['a five-digit year', '+012000-01-01T00:00:00.000Z', null],
    ['not a date', 'yesterday\0', null],
    ['an ordinary date', '2021-06-01T10:00:00.000Z', '2021-06-01T10:00:00.000Z'],
  ])('%s', async (_what, fileCreatedAt, kept) => {
    const res = await me.upload('/api/tracks', { fileCreatedAt }, wav);
    expect(res.statusCode).toBe(201);
    expect(res.json().fileCreatedAt).toBe(kept);
  });
});
