import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Track } from '../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';
import { testDatabaseKind } from '../../test/test-database';
import { sessions, users } from '../db/schema';

// Decision 0904: cached sessions (decision 0066) follow a counter of their own, which a route that
// declares `keepsIdentity` does not bump. Such a route must never change what a session lookup
// answers; this file lists every one and proves it, and shows what the exception buys (the journal
// list right after an edit asks the database one thing, its changes) and what it must not cost
// (the writer still sees the edit at once, without sending the revision token back).

/** Every route that keepsIdentity. One more means one more proof below. */
const KEEPS_IDENTITY = ['PATCH /api/tracks/:id'];

type Client = TestClient & { userId: string };
let t: TestApp;
let owner: Client;
let trackId: number;

beforeAll(async () => {
  t = await buildTestApp({
    config: { accessCacheSeconds: 60 },
    liveEvents: { listenRetryMs: 50 },
  });
  owner = await t.signedInClient();
  const res = await owner.upload(
    '/api/tracks',
    { name: 'First take' },
    { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(1) },
  );
  expect(res.statusCode).toBe(201);
  trackId = res.json<Track>().id;
});
afterAll(async () => t.close());

/** What a session lookup answers, from the database: the owner's sessions and row, less the journal revision. */
async function identityRows(userId: string) {
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  const { journalRevision: _r, journalRemovalRevision: _rr, ...rest } = user!;
  const own = await t.db.select().from(sessions);
  return { user: rest, sessions: own.map((s) => ({ sid: s.sid, sess: s.sess, expire: s.expire })) };
}

const sessionRead = (q: string) => q.includes('"sessions"');

it('is declared by these routes only', () => {
  const declared = t.app.registeredRoutes
    .filter((route) => route.config?.keepsIdentity)
    .map((route) => `${route.method} ${route.url}`);
  expect(declared.sort()).toEqual([...KEEPS_IDENTITY].sort());
});

it('PATCH /api/tracks/:id with every field it takes leaves every session and the person as they were', async () => {
  const other = await t.signedInClient();
  await other.fetchCsrfToken(); // its session's first write (the CSRF secret), made through the store
  const before = await identityRows(owner.userId);
  const res = await owner.patch(`/api/tracks/${trackId}`, {
    name: 'Every field',
    notes: 'Notes',
    shareToEquipmentPages: false,
    visibility: 'public',
    bpm: 120,
    musicalKey: 'A minor',
  });
  expect(res.statusCode).toBe(200);
  expect(await identityRows(owner.userId)).toEqual(before);
  // Refused (another person's take, a bad field): nothing either.
  expect((await other.patch(`/api/tracks/${trackId}`, { name: 'Not mine' })).statusCode).toBe(404);
  expect((await owner.patch(`/api/tracks/${trackId}`, { bpm: -1 })).statusCode).toBe(400);
  expect(await identityRows(owner.userId)).toEqual(before);
});

it('keeps the cached session across an edit, and drops it after a change of the person', async () => {
  await owner.get('/api/auth/user');
  t.queries.length = 0;
  expect((await owner.patch(`/api/tracks/${trackId}`, { name: 'Edited' })).statusCode).toBe(200);
  expect((await owner.get('/api/auth/user')).statusCode).toBe(200);
  expect(t.queries.filter(sessionRead)).toEqual([]);

  expect((await owner.patch('/api/user/privacy', { isPublic: true })).statusCode).toBe(200);
  t.queries.length = 0;
  const after = await owner.get('/api/auth/user');
  expect(after.json().isPublic).toBe(true);
  expect(t.queries.filter(sessionRead)).toHaveLength(1);
});

it('still drops the cached stream permissions: a take made private is refused at once', async () => {
  await owner.patch(`/api/tracks/${trackId}`, { visibility: 'public' });
  const listener = t.client();
  const range = { range: 'bytes=0-99' };
  expect((await listener.get(`/api/tracks/${trackId}/original`, range)).statusCode).toBe(206);
  expect((await owner.patch(`/api/tracks/${trackId}`, { visibility: 'private' })).statusCode).toBe(200);
  expect((await listener.get(`/api/tracks/${trackId}/original`, range)).statusCode).toBe(404);
});

it('the list right after an edit: the writer sees it without the token, asking the database only for the changes', async () => {
  const revisions = t.app.journalRevisions;
  await vi.waitFor(() => expect(revisions.isListening).toBe(true));
  await owner.get('/api/tracks'); // fills the list cache and holds the revision
  const changesRead = (q: string) => q.includes('journal_changed_tracks(');
  for (const name of ['Second edit', 'Third edit']) {
    t.queries.length = 0;
    expect((await owner.patch(`/api/tracks/${trackId}`, { name })).statusCode).toBe(200);
    const afterEdit = t.queries.length;
    const list = await owner.get('/api/tracks');
    expect(list.json<Track[]>().find((track) => track.id === trackId)?.name).toBe(name);
    // The changes since the held list, read once (as the edit's reply left, decision 0908); the
    // list itself asks for no session, no revision, nothing else.
    expect(t.queries.filter(changesRead), testDatabaseKind()).toHaveLength(1);
    expect(t.queries.slice(afterEdit).filter((q) => !changesRead(q))).toEqual([]);
  }
});
