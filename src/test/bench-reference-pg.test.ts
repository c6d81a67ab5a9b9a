import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgReferences } from '../../bench/lib/processes.mjs';
import { buildTestApp, type TestApp } from './build-test-app';
import { testDatabaseKind } from './test-database';

// bench/reference-pg.mjs, the reference of issue 48's "list right after a change" (decision 0939):
// one PostgreSQL round trip a request, and a track's PATCH is a real write of its notes, so the
// reference's GET too comes right after a change.
describe.runIf(testDatabaseKind() === 'postgres')('the bench reference making one round trip', () => {
  let t: TestApp;
  let ref: Awaited<ReturnType<typeof startPgReferences>>;
  let workDir: string;
  let userId: string;
  let trackId: number;
  const list = { type: 'application/json; charset=utf-8', body: '{"items":[]}' };
  const edited = { type: 'application/json; charset=utf-8', body: '{"id":1}' };

  const notesOf = async (id: number) =>
    (
      (await t.db.execute(sql`select notes from tracks where id = ${id}`)) as unknown as {
        rows: { notes: string }[];
      }
    ).rows[0]?.notes;

  beforeAll(async () => {
    t = await buildTestApp();
    userId = (await t.signedInClient({ username: 'ref_owner' })).userId;
    const inserted = (await t.db.execute(sql`
      insert into tracks (user_id, name, filename, filepath, mime_type, size, notes)
      values (${userId}, 'Take', 'x.wav', 'x/take', 'audio/wav', 1, 'before') returning id`)) as unknown as {
      rows: { id: number }[];
    };
    trackId = Number(inserted.rows[0]!.id);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${t.database.name}`;
    workDir = mkdtempSync(path.join(tmpdir(), 'reference-pg-'));
    ref = await startPgReferences({
      databaseUrl: url.href,
      sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
      userId,
      get: { '/api/tracks?limit=50': list },
      patch: edited,
      workDir,
    });
  }, 60_000);
  afterAll(async () => {
    await ref?.stop();
    await t?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it("writes a track's notes on its PATCH and answers the app's recorded bytes", async () => {
    const res = await fetch(`${ref.nodeUrl}/api/tracks/${trackId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ notes: 'Bench edit 1' }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(edited.body);
    expect(await notesOf(trackId)).toBe('Bench edit 1');
  });

  it('answers a GET with the recorded bytes', async () => {
    const res = await fetch(`${ref.nodeUrl}/api/tracks?limit=50`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(list.type);
    expect(await res.text()).toBe(list.body);
  });
});
