import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx } from '../../../bench/lib/processes.mjs';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';

// STREAM_OFFLOAD=nginx (decision 0069): the app checks access and answers with X-Accel-Redirect;
// nginx sends the bytes.
let t: TestApp;
let owner: TestClient & { userId: string };
let hidden: TestClient & { userId: string };
let publicTrack: number;
let privateTrack: number;
const audio = makeWav(2);

async function upload(client: TestClient, name: string): Promise<number> {
  const res = await client.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: audio },
  );
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/** Paths of the requests the app itself received (its request log). */
const appRequests: string[] = [];
const appLog = {
  write(line: string) {
    const entry = JSON.parse(line) as { msg?: string; req?: { url?: string } };
    if (entry.msg === 'incoming request' && entry.req?.url) appRequests.push(entry.req.url);
  },
};

beforeAll(async () => {
  t = await buildTestApp({ config: { streamOffload: 'nginx' }, logStream: appLog });
  owner = await t.signedInClient({ isPublic: true });
  publicTrack = await upload(owner, 'Public');
  // Open by link signed out: a public track (decision 0140).
  expect((await owner.patch(`/api/tracks/${publicTrack}`, { visibility: 'public' })).statusCode).toBe(200);
  hidden = await t.signedInClient();
  privateTrack = await upload(hidden, 'Private');
});
afterAll(async () => t.close());

describe('the app with STREAM_OFFLOAD=nginx', () => {
  it('answers a listener with X-Accel-Redirect, the headers nginx keeps, and no body', async () => {
    const res = await t.client().get(`/api/tracks/${publicTrack}/stream`, { range: 'bytes=0-99' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toMatch(/^\/_protected\/[a-z0-9/_.-]+$/i);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.rawPayload.length).toBe(0);
  });

  it('GET /original also names the file to save as', async () => {
    const res = await t.client().get(`/api/tracks/${publicTrack}/original`);
    expect(res.headers['x-accel-redirect']).toMatch(/^\/_protected\//);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="take\.wav"/);
    expect(res.rawPayload.length).toBe(0);
  });

  it('still answers 404, without the header, to those who may not listen', async () => {
    const res = await t.client().get(`/api/tracks/${privateTrack}/stream`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-accel-redirect']).toBeUndefined();
  });
});

const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(existsSync);
if (!nginxBinary) {
  const message = 'nginx is not installed: the STREAM_OFFLOAD=nginx round trip through nginx was NOT tested';
  if (process.env.CI === 'true') throw new Error(`${message} (CI=true requires it)`);
  console.warn(`\n!!! ${message} !!!\n`);
}

describe.skipIf(!nginxBinary)('through a real nginx in front of the app (bench/nginx.conf)', () => {
  let proxyUrl: string;
  let stopNginx: () => Promise<void>;

  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const filesDir = path.join(t.dataDir, 'files');
    // nginx's workers run as nobody: the temp data folder (0700) must let them through.
    for (const dir of [t.dataDir, filesDir]) chmodSync(dir, 0o755);
    const emptyRoot = path.join(t.dataDir, 'nginx-root');
    mkdirSync(emptyRoot);
    const nginx = await startNginx(emptyRoot, { app: new URL(address).host, filesDir });
    proxyUrl = nginx.proxyUrl;
    stopNginx = nginx.stop;
  });
  afterAll(async () => stopNginx?.());

  it('a Range request is answered 206 by nginx with the right bytes and the app type', async () => {
    const res = await fetch(`${proxyUrl}/api/tracks/${publicTrack}/stream`, {
      headers: { range: 'bytes=1000-4999' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-4999/${audio.length}`);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('x-accel-redirect')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(audio.subarray(1000, 5000))).toBe(true);
  });

  it('the whole file, and 416 past its end', async () => {
    const whole = await fetch(`${proxyUrl}/api/tracks/${publicTrack}/stream`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(audio)).toBe(true);
    const past = await fetch(`${proxyUrl}/api/tracks/${publicTrack}/stream`, {
      headers: { range: `bytes=${audio.length + 10}-` },
    });
    expect(past.status).toBe(416);
    await past.arrayBuffer();
  });

  it('no access: 404 from the app, and the internal location cannot be asked for directly', async () => {
    const refused = await fetch(`${proxyUrl}/api/tracks/${privateTrack}/stream`);
    expect(refused.status).toBe(404);
    await refused.arrayBuffer();
    const { headers } = await t.client().get(`/api/tracks/${privateTrack}/original`, {});
    expect(headers['x-accel-redirect']).toBeUndefined();
    const direct = await t.client().get(`/api/tracks/${publicTrack}/stream`);
    const internal = await fetch(proxyUrl + String(direct.headers['x-accel-redirect']));
    expect(internal.status).toBe(404);
    await internal.arrayBuffer();
  });

  it('keeps a grant per session: further Range requests are nginx alone, another session is asked anew', async () => {
    const url = `${proxyUrl}/api/tracks/${privateTrack}/stream`;
    const asOwner = { cookie: hidden.cookieHeader() };
    const path = `/api/tracks/${privateTrack}/stream`;
    const before = appRequests.filter((p) => p === path).length;
    for (const [start, end] of [
      [0, 99],
      [5000, 5999],
      [100, audio.length - 1],
    ] as const) {
      const range = `bytes=${start}-${end}`;
      const res = await fetch(url, { headers: { ...asOwner, range } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(Buffer.from(await res.arrayBuffer()).equals(audio.subarray(start, end + 1))).toBe(true);
    }
    // One access check for three requests: the first.
    expect(appRequests.filter((p) => p === path).length - before).toBe(1);

    // The grant is not anyone else's: another person, and nobody signed in, are refused by the app.
    const stranger = await t.signedInClient();
    for (const headers of [{ cookie: stranger.cookieHeader() }, {}] as Record<string, string>[]) {
      const refused = await fetch(url, { headers: { ...headers, range: 'bytes=0-99' } });
      expect(refused.status).toBe(404);
      expect((await refused.json()).message).toBeTruthy();
    }
    // A cookie that merely ends with the session cookie's name is another cookie.
    const lookalike = await fetch(url, { headers: { cookie: `x${hidden.cookieHeader()}` } });
    expect(lookalike.status).toBe(404);
    await lookalike.arrayBuffer();
  });

  it('a kept grant of /original keeps its file name, and its type is sent once', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${proxyUrl}/api/tracks/${privateTrack}/original`, {
        headers: { cookie: hidden.cookieHeader() },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="take\.wav"/);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(Buffer.from(await res.arrayBuffer()).equals(audio)).toBe(true);
    }
  });
});
