import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';

// Issue 24, the embeddable player (decision 0330): its pages, their framing headers, its JSON.
let t: TestApp;
let clientDir: string;
let owner: TestClient & { userId: string };
let stranger: TestClient & { userId: string };
let publicId: number;
let privateId: number;
let publicPlaylistId: number;
let privatePlaylistId: number;

const EMBED_PAGE = '<!doctype html><div id="embed"></div>';

async function upload(name: string, visibility: 'public' | 'private') {
  const res = await owner.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
  );
  const { id } = res.json() as { id: number };
  if (visibility === 'public')
    expect((await owner.patch(`/api/tracks/${id}`, { visibility })).statusCode).toBe(200);
  return id;
}

async function playlistOf(name: string, trackIds: number[], isPublic: boolean) {
  const { id } = (await owner.post('/api/playlists', { name })).json() as { id: number };
  for (const trackId of trackIds) await owner.post(`/api/playlists/${id}/tracks`, { trackId });
  // The owner publishes it as the app does (decision 0345).
  expect((await owner.patch(`/api/playlists/${id}`, { isPublic })).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'journal-embed-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'embed.html'), EMBED_PAGE);
  t = await buildTestApp({ clientDir });
  owner = await t.signedInClient({ username: 'embed_owner', isPublic: true });
  stranger = await t.signedInClient();
  publicId = await upload('Open Take', 'public');
  privateId = await upload('Secret Sketch', 'private');
  const second = await upload('Second Open Take', 'public');
  publicPlaylistId = await playlistOf('Night Set', [second, privateId, publicId], true);
  privatePlaylistId = await playlistOf('Hidden Set', [publicId], false);
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Frameable by anyone: `frame-ancestors *` and no X-Frame-Options. */
function expectFrameable(res: LightMyRequestResponse, url: string) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp, url).toMatch(/(^|;)\s*frame-ancestors \*(;|$)/);
  expect(csp, url).not.toContain("frame-ancestors 'self'");
  expect(csp, url).toContain("default-src 'self'");
  expect(res.headers['x-frame-options'], url).toBeUndefined();
}

/** Refuses other sites' frames, as every page but the embed does. */
function expectNotFrameable(res: LightMyRequestResponse, url: string) {
  expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'self'");
  expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
}

describe('embed pages (decision 0330)', () => {
  it('serve the embed page, not the app, for a public track and a public playlist, and may be framed', async () => {
    for (const url of [`/embed/track/${publicId}`, `/embed/playlist/${publicPlaylistId}`]) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toBe(EMBED_PAGE);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expectFrameable(res, url);
    }
  });

  it('answer a generic 404 page for private, unknown and malformed items, without a name, still frameable', async () => {
    const urls = [
      `/embed/track/${privateId}`,
      `/embed/track/999999`,
      `/embed/track/abc`,
      `/embed/track/0`,
      `/embed/track/99999999999`,
      `/embed/playlist/${privatePlaylistId}`,
      `/embed/playlist/999999`,
      `/embed/nothing/1`,
    ];
    // The owner's own session changes nothing: an embed shows what any visitor would see.
    for (const client of [t.client(), owner]) {
      for (const url of urls) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.body, url).toContain('This player is not available.');
        expect(res.body, url).not.toMatch(/Secret Sketch|Hidden Set|embed_owner|<div id="root">/);
        expectFrameable(res, url);
      }
    }
  });

  it('every other page, API reply and asset keeps refusing to be framed', async () => {
    for (const url of [
      '/',
      `/track/${publicId}`,
      `/playlist/${publicPlaylistId}`,
      '/embed',
      '/embedded/track/1',
      `/api/embed/track/${publicId}`,
      `/api/tracks/${publicId}`,
      '/api/health',
    ]) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expectNotFrameable(res, url);
    }
  });

  it('an error under /embed/ is not a page: it refuses frames like every other reply (issue 41)', async () => {
    // The review's finding: any reply whose address began with /embed/ allowed every site to frame
    // it, errors included. Only the embed's pages (the player, its not-available page) may be framed.
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      for (const url of [
        `/embed/track/${publicId}`,
        `/embed/playlist/${publicPlaylistId}`,
        '/embed/nothing/1',
      ]) {
        // Refused by the CSRF check (403) before any route is sought: an error either way.
        const res = await t.app.inject({ method, url });
        expect([403, 404], `${method} ${url}`).toContain(res.statusCode);
        expect(res.headers['content-type'], url).toContain('application/json');
        expectNotFrameable(res, `${method} ${url}`);
      }
    }
    // Signed in with a CSRF token: the JSON 404 of a method no route answers.
    const post = await owner.post(`/embed/track/${publicId}`, {});
    expect(post.statusCode).toBe(404);
    expectNotFrameable(post, 'signed-in POST');
    // Bad percent-encoding fails in the router: the framework's error, not a page.
    const bad = await t.client().get('/embed/track/%zz');
    expect(bad.statusCode).toBe(400);
    expectNotFrameable(bad, '/embed/track/%zz');
  });

  it('the embed file itself is only served at /embed/…', async () => {
    const res = await t.client().get('/embed.html');
    expect(res.body).not.toBe(EMBED_PAGE);
    expectNotFrameable(res, '/embed.html');
  });
});

describe('embed data (decision 0330)', () => {
  it('a public track: its name, owner, page, and media addresses the visitor may open', async () => {
    const res = await t.client().get(`/api/embed/track/${publicId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'track',
      title: 'Open Take',
      url: `/track/${publicId}`,
      owner: { name: 'embed_owner', url: '/profile/embed_owner' },
      tracks: [
        {
          id: publicId,
          name: 'Open Take',
          duration: expect.any(Number),
          playable: true,
          streamUrl: `/api/tracks/${publicId}/stream`,
          waveformUrl: `/api/tracks/${publicId}/waveform`,
          url: `/track/${publicId}`,
        },
      ],
    });
    const stream = await t.client().get(res.json().tracks[0].streamUrl, { range: 'bytes=0-99' });
    expect(stream.statusCode).toBe(206);
  });

  it('a public playlist lists its public tracks in order, leaving the private one out', async () => {
    const res = await t.client().get(`/api/embed/playlist/${publicPlaylistId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'playlist',
      title: 'Night Set',
      url: `/playlist/${publicPlaylistId}`,
      owner: { name: 'embed_owner', url: '/profile/embed_owner' },
    });
    expect(body.tracks.map((x: { name: string }) => x.name)).toEqual(['Second Open Take', 'Open Take']);
    expect(res.body).not.toContain('Secret Sketch');
  });

  it('a private profile is named but not linked', async () => {
    const shy = await t.signedInClient({
      username: null,
      firstName: 'Ada',
      lastName: 'Lee',
      isPublic: false,
    });
    const { id } = (
      await shy.upload(
        '/api/tracks',
        { name: 'Shy' },
        { field: 'audio', name: 'a.wav', type: 'audio/wav', data: makeWav(1) },
      )
    ).json() as { id: number };
    await shy.patch(`/api/tracks/${id}`, { visibility: 'public' });
    expect((await t.client().get(`/api/embed/track/${id}`)).json().owner).toEqual({
      name: 'Ada Lee',
      url: null,
    });
  });

  it('private and unknown items are the same 404, for anyone, the owner included', async () => {
    for (const client of [t.client(), stranger, owner]) {
      for (const url of [
        `/api/embed/track/${privateId}`,
        '/api/embed/track/999999',
        `/api/embed/playlist/${privatePlaylistId}`,
        '/api/embed/playlist/999999',
      ]) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not found' });
      }
    }
  });
});
