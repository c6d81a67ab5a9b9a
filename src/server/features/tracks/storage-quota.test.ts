import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStorageAmount } from '../../../shared/format';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { chunk, filePartHead, multipartHead, RawHttpRequest, type RawResponse } from '../../../test/raw-http';
import { SESSION_COOKIE } from '../../plugins/session';

const WAV = makeWav(1); // 16,044 bytes
const QUOTA = Math.floor(WAV.length * 2.5); // two fit, a third does not

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ config: { storageQuotaBytes: QUOTA } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t.close());

const upload = (client: TestClient, name = 'take.wav') =>
  client.upload('/api/tracks', {}, { field: 'audio', name, type: 'audio/wav', data: WAV });
const usage = async (client: TestClient) => (await client.get('/api/user/storage')).json();
const tempFiles = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'tmp'));
  } catch {
    return [];
  }
};
const storedTracks = () => {
  try {
    return readdirSync(path.join(t.dataDir, 'files', 'tracks'));
  } catch {
    return [];
  }
};
const quotaMessage = (used: number) =>
  `Storage quota exceeded: ${formatStorageAmount(used)} of ${formatStorageAmount(QUOTA)} used`;

async function rawAuth(client: TestClient) {
  return {
    cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`,
    csrfToken: await client.fetchCsrfToken(),
  };
}

describe('GET /api/user/storage', () => {
  it('needs sign-in', async () => {
    expect((await t.client().get('/api/user/storage')).statusCode).toBe(401);
  });

  it('reports the audio the person stores and the quota, and follows uploads and deletes', async () => {
    const ada = await t.signedInClient();
    expect(await usage(ada)).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
    const track = (await upload(ada)).json();
    expect(await usage(ada)).toEqual({ usedBytes: WAV.length, quotaBytes: QUOTA });
    // Someone else's uploads are theirs.
    expect(await usage(await t.signedInClient())).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
    await ada.delete(`/api/tracks/${track.id}`);
    expect(await usage(ada)).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
  });
});

describe('the storage quota', () => {
  it('refuses the file that would pass it with 413 saying how much is used and allowed, keeping nothing', async () => {
    const bob = await t.signedInClient();
    expect((await upload(bob, 'one.wav')).statusCode).toBe(201);
    expect((await upload(bob, 'two.wav')).statusCode).toBe(201);
    const before = storedTracks().length;
    const third = await upload(bob, 'three.wav');
    expect(third.statusCode).toBe(413);
    expect(third.json().message).toBe(quotaMessage(2 * WAV.length));
    expect((await bob.get('/api/tracks')).json()).toHaveLength(2);
    expect(storedTracks()).toHaveLength(before);
    expect(tempFiles()).toEqual([]);
  });

  it('is checked before the body: a Content-Length over the room left is refused before a byte is sent', async () => {
    const cleo = await t.signedInClient();
    await upload(cleo);
    const request = new RawHttpRequest(
      port,
      multipartHead({
        path: '/api/tracks',
        boundary: 'over-quota',
        ...(await rawAuth(cleo)),
        length: QUOTA + 4 * 1024 * 1024,
      }),
    );
    const res = await Promise.race([
      request.response,
      new Promise((r) => setTimeout(() => r('no answer'), 3000)),
    ]);
    expect(res).not.toBe('no answer');
    expect(request.bytesSent).toBe(0);
    expect((res as RawResponse).status).toBe(413);
    expect(JSON.parse((res as RawResponse).body).message).toBe(quotaMessage(WAV.length));
    await request.closed;
  });

  it('cuts off a chunked body as soon as it passes the room left', async () => {
    const dan = await t.signedInClient();
    await upload(dan);
    const boundary = 'chunked-over-quota';
    const request = new RawHttpRequest(
      port,
      multipartHead({ path: '/api/tracks', boundary, ...(await rawAuth(dan)), length: 'chunked' }),
    );
    await request.write(chunk(filePartHead(boundary, 'audio', 'long.wav', 'audio/wav')));
    const piece = Buffer.alloc(16 * 1024, 3);
    while (request.bytesSent < 256 * 1024 * 1024 && (await request.write(chunk(piece)))) {
      // a client that keeps sending
    }
    const res = await request.response;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe(quotaMessage(WAV.length));
    expect(request.bytesSent).toBeLessThan(64 * 1024 * 1024);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses at once anyone already at the quota, even a tiny file of unknown length', async () => {
    const eve = await t.signedInClient();
    await upload(eve, 'one.wav');
    await upload(eve, 'two.wav');
    // Exactly the room left: it fits, and the quota is then reached.
    const rest = makeWav((QUOTA - 2 * WAV.length - 44) / 2 / 8000);
    expect(rest.length).toBe(QUOTA - 2 * WAV.length);
    const fits = await eve.upload(
      '/api/tracks',
      {},
      { field: 'audio', name: 'rest.wav', type: 'audio/wav', data: rest },
    );
    expect(fits.statusCode).toBe(201);
    expect(await usage(eve)).toEqual({ usedBytes: QUOTA, quotaBytes: QUOTA });

    const request = new RawHttpRequest(
      port,
      multipartHead({
        path: '/api/tracks',
        boundary: 'at-quota',
        ...(await rawAuth(eve)),
        length: 'chunked',
      }),
    );
    const res = await Promise.race([
      request.response,
      new Promise((r) => setTimeout(() => r('no answer'), 3000)),
    ]);
    expect(res).not.toBe('no answer');
    expect(request.bytesSent).toBe(0);
    expect((res as RawResponse).status).toBe(413);
    expect(JSON.parse((res as RawResponse).body).message).toBe(quotaMessage(QUOTA));
    await request.closed;
  });

  it('lets only one of two concurrent uploads through when both would not fit', async () => {
    const fay = await t.signedInClient();
    await upload(fay, 'first.wav');
    // Room for one more: both start with the room, only one may finish.
    const results = await Promise.all([upload(fay, 'a.wav'), upload(fay, 'b.wav'), upload(fay, 'c.wav')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 413, 413]);
    expect((await usage(fay)).usedBytes).toBe(2 * WAV.length);
    expect((await fay.get('/api/tracks')).json()).toHaveLength(2);
  });
});

describe('without a quota (STORAGE_QUOTA_BYTES=0)', () => {
  it('reports the usage with quotaBytes null and refuses nothing for size', async () => {
    const open = await buildTestApp({ config: { storageQuotaBytes: 0 } });
    try {
      const gus = await open.signedInClient();
      for (let i = 0; i < 3; i++) expect((await upload(gus, `${i}.wav`)).statusCode).toBe(201);
      expect(await usage(gus)).toEqual({ usedBytes: 3 * WAV.length, quotaBytes: null });
    } finally {
      await open.close();
    }
  });
});
