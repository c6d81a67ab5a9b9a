import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { makeWav } from '../../test/media-fixtures';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { testDatabaseKind } from '../../test/test-database';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../plugins/errors';
import { playlists } from './schema';

// Connection faults exist only on a real PostgreSQL server (PGlite runs in-process): CI runs this
// file with TEST_DATABASE_URL set. Both suites would crash the test process on today's main
// through pg.Pool's unhandled 'error' event, which is the first thing they prove is gone.
const onPostgres = testDatabaseKind() === 'postgres';

async function adminQuery(text: string, values: unknown[] = []) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await admin.query(text, values);
  } finally {
    await admin.end();
  }
}

/** A statement on the test file's own database (adminQuery connects to the suite's). */
async function adminQueryOn(database: string, text: string) {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Several requests at once, so the pool holds several connections to be terminated. */
async function warmPool(client: TestClient) {
  const replies = await Promise.all(Array.from({ length: 6 }, () => client.get('/api/playlists')));
  for (const reply of replies) expect(reply.statusCode).toBe(200);
}

describe.skipIf(!onPostgres)('PostgreSQL backends terminated under the app', () => {
  let t: TestApp;
  let ada: TestClient & { userId: string };
  const lost: Error[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ database: { onConnectionLost: (err) => lost.push(err) } });
    ada = await t.signedInClient();
  });
  afterAll(async () => t?.close());

  it('survives pg_terminate_backend of every connection and the very next requests succeed', async () => {
    const first = await ada.post('/api/playlists', { name: 'Before the fault' });
    expect(first.statusCode).toBe(201);
    await warmPool(ada);

    const terminated = await adminQuery(
      'select pg_terminate_backend(pid, 5000) as done from pg_stat_activity where datname = $1',
      [t.databaseName],
    );
    expect(terminated.rowCount).toBeGreaterThan(0);

    // Reads (the session lookup included), a write, and a transaction (reorder locks the row).
    const list = await ada.get('/api/playlists');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { name: string }) => p.name)).toContain('Before the fault');
    const created = await ada.post('/api/playlists', { name: 'After the fault' });
    expect(created.statusCode).toBe(201);
    const reorder = await ada.put(`/api/playlists/${created.json().id}/reorder`, []);
    expect(reorder.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The loss was reported, not thrown.
    expect(lost.length).toBeGreaterThan(0);
  });

  it('prepares its named statements again on the connections that replace terminated ones', async () => {
    // The journal list asks three prepared statements (decision 0510): the session with its user
    // (after a write), the journal revision, and the tracks changed since the cached list.
    const wav = { field: 'audio', name: 'take.wav', type: 'audio/wav', data: makeWav(0.5) };
    const uploaded = await ada.upload('/api/tracks', { name: 'Take one' }, wav);
    expect(uploaded.statusCode).toBe(201);
    const before = await ada.get('/api/tracks');
    expect(before.json().map((track: { name: string }) => track.name)).toEqual(['Take one']);
    await warmPool(ada);

    await adminQuery('select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1', [
      t.databaseName,
    ]);
    const renamed = await ada.patch(`/api/tracks/${uploaded.json().id}`, { name: 'Take one, renamed' });
    expect(renamed.statusCode).toBe(200);
    const after = await ada.get('/api/tracks');
    expect(after.statusCode).toBe(200);
    expect(after.json().map((track: { name: string }) => track.name)).toEqual(['Take one, renamed']);
    const unchanged = await ada.get('/api/tracks');
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.headers.etag).toBe(after.headers.etag);
  });

  it('keeps its prepared statements working when a migration adds a column under it', async () => {
    // A rolling upgrade: a newer instance adds a column while this one holds prepared statements
    // (decision 0510) on every pooled connection, the session lookup's among them.
    await warmPool(ada);
    expect((await ada.post('/api/playlists', { name: 'Before the migration' })).statusCode).toBe(201);
    await adminQueryOn(t.databaseName!, 'alter table users add column added_by_a_newer_release text');
    await adminQueryOn(t.databaseName!, 'alter table tracks add column also_added text');
    // A write, so the next requests read their session (and the list its revision and changes) again.
    const created = await ada.post('/api/playlists', { name: 'After the migration' });
    expect(created.statusCode).toBe(201);
    expect((await ada.get('/api/playlists')).statusCode).toBe(200);
    const [track] = (await ada.get('/api/tracks')).json() as { id: number }[];
    expect((await ada.patch(`/api/tracks/${track!.id}`, { notes: 'After the migration' })).statusCode).toBe(
      200,
    );
    const list = await ada.get('/api/tracks');
    expect(list.statusCode).toBe(200);
    expect(list.json()[0].notes).toBe('After the migration');
  });

  it('keeps answering when backends are terminated while requests are in flight', async () => {
    const inFlight = Array.from({ length: 12 }, (_, i) =>
      i % 2 ? ada.get('/api/playlists') : ada.post('/api/playlists', { name: `Racing ${i}` }),
    );
    await adminQuery('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
      t.databaseName,
    ]);
    const replies = await Promise.all(inFlight);
    for (const reply of replies) {
      // Each either worked or was told the database is unavailable: never a 500.
      expect([200, 201, 503]).toContain(reply.statusCode);
    }
    // Whatever was acknowledged is there.
    const acknowledged = replies.filter((r) => r.statusCode === 201).map((r) => r.json().id as number);
    for (const id of acknowledged) {
      expect(await t.db.select().from(playlists).where(eq(playlists.id, id))).toHaveLength(1);
    }
    expect((await ada.get('/api/playlists')).statusCode).toBe(200);
  });
});

describe.skipIf(!onPostgres)('PostgreSQL unreachable, then back', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let ada: TestClient & { userId: string };

  beforeAll(async () => {
    const direct = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test');
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    t = await buildTestApp({
      database: {
        via: (url) => Object.assign(new URL(url), { hostname: '127.0.0.1', port: String(proxy.port) }),
      },
    });
    ada = await t.signedInClient();
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('answers 503 JSON while the database is gone, health says so, and recovers by itself', async () => {
    const kept = await ada.post('/api/playlists', { name: 'Acknowledged before the outage' });
    expect(kept.statusCode).toBe(201);
    await warmPool(ada);

    proxy.cut();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', database: 'down' });
    for (const reply of [
      await ada.get('/api/playlists'),
      await ada.post('/api/playlists', { name: 'During the outage' }),
      await ada.get('/api/auth/user'),
    ]) {
      expect(reply.statusCode).toBe(503);
      expect(reply.headers['retry-after']).toBe('5');
      expect(reply.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    }

    proxy.restore();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    const list = await ada.get('/api/playlists');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { name: string }) => p.name)).toContain('Acknowledged before the outage');
    expect((await ada.post('/api/playlists', { name: 'After the outage' })).statusCode).toBe(201);
  });
});
