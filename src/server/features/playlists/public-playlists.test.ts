import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { playlistTracks } from '../../db/schema';

// Issue 24, public playlists (decision 0345): the owner publishes a playlist with PATCH
// /api/playlists/{id} { isPublic }; anyone reads it at GET /api/public/playlists/{id}.
type Client = TestClient & { userId: string };
let t: TestApp;
let clientDir: string;
let owner: Client;
let stranger: Client;
let shownA: number;
let shownB: number;
let secret: number;
let strangersPublic: number;

const NAME = 'Harbour Lights Mix';
const SECRET_TRACK = 'Moonwort Private Demo';

async function upload(client: Client, name: string, visibility: 'public' | 'private') {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
  );
  const id = res.json().id as number;
  if (visibility === 'public')
    expect((await client.patch(`/api/tracks/${id}`, { visibility })).statusCode).toBe(200);
  return id;
}

async function playlist(trackIds: number[], body: object = {}) {
  const res = await owner.post('/api/playlists', { name: NAME, description: 'Slow songs for the ferry' });
  const id = res.json().id as number;
  for (const trackId of trackIds) await owner.post(`/api/playlists/${id}/tracks`, { trackId });
  if (Object.keys(body).length)
    expect((await owner.patch(`/api/playlists/${id}`, body)).statusCode).toBe(200);
  return id;
}

const read = (client: TestClient, id: number | string) => client.get(`/api/public/playlists/${id}`);

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'journal-public-playlists-'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>Journal</title></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({ clientDir });
  owner = await t.signedInClient({ username: 'harbour_owner', isPublic: true, email: 'owner@example.test' });
  stranger = await t.signedInClient({ username: 'passer_by' });
  shownA = await upload(owner, 'First Light', 'public');
  secret = await upload(owner, SECRET_TRACK, 'private');
  shownB = await upload(owner, 'Last Ferry', 'public');
  strangersPublic = await upload(stranger, 'Not Theirs', 'public');
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('making a playlist public (PATCH /api/playlists/{id} { isPublic })', () => {
  it('the owner turns it public and private again; updatedAt moves each time', async () => {
    const id = await playlist([]);
    const before = (await owner.get(`/api/playlists/${id}`)).json();
    expect(before.isPublic).toBe(false);
    const on = await owner.patch(`/api/playlists/${id}`, { isPublic: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id, isPublic: true, name: NAME });
    expect(Date.parse(on.json().updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect((await owner.get('/api/playlists')).json().find((p: { id: number }) => p.id === id).isPublic).toBe(
      true,
    );
    const off = await owner.patch(`/api/playlists/${id}`, { isPublic: false });
    expect(off.json().isPublic).toBe(false);
    expect(Date.parse(off.json().updatedAt)).toBeGreaterThan(Date.parse(on.json().updatedAt));
  });

  it('a stranger cannot toggle it (404) and a signed-out caller gets 401; nothing changes', async () => {
    const id = await playlist([]);
    expect((await stranger.patch(`/api/playlists/${id}`, { isPublic: true })).statusCode).toBe(404);
    expect((await t.client().patch(`/api/playlists/${id}`, { isPublic: true })).statusCode).toBe(401);
    expect((await owner.get(`/api/playlists/${id}`)).json().isPublic).toBe(false);
    expect((await read(t.client(), id)).statusCode).toBe(404);
  });

  it('needs the CSRF token, like every change', async () => {
    const id = await playlist([]);
    const res = await owner.request('PATCH', `/api/playlists/${id}`, {
      body: { isPublic: true },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect((await owner.get(`/api/playlists/${id}`)).json().isPublic).toBe(false);
  });

  it('refuses anything but a boolean', async () => {
    const id = await playlist([]);
    for (const isPublic of ['true', 1, null]) {
      const res = await owner.patch(`/api/playlists/${id}`, { isPublic });
      expect(res.statusCode, String(isPublic)).toBe(400);
    }
    expect((await owner.get(`/api/playlists/${id}`)).json().isPublic).toBe(false);
  });
});

describe('reading a public playlist (GET /api/public/playlists/{id})', () => {
  it('signed out and as a stranger: the playlist, its owner and only its public tracks, in order', async () => {
    const id = await playlist([shownB, secret, shownA], { isPublic: true });
    for (const client of [t.client(), stranger, owner]) {
      const res = await read(client, id);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id,
        name: NAME,
        description: 'Slow songs for the ferry',
        imageUrl: null,
        owner: {
          id: owner.userId,
          name: 'harbour_owner',
          avatarUrl: null,
          profileUrl: '/profile/harbour_owner',
        },
      });
      expect(body.tracks.map((tr: { id: number }) => tr.id)).toEqual([shownB, shownA]);
      expect(body.tracks[0]).toEqual({
        id: shownB,
        name: 'Last Ferry',
        notes: null,
        mimeType: 'audio/wav',
        duration: expect.any(Number),
        visibility: 'public',
        processing: { state: expect.any(String), error: null },
        playable: expect.any(Boolean),
        loudness: null,
        version: 1,
        // What the take is (issue 47): a public track's tempo and key are shown, none measured here.
        bpm: null,
        bpmConfidence: null,
        bpmEdited: false,
        bpmAlternatives: [],
        musicalKey: null,
        keyConfidence: null,
        keyEdited: false,
      });
      // Nothing private, and nothing about people but the public name (and the id tracks carry).
      const text = res.body;
      expect(text).not.toContain(SECRET_TRACK);
      expect(text).not.toContain(`"id":${secret},`);
      expect(text).not.toContain('owner@example.test');
      expect(text).not.toContain('take.wav');
    }
  });

  it("leaves out someone else's track put there by other means, even a public one", async () => {
    const id = await playlist([shownA], { isPublic: true });
    await t.db.insert(playlistTracks).values({ playlistId: id, trackId: strangersPublic, position: 5 });
    const body = (await read(t.client(), id)).json();
    expect(body.tracks.map((tr: { id: number }) => tr.id)).toEqual([shownA]);
    const embed = (await t.client().get(`/api/embed/playlist/${id}`)).json();
    expect(embed.tracks.map((tr: { id: number }) => tr.id)).toEqual([shownA]);
  });

  it('a private playlist, an unknown and a malformed id answer the same 404, naming nothing', async () => {
    const id = await playlist([shownA]);
    const answers = [];
    for (const ref of [id, 999_999, 'abc', '0', '-1', '1.5', '99999999999', '%20']) {
      for (const client of [t.client(), stranger]) {
        const res = await read(client, ref);
        expect(res.statusCode, `${ref}`).toBe(404);
        expect(res.body).not.toContain(NAME);
        answers.push(res.json().message);
      }
    }
    expect(new Set(answers)).toEqual(new Set(['Playlist not found']));
    // The owner, too, reads only what a visitor would (the owner's page is GET /api/playlists/{id}).
    expect((await read(owner, id)).statusCode).toBe(404);
  });

  it('toggled back to private, it is a 404 again, and its page previews nothing', async () => {
    const id = await playlist([shownA], { isPublic: true });
    expect((await read(t.client(), id)).statusCode).toBe(200);
    const publicPage = (await t.client().get(`/playlist/${id}`)).body;
    expect(publicPage).toContain(`<title>${NAME}`);
    expect((await owner.patch(`/api/playlists/${id}`, { isPublic: false })).statusCode).toBe(200);
    for (const client of [t.client(), stranger]) expect((await read(client, id)).statusCode).toBe(404);
    expect((await t.client().get(`/api/embed/playlist/${id}`)).statusCode).toBe(404);
    const privatePage = (await t.client().get(`/playlist/${id}`)).body;
    expect(privatePage).not.toContain(NAME);
  });

  it("links the owner's profile only while it is public", async () => {
    const id = await playlist([shownA], { isPublic: true });
    expect((await owner.patch('/api/user/privacy', { isPublic: false })).statusCode).toBe(200);
    try {
      const body = (await read(t.client(), id)).json();
      expect(body.owner).toMatchObject({ name: 'harbour_owner', profileUrl: null });
    } finally {
      await owner.patch('/api/user/privacy', { isPublic: true });
    }
  });

  it('a public playlist with no public tracks still opens, empty', async () => {
    const id = await playlist([secret], { isPublic: true });
    const res = await read(t.client(), id);
    expect(res.statusCode).toBe(200);
    expect(res.json().tracks).toEqual([]);
    expect(res.body).not.toContain(SECRET_TRACK);
  });

  it('says how many of its tracks a visitor is not shown: a count, nothing about them', async () => {
    const hiddenToo = await upload(owner, 'Harbour Wall Private', 'private');
    const id = await playlist([shownB, secret, shownA, hiddenToo], { isPublic: true });
    for (const client of [t.client(), stranger, owner]) {
      const res = await read(client, id);
      const body = res.json();
      expect(body.tracks.map((tr: { id: number }) => tr.id)).toEqual([shownB, shownA]);
      expect(body.hiddenTrackCount).toBe(2);
      expect(res.body).not.toContain(SECRET_TRACK);
      expect(res.body).not.toContain('Harbour Wall Private');
      expect(res.body).not.toContain(`"id":${hiddenToo},`);
    }
    // Nothing hidden, nothing said; and a playlist of private tracks alone says all of them.
    expect(
      (await read(t.client(), await playlist([shownA], { isPublic: true }))).json().hiddenTrackCount,
    ).toBe(0);
    expect(
      (await read(t.client(), await playlist([secret], { isPublic: true }))).json().hiddenTrackCount,
    ).toBe(1);
  });
});
