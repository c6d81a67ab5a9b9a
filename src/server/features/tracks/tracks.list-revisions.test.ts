import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../../shared/schemas/tracks';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';
import { testDatabaseKind } from '../../../test/test-database';
import { tracks, users } from '../../db/schema';
import { ownTracksJson } from './track-list.query';

// Issue 48: every instance holds journal revisions in memory, renewed by the database's NOTIFY, so
// an unchanged list costs no query; a write's reply names the revision after it, and a list read
// that sends it back is answered at least that new by any instance, heard or not.

type Client = TestClient & { userId: string };
/** Two instances of the app on one database, as behind a load balancer, sessions cached as in production. */
let one: TestApp;
let two: TestApp;
let writer: Client;
let reader: Client;

beforeAll(async () => {
  const config = { accessCacheSeconds: 60 };
  one = await buildTestApp({ config, liveEvents: { listenRetryMs: 50 } });
  two = await buildTestApp({
    sharedDatabase: one.database,
    config,
    liveEvents: { listenRetryMs: 50 },
  });
  writer = await one.signedInClient();
  // The same person's next request, sent by the balancer to the other instance.
  reader = await two.signedInAs(writer.userId);
});
afterAll(async () => {
  await two.close();
  await one.close();
});
beforeEach(async () => {
  await one.db.delete(tracks);
});

async function upload(name: string) {
  const res = await writer.upload(
    '/api/tracks',
    { name },
    { field: 'audio', name: `${name}.wav`, type: 'audio/wav', data: makeWav(1) },
  );
  expect(res.statusCode).toBe(201);
  return res;
}

const revisionOf = async (userId: string) =>
  (await one.db.select({ r: users.journalRevision }).from(users).where(eq(users.id, userId)))[0]?.r;
const revisionRead = (q: string) => q.startsWith('select "journal_revision" from');
const databaseList = () => ownTracksJson(one.db, writer.userId, 'dateUploaded');
/** Instance `app` has heard every revision of the writer's journal committed so far. */
const heardAll = async (app: TestApp) => {
  const now = await revisionOf(writer.userId);
  await vi.waitFor(() => expect(app.app.journalRevisions.known(writer.userId)).toBe(now));
};

/** GET /api/tracks on `client` of `app`, and the statements that request ran (read before any other). */
async function listWithQueries(app: TestApp, client: Client, headers: Record<string, string> = {}) {
  app.queries.length = 0;
  const res = await client.get('/api/tracks', headers);
  return { res, queries: [...app.queries] };
}

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

describe('journal revisions across instances', () => {
  it('answers an unchanged list from memory: no query at all, on either instance', async () => {
    await upload('One');
    for (const [app, client] of [
      [one, writer],
      [two, reader],
    ] as const) {
      await client.get('/api/tracks'); // fills the list cache (and holds the revision)
      await client.get('/api/tracks'); // after the upload's bump, the session is read once more
      await heardAll(app);
      const { res, queries } = await listWithQueries(app, client);
      expect(queries).toEqual([]);
      expect(res.body).toBe(await databaseList());
    }
  });

  it("shows the writer its own write through an instance that has not heard of it yet, thanks to the write's token", async () => {
    const first = await upload('Before');
    expect((await reader.get('/api/tracks')).json<Track[]>()[0]!.name).toBe('Before');
    await heardAll(two);
    const hear = deafen(two);
    try {
      const patched = await writer.patch(`/api/tracks/${first.json<Track>().id}`, { name: 'After' });
      expect(patched.statusCode).toBe(200);
      const token = patched.headers['x-journal-revision'];
      expect(Number(token)).toBe(await revisionOf(writer.userId));
      // Without the token the instance answers the list it holds until the announcement arrives
      // (decision: a reader who did not write may see a change a moment late).
      expect((await reader.get('/api/tracks')).json<Track[]>()[0]!.name).toBe('Before');
      // With it, a held revision below the token is read again: one query, then the new list.
      const { res: mine, queries } = await listWithQueries(two, reader, {
        'x-journal-revision': String(token),
      });
      expect(queries.filter(revisionRead)).toHaveLength(1);
      expect(mine.body).toBe(await databaseList());
      expect(mine.json<Track[]>()[0]!.name).toBe('After');
    } finally {
      hear();
    }
    await heardAll(two);
    const heard = await listWithQueries(two, reader);
    expect(heard.queries).toEqual([]);
    expect(heard.res.body).toBe(await databaseList());
  });

  it('names the revision after every successful write of the web API, and none after a refused one', async () => {
    const uploaded = await upload('Tagged');
    expect(Number(uploaded.headers['x-journal-revision'])).toBe(await revisionOf(writer.userId));
    const equipment = await writer.post('/api/equipment', { name: 'Juno-106' });
    const { id } = equipment.json<{ id: number }>();
    await writer.post(`/api/tracks/${uploaded.json<Track>().id}/equipment`, { equipmentTagId: id });
    await reader.get('/api/tracks');
    // A write of another route that changes the list (the equipment's name in every tagged row).
    const hear = deafen(two);
    try {
      const renamed = await writer.patch(`/api/equipment/${id}`, { name: 'Juno-60' });
      expect(Number(renamed.headers['x-journal-revision'])).toBe(await revisionOf(writer.userId));
      const res = await reader.get('/api/tracks', {
        'x-journal-revision': String(renamed.headers['x-journal-revision']),
      });
      expect(res.json<Track[]>()[0]!.equipment.map((e) => e.name)).toEqual(['Juno-60']);
    } finally {
      hear();
    }
    const refused = await writer.patch('/api/tracks/999999', { name: 'Nobody' });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['x-journal-revision']).toBeUndefined();
    expect((await writer.get('/api/tracks')).headers['x-journal-revision']).toBeUndefined();
  });

  it('forgets what it holds when its LISTEN connection is lost, and reads until it listens again', async () => {
    await upload('One');
    await reader.get('/api/tracks');
    await heardAll(two);
    const revisions = two.app.journalRevisions;
    if (testDatabaseKind() === 'postgres') {
      await one.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = current_database() and query ilike 'LISTEN%'`,
      );
      await vi.waitFor(() => expect(revisions.isListening).toBe(false));
    } else {
      revisions.lost(); // PGlite's listener lives in this process and is never lost
    }
    expect(revisions.known(writer.userId)).toBeUndefined();
    // A write while nobody listens: never announced to this instance.
    await writer.patch(`/api/tracks/${(await one.db.select().from(tracks))[0]!.id}`, { name: 'Unheard' });
    if (testDatabaseKind() === 'postgres') {
      // Read through until the listener is back (its reconnection is 50 ms here).
      const res = await reader.get('/api/tracks');
      expect(res.json<Track[]>()[0]!.name).toBe('Unheard');
      await vi.waitFor(() => expect(revisions.isListening).toBe(true));
    } else {
      const { res, queries } = await listWithQueries(two, reader);
      expect(queries.filter(revisionRead)).toHaveLength(1);
      expect(res.json<Track[]>()[0]!.name).toBe('Unheard');
      expect(revisions.known(writer.userId)).toBeUndefined(); // not listening: nothing kept
      revisions.listening();
    }
    await reader.get('/api/tracks'); // read once after listening again, then held
    const held = await listWithQueries(two, reader);
    expect(held.queries).toEqual([]);
    expect(held.res.body).toBe(await databaseList());
  });
});

it(`runs on ${testDatabaseKind()}`, () => expect(['pglite', 'postgres']).toContain(testDatabaseKind()));
