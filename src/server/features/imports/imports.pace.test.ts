import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_BYTES_BUDGET } from '../../../shared/constants';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { craftedArchive } from '../../../test/crafted-journal';
import { importAndWait, postImport } from '../../../test/imports';
import { makeWav } from '../../../test/media-fixtures';
import { imports, playlists, tracks } from '../../db/schema';
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

const importPaceSleep = async (ms: number) => {
  waits.push(ms);
  await duringWait();
  // The window ends: the limiter's clock (Date.now) moves on by what the job was told to wait.
  clockOffset += ms;
};

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { upload: 1, create: 3 }, importPaceSleep });
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

const countOf = async (app: TestApp, table: typeof tracks | typeof playlists, userId: string) =>
  (await app.db.select({ id: table.id }).from(table).where(eq(table.userId, userId))).length;

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
    expect(await countOf(t, tracks, me.userId)).toBe(2);
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
    expect(await countOf(t, playlists, me.userId)).toBe(4);
  });
});

// Issue 42, item 3 (decision 0560): the bytes an hour the upload routes take from are the import's
// too. The archive's upload is taken at the door like any upload; each track it makes is taken again
// as the job makes it. The crafted tracks are about 8 KiB each: the budget fits the archive and one.
describe('An import is paced by the bytes an hour the upload routes share', () => {
  let bytesApp: TestApp;
  let zip: Buffer;
  let BUDGET = 0;
  beforeAll(async () => {
    zip = await craftedArchive([{ title: 'One' }, { title: 'Two' }]);
    BUDGET = zip.length + 12 * 1024;
    bytesApp = await buildTestApp({ rateLimits: { uploadBytes: BUDGET }, importPaceSleep });
  }, 90_000);
  afterAll(async () => bytesApp?.close());

  it('the second file waits for the hour to end; meanwhile the API refuses the person an upload for bytes', async () => {
    const me: TestClient & { userId: string } = await bytesApp.signedInClient({ username: 'heavy-importer' });
    let refused: LightMyRequestResponse | undefined;
    duringWait = async () => {
      const data = makeWav(0.5);
      refused ??= await me.upload(
        '/api/tracks',
        { name: 'By hand' },
        { field: 'audio', name: 'a.wav', type: 'audio/wav', data },
      );
    };
    const res = await postImport(me, zip);
    expect(res.statusCode, res.body).toBe(202);
    // Read from the database: the hour the clock moves on outlives the test's session.
    const id = res.json<{ id: string }>().id;
    const stateOf = async () => (await bytesApp.db.select().from(imports).where(eq(imports.id, id)))[0]!;
    const deadline = performance.now() + 60_000;
    while (!['done', 'failed'].includes((await stateOf()).state) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await stateOf()).toMatchObject({ state: 'done', made: { refused: [] } });
    // The first file fit; the second waited once, for what was left of the hour.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(RATE_LIMITS.upload.timeWindow);
    expect(waits[0]).toBeLessThanOrEqual(UPLOAD_BYTES_BUDGET.timeWindow);
    expect(refused?.statusCode, refused?.body).toBe(429);
    expect(refused?.json().message).toMatch(/^Too many bytes uploaded/);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countOf(bytesApp, tracks, me.userId)).toBe(2);
  });
});
