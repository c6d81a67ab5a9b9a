import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { craftedArchive } from '../../../test/crafted-journal';
import { importAndWait } from '../../../test/imports';
import { playlists, tracks } from '../../db/schema';
import { RATE_LIMITS } from '../../plugins/rate-limits';

// Issue 41, item 3: an import obeys "the rate limits of the API routes that make the same things".
// Its uploads and new items are counted in the person's own per-minute counters, the ones the API
// routes use; once one is spent the job waits for the window to end (decision 0525). The wait is
// the test's: it moves the limiter's clock instead of sleeping a minute.

let t: TestApp;
/** What the job asked to wait, and what the person's API answered meanwhile. */
let waits: number[] = [];
let duringWait: () => Promise<void> = async () => {};
let clockOffset = 0;
const realNow = Date.now.bind(Date);

beforeAll(async () => {
  t = await buildTestApp({
    rateLimits: { upload: 1, create: 3 },
    importPaceSleep: async (ms) => {
      waits.push(ms);
      await duringWait();
      // The window ends: the limiter's clock (Date.now) moves on by what the job was told to wait.
      clockOffset += ms;
    },
  });
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + clockOffset);
}, 90_000);
afterEach(() => {
  waits = [];
  duringWait = async () => {};
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

const countOf = async (table: typeof tracks | typeof playlists, userId: string) =>
  (await t.db.select({ id: table.id }).from(table).where(eq(table.userId, userId))).length;

describe('An import is paced by the API per-minute limits, sharing their counters', () => {
  it('uploads: the second file waits for the window; meanwhile the API refuses the person an upload', async () => {
    const me: TestClient & { userId: string } = await t.signedInClient({ username: 'uploader' });
    let refused: LightMyRequestResponse | undefined;
    duringWait = async () => {
      refused ??= await me.upload('/api/tracks', { name: 'By hand' });
    };
    const done = await importAndWait(me, await craftedArchive([{ title: 'One' }, { title: 'Two' }]), 600_000);
    expect(done).toMatchObject({ state: 'done', created: { tracks: 2 }, refused: [] });
    // One upload a window: the job waited once, for what was left of the window, no more.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(RATE_LIMITS.upload.timeWindow);
    expect(refused?.statusCode, refused?.body).toBe(429);
    expect(refused?.json().message).toMatch(/^Too many uploads/);
    expect(await countOf(tracks, me.userId)).toBe(2);
  });

  it('new items: playlists past the create limit wait (never skipped); the API refuses a new playlist meanwhile', async () => {
    const me: TestClient & { userId: string } = await t.signedInClient({ username: 'curator' });
    let refused: LightMyRequestResponse | undefined;
    duringWait = async () => {
      refused ??= await me.post('/api/playlists', { name: 'By hand' });
    };
    // The import's own request is one new item (3 a window here), then 4 playlists: 2 fit, 2 wait.
    const zip = await craftedArchive(
      [{ title: 'Only' }],
      [{ trackIds: [1] }, { trackIds: [1] }, { trackIds: [] }, { trackIds: [] }],
    );
    const done = await importAndWait(me, zip, 600_000);
    expect(done).toMatchObject({ state: 'done', created: { playlists: 4 }, refused: [] });
    expect(waits).toHaveLength(1);
    expect(refused?.statusCode, refused?.body).toBe(429);
    expect(refused?.json().message).toMatch(/^Too many new items/);
    expect(await countOf(playlists, me.userId)).toBe(4);
  });
});
