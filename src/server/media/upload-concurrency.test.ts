import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_AT_ONCE } from '../../shared/constants';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';
import { filePartHead, multipartHead, RawHttpRequest, type RawResponse } from '../../test/raw-http';
import { SESSION_COOKIE } from '../plugins/session';

// Issue 22: one person could hold any number of uploads open at once. Now at most
// UPLOADS_AT_ONCE.perPerson per instance, across every route that receives a file (decision 0251).
// Held uploads are real: raw sockets that sent part of a file and wait.

const CAP = UPLOADS_AT_ONCE.perPerson;
const TOO_MANY = `Too many uploads at once: at most ${CAP} of yours can be received at the same time. This one can start when another has finished.`;
let t: TestApp;
let alice: TestClient & { userId: string };
let bob: TestClient & { userId: string };
let port: number;
let auth: { cookie: string; csrfToken: string };
let trackId: number;
let png: Buffer;
const held: RawHttpRequest[] = [];

beforeAll(async () => {
  // No idle timeout or minimum rate within reach: the held uploads stay open as long as the test
  // needs them, however slow the machine.
  t = await buildTestApp({ config: { uploadIdleTimeoutMs: 600_000, uploadMinBytesPerSecond: 0 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  alice = await t.signedInClient();
  bob = await t.signedInClient();
  auth = {
    cookie: `${SESSION_COOKIE}=${alice.cookies.get(SESSION_COOKIE)}`,
    csrfToken: await alice.fetchCsrfToken(),
  };
  const first = await uploadTrack(alice, 'first.wav');
  expect(first.statusCode, first.body).toBe(201);
  trackId = first.json<{ id: number }>().id;
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: 'teal' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  for (const request of held) request.destroy();
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tempFiles = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'tmp'));
  } catch {
    return [];
  }
};
const uploadTrack = (client: TestClient, name: string) =>
  client.upload('/api/tracks', {}, { field: 'audio', name, type: 'audio/wav', data: makeWav(1) });

/** An upload of alice's that has begun (its temp file exists) and then waits, sending nothing. */
async function holdUpload(): Promise<RawHttpRequest> {
  const boundary = `held-${held.length}`;
  const before = tempFiles().length;
  const request = new RawHttpRequest(
    port,
    multipartHead({ path: '/api/tracks', boundary, ...auth, length: 1_000_000 }),
  );
  held.push(request);
  await request.write(filePartHead(boundary, 'audio', `held-${held.length}.wav`, 'audio/wav'));
  await request.write(Buffer.alloc(10_000, 1));
  for (let i = 0; i < 100 && tempFiles().length === before; i++) await sleep(20);
  expect(tempFiles()).toHaveLength(before + 1);
  return request;
}

/** Tries alice's upload until it is not refused for the cap (slots are given back asynchronously). */
async function untilAccepted(attempt: () => ReturnType<TestClient['upload']>) {
  for (let i = 0; ; i++) {
    const res = await attempt();
    if (res.statusCode !== 429 || i >= 100) return res;
    await sleep(20);
  }
}

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['retry-after']).toBe('5');
  expect(JSON.parse(res.body)).toEqual({ statusCode: 429, error: 'Too Many Requests', message: TOO_MANY });
}

describe(`a person with ${CAP} uploads in progress`, () => {
  it(`is refused a ${CAP + 1}th with 429 and Retry-After, before its body is read`, async () => {
    for (let i = 0; i < CAP; i++) await holdUpload();
    const boundary = 'one-too-many';
    const request = new RawHttpRequest(
      port,
      multipartHead({ path: '/api/tracks', boundary, ...auth, length: 1_000_000 }),
    );
    const res: RawResponse = await request.response;
    // Not one byte of the body was sent, and the answer is already here.
    expect(request.bytesSent).toBe(0);
    expectTooMany({ statusCode: res.status, headers: res.headers, body: res.body });
    expect(res.headers.connection).toBe('close');
    await request.closed;
    expect(tempFiles()).toHaveLength(CAP);
  });

  it('is refused on every route that receives a file: a new version, an avatar, a playlist cover', async () => {
    const version = await alice.upload(
      `/api/tracks/${trackId}/versions`,
      {},
      { field: 'file', name: 'v2.wav', type: 'audio/wav', data: makeWav(1) },
    );
    expectTooMany(version);
    const avatar = await alice.upload(
      '/api/user/avatar',
      {},
      { field: 'avatar', name: 'me.png', type: 'image/png', data: png },
    );
    expectTooMany(avatar);
    const playlist = (await alice.post('/api/playlists', { name: 'Covers' })).json<{ id: number }>();
    const cover = await alice.upload(
      `/api/playlists/${playlist.id}/image`,
      {},
      { field: 'image', name: 'cover.png', type: 'image/png', data: png },
    );
    expectTooMany(cover);
    expect((await alice.get('/api/tracks')).json()).toHaveLength(1);
  });

  it('does not hold anyone else back', async () => {
    const res = await uploadTrack(bob, 'bob.wav');
    expect(res.statusCode, res.body).toBe(201);
  });

  it('gets a slot back when one of the uploads is abandoned by its client', async () => {
    held.shift()!.destroy();
    const res = await untilAccepted(() => uploadTrack(alice, 'after-abort.wav'));
    expect(res.statusCode, res.body).toBe(201);
    // The abandoned upload's temp file went with it; the other held uploads still hold theirs.
    expect(tempFiles()).toHaveLength(CAP - 1);
  });

  it('gets the slot of a refused or failed upload back at once', async () => {
    // CAP - 1 held: each of these takes the last slot and must give it back.
    const notAudio = await alice.upload(
      '/api/tracks',
      {},
      { field: 'audio', name: 'notes.wav', type: 'audio/wav', data: Buffer.from('not audio at all') },
    );
    expect(notAudio.statusCode).toBe(415);
    const noFile = await alice.upload('/api/tracks', { name: 'nothing' });
    expect(noFile.statusCode).toBe(400);
    const notImage = await alice.upload(
      '/api/user/avatar',
      {},
      { field: 'avatar', name: 'me.png', type: 'image/png', data: Buffer.from('not an image') },
    );
    expect(notImage.statusCode).toBe(415);
    const ok = await uploadTrack(alice, 'after-failures.wav');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(t.app.uploads.slots.count(alice.userId)).toBe(CAP - 1);
  });

  it(`has all ${CAP} slots again once every held upload is gone, and uses them side by side`, async () => {
    for (const request of held.splice(0)) request.destroy();
    for (let i = 0; i < 100 && t.app.uploads.slots.count(alice.userId) > 0; i++) await sleep(20);
    expect(t.app.uploads.slots.count(alice.userId)).toBe(0);
    const results = await Promise.all(
      Array.from({ length: CAP }, (_, i) => uploadTrack(alice, `together-${i}.wav`)),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    expect(t.app.uploads.slots.count(alice.userId)).toBe(0);
    expect(tempFiles()).toEqual([]);
  });
});
