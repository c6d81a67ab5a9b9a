import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_BYTES_BUDGET, UPLOADS_AT_ONCE } from '../../../shared/constants';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { RATE_LIMITS } from '../../plugins/rate-limits';

// Issue 42, item 3 (decision 0560): what bounds one person's uploads is how many at once and how
// many bytes an hour, not a count a minute that a folder drop meets. The per-minute count stays as
// an abuse guard well above what the browser sends three at a time.

type Person = TestClient & { userId: string };
const wav = (seconds: number, name = 'take.wav') => ({
  field: 'audio',
  name,
  type: 'audio/wav',
  data: makeWav(seconds),
});
const retryAfterOf = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('the production limits take a folder drop', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The limits as shipped (tests otherwise raise them out of reach).
    t = await buildTestApp({ rateLimits: { any: RATE_LIMITS.any.max, upload: RATE_LIMITS.upload.max } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('accepts 300 small uploads from one person within a minute, three at a time, with no 429', async () => {
    const me: Person = await t.signedInClient({ username: 'dropper' });
    await me.fetchCsrfToken(); // once, before the three lanes start
    const started = Date.now();
    const statuses: number[] = [];
    // Three lanes, as the browser's pool sends them (UPLOADS_AT_ONCE.trackQueue).
    await Promise.all(
      Array.from({ length: UPLOADS_AT_ONCE.trackQueue }, async (_, lane) => {
        for (let i = 0; i < 100; i++) {
          const data = makeWav(0.05);
          data.writeInt16LE(lane * 1000 + i + 1, 44); // distinct bytes: none is a duplicate
          const res = await me.upload(
            '/api/tracks',
            { name: `Take ${lane}-${i}` },
            { ...wav(0.05), data, name: `take-${lane}-${i}.wav` },
          );
          statuses.push(res.statusCode);
        }
      }),
    );
    // Within one window of the count, or the test would prove less than it says.
    expect(Date.now() - started).toBeLessThan(RATE_LIMITS.upload.timeWindow);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    expect(statuses).toHaveLength(300);
    expect(RATE_LIMITS.upload.max).toBeGreaterThanOrEqual(600);
  }, 120_000);
});

describe('the bytes budget an hour', () => {
  let t: TestApp;
  let me: Person;
  let other: Person;
  /** 8 KiB a second of audio (8 kHz, 16 bit): 4 s is about 62.5 KiB with its multipart framing. */
  const BUDGET = 150 * 1024;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { uploadBytes: BUDGET } });
    me = await t.signedInClient({ username: 'heavy' });
    other = await t.signedInClient({ username: 'light' });
  }, 60_000);
  afterAll(async () => t?.close());

  it('is shared by every way in, and once spent answers 429 with Retry-After before reading the body', async () => {
    const first = await me.upload('/api/tracks', { name: 'One' }, wav(4, 'one.wav'));
    expect(first.statusCode, first.body).toBe(201);
    const trackId = first.json<{ id: number }>().id;
    // A new version of it: the same budget.
    const version = await me.upload(
      `/api/tracks/${trackId}/versions`,
      {},
      {
        ...wav(4.1, 'one-v2.wav'),
        field: 'file',
      },
    );
    expect(version.statusCode, version.body).toBe(201);
    // About 125 KiB spent of 150: another 62 KiB does not fit.
    const refused = await me.upload('/api/tracks', { name: 'Three' }, wav(4.2, 'three.wav'));
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many bytes uploaded: at most 150 KiB an hour\. Try again in \d+ s\.$/,
    );
    const retryAfter = retryAfterOf(refused);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(UPLOAD_BYTES_BUDGET.timeWindow / 1000);
    // A small image still fits in what is left (the refused upload took nothing), then no more.
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    const avatar = await me.upload(
      '/api/user/avatar',
      {},
      { field: 'avatar', name: 'a.png', type: 'image/png', data: png },
    );
    expect(avatar.statusCode, avatar.body).toBe(200);
    const big = await me.upload(
      '/api/user/avatar',
      {},
      { field: 'avatar', name: 'b.png', type: 'image/png', data: Buffer.concat([png, Buffer.alloc(40_000)]) },
    );
    expect(big.statusCode, big.body).toBe(429);
    expect(retryAfterOf(big)).toBeGreaterThan(0);
    // Someone else's budget is their own.
    expect((await other.upload('/api/tracks', { name: 'Theirs' }, wav(4, 'theirs.wav'))).statusCode).toBe(
      201,
    );
  });

  it('counts what is declared in a window that ends: a new window takes the upload again', async () => {
    // The budget's store is asked directly: the hour is not waited for.
    const budget = t.app.uploadBytes;
    const person = 'window-person';
    expect(await budget.take(person, BUDGET)).toBe(0);
    const wait = await budget.take(person, 1024);
    expect(wait).toBeGreaterThan(UPLOAD_BYTES_BUDGET.timeWindow - 60_000);
    // An upload alone in its window is never refused for its own size (MAX_UPLOAD_BYTES bounds it).
    expect(await budget.take('another-person', BUDGET * 4)).toBe(0);
  });
});
