import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import ogs from 'open-graph-scraper';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { playlists, playlistTracks, tracks } from '../../db/schema';
import { LocalDiskStore } from '../../storage/local-disk-store';

// Issue 24, link previews (decision 0325): pages are read with a third-party link-preview parser
// (open-graph-scraper) and jsdom, as a chat app's unfurler would read them.
type Client = TestClient & { userId: string };
let t: TestApp;
let clientDir: string;
let owner: Client;
let hidden: Client;
let visitor: TestClient;

const TRACK_NAME = 'Sunrise <Take> "1" & more';
const NOTES = `Recorded at dawn with the ${'old tape machine and a cheap microphone, '.repeat(8)}end.`;
const PRIVATE_TRACK = 'Zebrafinch Secret Demo';
const HIDDEN_USER = 'quietmoth';
const HIDDEN_BIO = 'Velvetfog never says hello';
const PUBLIC_PLAYLIST = 'Night Drive Mix';
const PRIVATE_PLAYLIST = 'Lanternfish Tapes';
let publicId: number;
let privateId: number;
let publicPlaylistId: number;
let privatePlaylistId: number;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Journal: an experimental community platform for music lovers." />
    <title>Journal</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index-abc123.js"></script>
  </body>
</html>`;

async function upload(client: Client, name: string) {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
  );
  expect(res.statusCode).toBeLessThan(300);
  return res.json().id as number;
}

/** Makes a track look processed: peaks in the store, ready and playable, 123.4 s long. */
async function processed(id: number) {
  const store = new LocalDiskStore(path.join(t.dataDir, 'files'));
  const local = path.join(t.dataDir, `peaks-${id}.json`);
  const peaks = Array.from({ length: 400 }, (_, i) => (i % 2 ? 1 : -1) * Math.abs(Math.sin(i / 20)));
  writeFileSync(local, JSON.stringify({ duration: 123.4, peaks }));
  const peaksKey = `tracks/test-${id}.peaks.json`;
  await store.putFile(peaksKey, local);
  await t.db
    .update(tracks)
    .set({ processingState: 'ready', originalPlayable: true, peaksKey, duration: 123.4 })
    .where(eq(tracks.id, id));
}

async function page(url: string) {
  const res = await visitor.get(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toMatch(/^text\/html/);
  const { error, result } = await ogs({ html: res.body });
  expect(error, url).toBe(false);
  const document = new JSDOM(res.body).window.document;
  const oembed = document.querySelector('link[rel="alternate"][type="application/json+oembed"]');
  return { res, og: result, document, oembed: oembed?.getAttribute('href') ?? null };
}

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'journal-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ clientDir });
  owner = await t.signedInClient({ isPublic: true, username: 'ada', bio: `  Makes <noise>\n & "loops"  ` });
  hidden = await t.signedInClient({ isPublic: false, username: HIDDEN_USER, bio: HIDDEN_BIO });
  visitor = t.client();

  publicId = await upload(owner, TRACK_NAME);
  expect(
    (await owner.patch(`/api/tracks/${publicId}`, { visibility: 'public', notes: NOTES })).statusCode,
  ).toBe(200);
  await processed(publicId);
  privateId = await upload(owner, PRIVATE_TRACK);
  await processed(privateId);

  const [pub] = await t.db
    .insert(playlists)
    .values({
      userId: owner.userId,
      name: PUBLIC_PLAYLIST,
      description: 'Songs for the road',
      isPublic: true,
    })
    .returning();
  const [priv] = await t.db
    .insert(playlists)
    .values({ userId: owner.userId, name: PRIVATE_PLAYLIST, isPublic: false })
    .returning();
  publicPlaylistId = pub!.id;
  privatePlaylistId = priv!.id;
  await t.db.insert(playlistTracks).values([
    { playlistId: publicPlaylistId, trackId: privateId, position: 0 },
    { playlistId: publicPlaylistId, trackId: publicId, position: 1 },
    { playlistId: privatePlaylistId, trackId: publicId, position: 0 },
  ]);
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('a public track page', () => {
  it('carries Open Graph, music, Twitter player and oEmbed tags, all absolute and escaped', async () => {
    const { og, document, oembed, res } = await page(`/track/${publicId}`);
    const url = `${TEST_PUBLIC_URL}/track/${publicId}`;
    expect(og.ogTitle).toBe(TRACK_NAME);
    expect(og.ogType).toBe('music.song');
    expect(og.ogUrl).toBe(url);
    expect(og.ogSiteName).toBe('Journal');
    expect(og.ogDescription!.length).toBeLessThanOrEqual(200);
    expect(og.ogDescription).toMatch(/^Recorded at dawn with the old tape machine/);
    expect(og.ogDescription).toMatch(/…$/);
    expect(og.ogImage?.[0]?.url).toBe(`${TEST_PUBLIC_URL}/api/tracks/${publicId}/og.png`);
    expect(og.ogImage?.[0]?.width).toBe('1200');
    expect(og.ogImage?.[0]?.height).toBe('630');
    expect(og.ogAudio).toBe(`${TEST_PUBLIC_URL}/api/tracks/${publicId}/stream`);
    expect(og.ogAudioType).toBe('audio/wav');
    expect(og.musicDuration).toBe('123');
    expect(og.twitterCard).toBe('player');
    expect(og.twitterPlayer?.[0]?.url).toBe(`${TEST_PUBLIC_URL}/embed/track/${publicId}`);
    expect(og.twitterPlayer?.[0]?.width).toBe('480');
    expect(og.twitterPlayer?.[0]?.height).toBe('160');
    expect(document.title).toBe(`${TRACK_NAME} by ada · Journal`);
    expect(oembed).toBe(`${TEST_PUBLIC_URL}/api/oembed?url=${encodeURIComponent(url)}&format=json`);
    // The markup around the name is text, never tags; one title and one description.
    expect(res.body).not.toContain('<Take>');
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelector('#root')).not.toBeNull();
    // The track's own request starts from the HTML (decision 0375), as the client's query makes it.
    const preload = document.querySelector('link[rel="preload"][as="fetch"]');
    expect(preload?.getAttribute('href')).toBe(`/api/tracks/${publicId}`);
    expect(preload?.getAttribute('crossorigin')).toBe('use-credentials');
  });

  it('keeps the headers every other page has: no framing, the same CSP', async () => {
    const other = await visitor.get('/search');
    const res = await visitor.get(`/track/${publicId}`);
    expect(res.headers['content-security-policy']).toBe(other.headers['content-security-policy']);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe(other.headers['x-frame-options']);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('follows a rename at once, and says nothing once the track is private again', async () => {
    const renamed = 'Sunset Take';
    expect((await owner.patch(`/api/tracks/${publicId}`, { name: renamed })).statusCode).toBe(200);
    expect((await page(`/track/${publicId}`)).og.ogTitle).toBe(renamed);
    expect((await owner.patch(`/api/tracks/${publicId}`, { visibility: 'private' })).statusCode).toBe(200);
    const { res, og, oembed } = await page(`/track/${publicId}`);
    expect(res.body).not.toContain(renamed);
    expect(og.ogTitle).toBe('Journal');
    expect(oembed).toBeNull();
    await owner.patch(`/api/tracks/${publicId}`, { name: TRACK_NAME, visibility: 'public' });
  });
});

describe('private and missing things get the site tags only', () => {
  const cases = () => [
    { url: `/track/${privateId}`, secrets: [PRIVATE_TRACK] },
    { url: '/track/999999', secrets: [] },
    { url: `/profile/${HIDDEN_USER}`, secrets: [HIDDEN_BIO, 'Velvetfog'] },
    { url: `/profile/${hidden.userId}`, secrets: [HIDDEN_USER, HIDDEN_BIO] },
    { url: '/profile/nobody-here', secrets: [] },
    { url: `/playlist/${privatePlaylistId}`, secrets: [PRIVATE_PLAYLIST] },
    { url: '/playlist/424242', secrets: [] },
  ];

  it('not a word of their name anywhere in the page', async () => {
    for (const { url, secrets } of cases()) {
      const { res, og, document, oembed } = await page(url);
      for (const secret of secrets) expect(res.body, url).not.toContain(secret);
      expect(og.ogTitle, url).toBe('Journal');
      expect(og.ogType, url).toBe('website');
      expect(og.ogUrl, url).toBe(`${TEST_PUBLIC_URL}/`);
      expect(og.ogImage, url).toBeUndefined();
      expect(og.ogAudio, url).toBeUndefined();
      expect(document.querySelector('link[rel="preload"][as="fetch"]'), url).toBeNull();
      expect(document.title, url).toBe('Journal');
      expect(oembed, url).toBeNull();
    }
  });

  it('a signed-in stranger sees the same', async () => {
    const stranger = await t.signedInClient();
    const res = await stranger.get(`/track/${privateId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(PRIVATE_TRACK);
  });
});

describe('a public profile page', () => {
  it('is a profile with its bio, by username and by id, canonical at the username', async () => {
    for (const url of ['/profile/ada', '/profile/ADA', `/profile/${owner.userId}`]) {
      const { og, document, oembed } = await page(url);
      expect(og.ogTitle, url).toBe('ada');
      expect(og.ogType, url).toBe('profile');
      expect(og.ogUrl, url).toBe(`${TEST_PUBLIC_URL}/profile/ada`);
      expect(og.ogDescription, url).toBe('Makes <noise> & "loops"');
      expect(og.twitterCard, url).toBe('summary');
      expect(document.title, url).toBe('ada · Journal');
      expect(oembed, url).toBeNull();
    }
  });
});

describe('a public playlist page', () => {
  it('is a music.playlist with a large image card and only its public tracks counted', async () => {
    const { og, res, oembed } = await page(`/playlist/${publicPlaylistId}`);
    const url = `${TEST_PUBLIC_URL}/playlist/${publicPlaylistId}`;
    expect(og.ogTitle).toBe(PUBLIC_PLAYLIST);
    expect(og.ogType).toBe('music.playlist');
    expect(og.ogUrl).toBe(url);
    expect(og.ogDescription).toBe('Songs for the road');
    expect(og.ogImage?.[0]?.url).toBe(`${TEST_PUBLIC_URL}/api/tracks/${publicId}/og.png`);
    expect(og.twitterCard).toBe('summary_large_image');
    expect(oembed).toBe(`${TEST_PUBLIC_URL}/api/oembed?url=${encodeURIComponent(url)}&format=json`);
    expect(res.body).not.toContain(PRIVATE_TRACK);
  });
});

describe('GET /api/oembed', () => {
  const oembed = (url: string | undefined, format?: string) => {
    const query = new URLSearchParams();
    if (url !== undefined) query.set('url', url);
    if (format !== undefined) query.set('format', format);
    return visitor.get(`/api/oembed?${query}`);
  };

  it('answers the rich type with an iframe of the track player', async () => {
    const res = await oembed(`${TEST_PUBLIC_URL}/track/${publicId}`, 'json');
    expect(res.statusCode).toBe(200);
    // A public page's oEmbed may be kept a minute by shared caches (a share link's may not).
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(body).toEqual({
      version: '1.0',
      type: 'rich',
      html: expect.any(String),
      width: 480,
      height: 160,
      title: TRACK_NAME,
      author_name: 'ada',
      author_url: `${TEST_PUBLIC_URL}/profile/ada`,
      provider_name: 'Journal',
      provider_url: `${TEST_PUBLIC_URL}/`,
      thumbnail_url: `${TEST_PUBLIC_URL}/api/tracks/${publicId}/og.png`,
      thumbnail_width: 1200,
      thumbnail_height: 630,
    });
    const iframe = new JSDOM(body.html).window.document.querySelector('iframe')!;
    expect(iframe.getAttribute('src')).toBe(`${TEST_PUBLIC_URL}/embed/track/${publicId}`);
    expect(iframe.getAttribute('title')).toBe(TRACK_NAME);
    expect(body.html).not.toContain('<Take>');
    // format is optional, json by default
    expect((await oembed(`${TEST_PUBLIC_URL}/track/${publicId}`)).json().title).toBe(TRACK_NAME);
  });

  it('embeds a public playlist', async () => {
    const res = await oembed(`${TEST_PUBLIC_URL}/playlist/${publicPlaylistId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'rich', title: PUBLIC_PLAYLIST, width: 480, height: 400 });
    expect(res.json().html).toContain(`${TEST_PUBLIC_URL}/embed/playlist/${publicPlaylistId}`);
  });

  it('404 for anything not public, not embeddable, or not on this site', async () => {
    for (const url of [
      `${TEST_PUBLIC_URL}/track/${privateId}`,
      `${TEST_PUBLIC_URL}/track/999999`,
      `${TEST_PUBLIC_URL}/playlist/${privatePlaylistId}`,
      `${TEST_PUBLIC_URL}/profile/${HIDDEN_USER}`,
      `${TEST_PUBLIC_URL}/profile/ada`,
      `${TEST_PUBLIC_URL}/search`,
      `https://elsewhere.example/track/${publicId}`,
    ]) {
      const res = await oembed(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain(PRIVATE_TRACK);
      expect(res.body, url).not.toContain(PRIVATE_PLAYLIST);
    }
  });

  it('501 for XML, 400 without a usable url', async () => {
    expect((await oembed(`${TEST_PUBLIC_URL}/track/${publicId}`, 'xml')).statusCode).toBe(501);
    expect((await oembed(`${TEST_PUBLIC_URL}/track/${publicId}`, 'yaml')).statusCode).toBe(400);
    for (const url of [undefined, '', 'not a url', '/track/1', 'javascript:alert(1)']) {
      expect((await oembed(url)).statusCode, String(url)).toBe(400);
    }
  });
});

describe('GET /api/tracks/{id}/og.png', () => {
  it('is a 1200×630 PNG for a public track, revalidated by its ETag', async () => {
    const res = await visitor.get(`/api/tracks/${publicId}/og.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const etag = String(res.headers.etag);
    expect((await visitor.get(`/api/tracks/${publicId}/og.png`, { 'if-none-match': etag })).statusCode).toBe(
      304,
    );
    // A rename draws a new picture.
    await owner.patch(`/api/tracks/${publicId}`, { name: 'Another name' });
    const again = await visitor.get(`/api/tracks/${publicId}/og.png`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).not.toBe(etag);
    await owner.patch(`/api/tracks/${publicId}`, { name: TRACK_NAME });
  });

  it('404 for a private or missing track, signed in as its owner or not', async () => {
    expect((await visitor.get(`/api/tracks/${privateId}/og.png`)).statusCode).toBe(404);
    expect((await owner.get(`/api/tracks/${privateId}/og.png`)).statusCode).toBe(404);
    expect((await visitor.get('/api/tracks/999999/og.png')).statusCode).toBe(404);
  });
});
