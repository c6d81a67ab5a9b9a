import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { ffprobeAudio, hasFfmpeg, makeWav } from '../../../test/media-fixtures';
import { tracks, transcodeCache } from '../../db/schema';

/**
 * /rest stream transcodes over a real socket (decision 0385): a form POST (whose request closes once
 * its body is read) still gets the whole transcode, and a listener who goes away takes ffmpeg with
 * them. A 5-minute take, so a transcode that nobody reads stalls rather than finishes.
 */
let t: TestApp;
let base: string;
let apiKey: string;
let trackId: number;
let filepath: string;

beforeAll(async () => {
  t = await buildTestApp();
  const me = await t.signedInClient({ username: 'me' });
  apiKey = (await me.post('/api/user/api-keys', { name: 'Phone' })).json().key;
  const res = await me.upload(
    '/api/tracks',
    { name: 'Long take' },
    { field: 'audio', name: 'long.wav', type: 'audio/wav', data: makeWav(300) },
  );
  expect(res.statusCode).toBe(201);
  trackId = res.json().id;
  const [row] = await t.db.select({ filepath: tracks.filepath }).from(tracks).where(eq(tracks.id, trackId));
  filepath = row!.filepath;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  // An aborted fetch leaves its connection open on the server side here, whatever the route (the
  // web app's raw /stream too): closing waits for it otherwise.
  t.app.server.closeAllConnections();
  await t.close();
});

/** ffmpeg processes reading this test's take. */
const ffmpegsOnTake = () =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('ffmpeg') && line.includes(filepath)).length;

const isTranscodeCopy = (name: string) => name.startsWith('transcode-');

async function until(condition: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return condition();
}

describe.skipIf(!hasFfmpeg)('/rest stream transcodes over HTTP', () => {
  it('a form POST gets the whole transcode from timeOffset on', async () => {
    const api = new SubsonicAPI({ url: base, auth: { apiKey }, post: true });
    const res = await api.stream({ id: String(trackId), format: 'mp3', maxBitRate: 32, timeOffset: 240 });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(Math.abs(ffprobeAudio(Buffer.from(await res.arrayBuffer())).duration - 60)).toBeLessThan(1.5);
  });

  it('ffmpeg is killed when the listener goes away mid-stream', async () => {
    const abort = new AbortController();
    const url = `${base}/rest/stream.view?id=${trackId}&format=mp3&maxBitRate=320&apiKey=${apiKey}`;
    const res = await fetch(url, { signal: abort.signal });
    const reader = res.body!.getReader();
    expect((await reader.read()).value?.length).toBeGreaterThan(0);
    // Unread, 12 MB of MP3 back up into the socket and the pipe: ffmpeg waits, still running.
    expect(ffmpegsOnTake()).toBe(1);
    // A whole-track transcode is copied aside as it streams, for the cache.
    const copies = () => readdirSync(path.join(t.dataDir, 'tmp')).filter(isTranscodeCopy);
    expect(await until(() => copies().length === 1)).toBe(true);
    abort.abort();
    expect(await until(() => ffmpegsOnTake() === 0)).toBe(true);
    // A transcode cut short is not cached (decision 0400): no entry, and its temp copy is gone.
    expect(await until(() => copies().length === 0)).toBe(true);
    expect(await t.db.select().from(transcodeCache).where(eq(transcodeCache.trackId, trackId))).toEqual([]);
  });
});
