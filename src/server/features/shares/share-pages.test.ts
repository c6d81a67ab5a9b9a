import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { JSDOM } from 'jsdom';
import ogs from 'open-graph-scraper';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareLink } from '../../../shared/schemas/shares';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { shareLinks, tracks } from '../../db/schema';
import { LocalDiskStore } from '../../storage/local-disk-store';
import { newShareToken } from './share-links.service';

// Issue 24, the share-link page, its preview, picture and embed (decision 0335). Pages are read
// with a third-party link-preview parser (open-graph-scraper), as a chat app's unfurler reads them.
let t: TestApp;
let clientDir: string;
let owner: TestClient & { userId: string };
let visitor: TestClient;
let secretTrack: number;
let secondTrack: number;
let notShared: number;
let playlistId: number;

const SECRET = 'Moth Light Sketch';
const SECOND = 'Second Secret';
const UNSHARED = 'Never Shared Demo';
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Journal</title></head><body><div id="root"></div></body></html>';
const EMBED_PAGE = '<!doctype html><div id="embed"></div>';

async function upload(name: string) {
  const res = await owner.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
  );
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

/** Makes a track look processed: peaks in the store, ready and playable, 83.6 s long. */
async function processed(id: number) {
  const store = new LocalDiskStore(path.join(t.dataDir, 'files'));
  const local = path.join(t.dataDir, `peaks-${id}.json`);
  writeFileSync(local, JSON.stringify({ duration: 83.6, peaks: [-0.5, 0.5, -1, 1, -0.2, 0.3] }));
  const peaksKey = `tracks/share-${id}.peaks.json`;
  await store.putFile(peaksKey, local);
  await t.db
    .update(tracks)
    .set({ processingState: 'ready', originalPlayable: true, peaksKey, duration: 83.6 })
    .where(eq(tracks.id, id));
}

async function share(body: Record<string, unknown>): Promise<ShareLink> {
  const res = await owner.post('/api/shares', body);
  expect(res.statusCode).toBe(201);
  return res.json();
}
const expire = (id: number) =>
  t.db
    .update(shareLinks)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(shareLinks.id, id));
const visitsOf = async (id: number) =>
  (await t.db.select().from(shareLinks).where(eq(shareLinks.id, id)))[0]!.visits;

async function tagsOf(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const { error, result } = await ogs({ html: res.body });
  expect(error).toBe(false);
  const document = new JSDOM(res.body).window.document;
  const oembed = document.querySelector('link[rel="alternate"][type="application/json+oembed"]');
  return { og: result, document, oembed: oembed?.getAttribute('href') ?? null };
}

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'journal-share-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(clientDir, 'embed.html'), EMBED_PAGE);
  t = await buildTestApp({ clientDir });
  owner = await t.signedInClient({ username: 'mothlight', isPublic: false });
  visitor = t.client();
  secretTrack = await upload(SECRET);
  await owner.patch(`/api/tracks/${secretTrack}`, { notes: 'Taped in the attic' });
  await processed(secretTrack);
  secondTrack = await upload(SECOND);
  notShared = await upload(UNSHARED);
  playlistId = (await owner.post('/api/playlists', { name: 'Attic Tapes' })).json().id;
  for (const trackId of [secondTrack, secretTrack]) {
    expect((await owner.post(`/api/playlists/${playlistId}/tracks`, { trackId })).statusCode).toBeLessThan(
      300,
    );
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the /s/{token} page', () => {
  it('a live link to a private track: 200, tags of the track with token-scoped media, no visit counted', async () => {
    const link = await share({ trackId: secretTrack, description: 'For the band, first mix' });
    const res = await visitor.get(`/s/${link.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const { og, document, oembed } = await tagsOf(res);
    const url = `${TEST_PUBLIC_URL}/s/${link.token}`;
    const media = `${TEST_PUBLIC_URL}/api/shares/by-token/${link.token}/tracks/${secretTrack}`;
    expect(og.ogTitle).toBe(SECRET);
    expect(og.ogType).toBe('music.song');
    expect(og.ogUrl).toBe(url);
    expect(og.ogDescription).toBe('For the band, first mix');
    expect(og.ogImage?.[0]?.url).toBe(`${media}/og.png`);
    expect(og.ogAudio).toBe(`${media}/stream`);
    expect(og.ogAudioType).toBe('audio/wav');
    expect(og.musicDuration).toBe('84');
    expect(og.twitterCard).toBe('player');
    expect(og.twitterPlayer?.[0]?.url).toBe(`${TEST_PUBLIC_URL}/embed/s/${link.token}`);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(oembed).toBe(`${TEST_PUBLIC_URL}/api/oembed?url=${encodeURIComponent(url)}&format=json`);
    expect(document.getElementById('root')).not.toBeNull();
    // Never the track's own routes: they are 404 for a private track.
    expect(res.body).not.toContain(`/api/tracks/${secretTrack}`);
    // Each URL the tags name answers the signed-out visitor.
    const image = await visitor.get(new URL(`${media}/og.png`).pathname);
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 1200,
      height: 630,
    });
    expect((await visitor.get(new URL(`${media}/stream`).pathname, { range: 'bytes=0-9' })).statusCode).toBe(
      206,
    );
    // The page is the app's index.html: only its own API request counts as a visit.
    expect(await visitsOf(link.id)).toBe(0);
  });

  it('a track without a link description is described by its notes', async () => {
    const link = await share({ trackId: secretTrack });
    expect((await tagsOf(await visitor.get(`/s/${link.token}`))).og.ogDescription).toBe('Taped in the attic');
  });

  it('a playlist link: music.playlist, its name, the first track’s picture through the token', async () => {
    const link = await share({ playlistId });
    const res = await visitor.get(`/s/${link.token}`);
    expect(res.statusCode).toBe(200);
    const { og, oembed } = await tagsOf(res);
    expect(og.ogType).toBe('music.playlist');
    expect(og.ogTitle).toBe('Attic Tapes');
    expect(og.ogDescription).toBe('A playlist by mothlight on Journal · 2 tracks');
    expect(og.ogImage?.[0]?.url).toBe(
      `${TEST_PUBLIC_URL}/api/shares/by-token/${link.token}/tracks/${secondTrack}/og.png`,
    );
    expect(oembed).not.toBeNull();
  });

  it('expired: 410 with the site’s own tags; revoked, unknown and malformed: 404, nothing named', async () => {
    const expired = await share({ trackId: secretTrack });
    await expire(expired.id);
    const revoked = await share({ trackId: secretTrack });
    expect((await owner.delete(`/api/shares/${revoked.id}`)).statusCode).toBe(204);
    const cases: [string, number][] = [
      [expired.token, 410],
      [revoked.token, 404],
      [newShareToken(), 404],
      ['not-a-token', 404],
    ];
    for (const [token, status] of cases) {
      const res = await visitor.get(`/s/${encodeURIComponent(token)}`);
      expect(res.statusCode, token).toBe(status);
      const { og, oembed } = await tagsOf(res);
      expect(og.ogTitle, token).toBe('Journal');
      expect(og.ogUrl, token).toBe(`${TEST_PUBLIC_URL}/`);
      expect(oembed, token).toBeNull();
      expect(res.body, token).not.toMatch(/Moth Light|mothlight|og:audio/);
      // The app still loads, to say which of the two it is.
      expect(res.body, token).toContain('<div id="root">');
    }
  });

  it('oEmbed follows a live link to its embed; an expired one is a 404', async () => {
    const link = await share({ trackId: secretTrack });
    const url = `${TEST_PUBLIC_URL}/s/${link.token}`;
    const res = await visitor.get(`/api/oembed?url=${encodeURIComponent(url)}`);
    expect(res.statusCode).toBe(200);
    // The address is a secret: no shared cache may keep what it opens (issue 41).
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    const body = res.json();
    expect(body).toMatchObject({
      type: 'rich',
      title: SECRET,
      author_name: 'mothlight',
      width: 480,
      height: 160,
    });
    const iframe = new JSDOM(body.html).window.document.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toBe(`${TEST_PUBLIC_URL}/embed/s/${link.token}`);
    await expire(link.id);
    expect((await visitor.get(`/api/oembed?url=${encodeURIComponent(url)}`)).statusCode).toBe(404);
  });
});

describe('the picture through a link', () => {
  it('is revalidated by ETag, and answers 410 once expired and 404 for a track the link does not open', async () => {
    const link = await share({ trackId: secretTrack });
    const at = (trackId: number) => `/api/shares/by-token/${link.token}/tracks/${trackId}/og.png`;
    const first = await visitor.get(at(secretTrack));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await visitor.get(at(secretTrack), { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect((await visitor.get(at(notShared))).statusCode).toBe(404);
    await expire(link.id);
    expect((await visitor.get(at(secretTrack))).statusCode).toBe(410);
  });
});

describe('the embed of a link', () => {
  it('answers the Embed shape with token-scoped media, which plays; not counted as a visit', async () => {
    const link = await share({ playlistId });
    const res = await visitor.get(`/api/embed/s/${link.token}`);
    expect(res.statusCode).toBe(200);
    const base = `/api/shares/by-token/${link.token}/tracks`;
    expect(res.json()).toEqual({
      kind: 'playlist',
      title: 'Attic Tapes',
      url: `/s/${link.token}`,
      // A private profile is named, not linked.
      owner: { name: 'mothlight', url: null },
      tracks: [secondTrack, secretTrack].map((id) => ({
        id,
        name: id === secretTrack ? SECRET : SECOND,
        duration: id === secretTrack ? 83.6 : expect.anything(),
        playable: true,
        streamUrl: `${base}/${id}/stream`,
        waveformUrl: `${base}/${id}/waveform`,
        url: null,
      })),
    });
    expect(res.body).not.toContain(UNSHARED);
    const stream = await visitor.get(res.json().tracks[1].streamUrl, { range: 'bytes=0-99' });
    expect(stream.statusCode).toBe(206);
    expect((await visitor.get(res.json().tracks[1].waveformUrl)).json().duration).toBe(83.6);
    expect(await visitsOf(link.id)).toBe(0);
  });

  it('its page is the embed page, framable by anyone; expired 410 and unknown 404 get the not-available page', async () => {
    const live = await share({ trackId: secretTrack });
    const expired = await share({ trackId: secretTrack });
    await expire(expired.id);
    const page = await visitor.get(`/embed/s/${live.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(EMBED_PAGE);
    expect(String(page.headers['content-security-policy'])).toMatch(/frame-ancestors \*/);
    expect(page.headers['x-frame-options']).toBeUndefined();
    for (const [token, status] of [
      [expired.token, 410],
      [newShareToken(), 404],
      ['short', 404],
    ] as const) {
      const res = await visitor.get(`/embed/s/${token}`);
      expect(res.statusCode, token).toBe(status);
      expect(res.body, token).toContain('This player is not available.');
      expect(res.body, token).not.toContain(SECRET);
      expect(res.headers['x-frame-options'], token).toBeUndefined();
      const data = await visitor.get(`/api/embed/s/${token}`);
      expect(data.statusCode, token).toBe(status);
    }
    // The /s page itself is the app, which no other site may frame.
    expect((await visitor.get(`/s/${live.token}`)).headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('visits and guessing', () => {
  it('HEAD on the by-token route and the page answers like GET but is not a visit; GET is', async () => {
    const link = await share({ trackId: secretTrack });
    const head = await visitor.request('HEAD', `/api/shares/by-token/${link.token}`);
    expect(head.statusCode).toBe(200);
    // The page answers HEAD too (unfurlers ask), with the link's status.
    expect((await visitor.request('HEAD', `/s/${link.token}`)).statusCode).toBe(200);
    expect((await visitor.request('HEAD', `/s/${newShareToken()}`)).statusCode).toBe(404);
    expect(await visitsOf(link.id)).toBe(0);
    expect((await visitor.get(`/api/shares/by-token/${link.token}`)).statusCode).toBe(200);
    expect(await visitsOf(link.id)).toBe(1);
  });

  it('the page and the embed are limited per address (60 a minute), unknown tokens counted too', async () => {
    const from = '10.201.0.1';
    const at = (url: string) => visitor.request('GET', url, { remoteAddress: from });
    for (const prefix of ['/s/', '/embed/s/', '/api/embed/s/']) {
      for (let i = 0; i < 60; i += 1) expect((await at(`${prefix}${newShareToken()}`)).statusCode).toBe(404);
      const refused = await at(`${prefix}${newShareToken()}`);
      expect(refused.statusCode, prefix).toBe(429);
      // Another address is not held back.
      expect((await visitor.get(`${prefix}${newShareToken()}`)).statusCode, prefix).toBe(404);
    }
  });
});
