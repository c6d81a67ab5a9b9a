import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { TrackPage } from '../../../shared/schemas/track-list';
import type { Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { testDatabaseKind } from '../../../test/test-database';
import { tracks, users } from '../../db/schema';

// Decision 0900: a first page's counts are kept per journal revision on each instance, fresh by the
// whole list's own rule (decisions 0084, 0490 and issue 48's addendum): the revision held in memory,
// renewed by the database's announcements, and at least the token of the client's own last write.
// A count is never older than the list the same instance would answer at the same moment.

type Client = TestClient & { userId: string };
/** Two instances of the app on one database, users cached (so revisions come from memory). */
let one: TestApp;
let two: TestApp;
let writer: Client;
let reader: Client;

beforeAll(async () => {
  const config = { accessCacheSeconds: 60 };
  one = await buildTestApp({ config, liveEvents: { listenRetryMs: 50 } });
  two = await buildTestApp({ sharedDatabase: one.database, config, liveEvents: { listenRetryMs: 50 } });
  writer = await one.signedInClient();
  reader = await two.signedInAs(writer.userId);
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});
beforeEach(async () => {
  await one.db.delete(tracks);
});

/** Uploads a track (made public with `visibility`); the last write's revision token. */
async function upload(name: string, visibility?: 'public'): Promise<string> {
  const res = await writer.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) },
  );
  expect(res.statusCode).toBe(201);
  const track = res.json<Track>();
  const last = visibility ? await writer.patch(`/api/tracks/${track.id}`, { visibility }) : res;
  return String(last.headers['x-journal-revision']);
}

const revisionOf = async (userId: string) =>
  (await one.db.select({ r: users.journalRevision }).from(users).where(eq(users.id, userId)))[0]?.r;
const heardAll = async (app: TestApp) => {
  const now = await revisionOf(writer.userId);
  await vi.waitFor(() => expect(app.app.journalRevisions.known(writer.userId)).toBe(now));
};

/** Holds back what `app` hears from the database until the returned function is called. */
function deafen(app: TestApp): () => void {
  const revisions = app.app.journalRevisions;
  const heard = revisions.heard;
  const missed: string[] = [];
  revisions.heard = (payload) => void missed.push(payload);
  return () => {
    revisions.heard = heard;
    for (const payload of missed) revisions.heard(payload);
  };
}

/**
 * What the reader sees of the public tracks: the first page's count, and the same tracks in the
 * whole list as the same instance answers it with the same headers.
 */
async function publicSeen(headers: Record<string, string> = {}) {
  two.queries.length = 0;
  const page = (await reader.get('/api/tracks?visibility=public&limit=1', headers)).json<TrackPage>();
  const counted = two.queries.some((q) => q.includes('user_track_counts'));
  const list = (await reader.get('/api/tracks', headers)).json<Track[]>();
  return { total: page.total, inList: list.filter((t) => t.visibility === 'public').length, counted };
}

it("counts another instance's write once announced, the writer's own at once with its token, never behind the list", async () => {
  await upload('One', 'public');
  // The session's first requests read the user row; afterwards the instance's memory answers.
  for (let i = 0; i < 3; i++) await publicSeen();
  await heardAll(two);
  expect(await publicSeen()).toEqual({ total: 1, inList: 1, counted: false });

  const hear = deafen(two);
  let token: string;
  try {
    token = await upload('Two', 'public');
    expect(Number(token)).toBe(await revisionOf(writer.userId));
    // Not heard yet: the list and the count both answer the revision held (a reader who did not
    // write may see a change a moment late, decision 0490's addendum), and agree.
    expect(await publicSeen()).toEqual({ total: 1, inList: 1, counted: false });
    // With the write's token: a new revision, so counted again, and as the list shows it.
    expect(await publicSeen({ 'x-journal-revision': token })).toEqual({
      total: 2,
      inList: 2,
      counted: true,
    });
  } finally {
    hear();
  }
  await heardAll(two);
  // Heard: the count kept at the token's revision is the current one, no count needed.
  expect(await publicSeen()).toEqual({ total: 2, inList: 2, counted: false });
  // And once more from the other side: a write on `two`, read on `one` once announced there.
  const there = await two.signedInAs(writer.userId);
  const list = (await there.get('/api/tracks')).json<Track[]>();
  await there.patch(`/api/tracks/${list[0]!.id}`, { visibility: 'private' });
  const now = await revisionOf(writer.userId);
  await vi.waitFor(() => expect(one.app.journalRevisions.known(writer.userId)).toBe(now));
  const page = (await writer.get('/api/tracks?visibility=public&limit=1')).json<TrackPage>();
  expect(page.total).toBe(1);
});

it(`runs on ${testDatabaseKind()}`, () => expect(['pglite', 'postgres']).toContain(testDatabaseKind()));
