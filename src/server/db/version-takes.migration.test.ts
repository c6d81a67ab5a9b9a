import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrationTestDatabase } from '../../test/migrations-up-to';
import type { DatabaseHandle } from './client';

// Migration 0035 (issue 43, decisions 0600 and 0606) on a database as 0034 left it: every earlier
// version whose original is kept waits for processing; the current version's row and versions
// without a file have nothing to process. Then its triggers: a rendition or peaks the track lets go
// of stays while a version row holds it, and goes when that row lets go of it.

describe('migration 0035: versions as takes', () => {
  let handle: DatabaseHandle;
  let db: Awaited<ReturnType<typeof openMigrationTestDatabase>>;
  let trackId: unknown;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  beforeAll(async () => {
    db = await openMigrationTestDatabase('version_takes');
    handle = db.handle;
    await db.migrateThrough('version_takes', -1);
    const [user] = await rows(sql`insert into users (is_public) values (false) returning id`);
    const [track] = await rows(
      sql`insert into tracks (user_id, name, filename, filepath, mime_type, size, version, processing_state,
            rendition_key, peaks_key)
          values (${String(user?.id)}, 'Take', 'v3.wav', 'tracks/v3', 'audio/wav', 1, 3, 'ready',
            'tracks/v3.m4a', 'tracks/v3.peaks.json')
          returning id`,
    );
    trackId = track?.id;
    await handle.db.execute(
      sql`insert into track_versions (track_id, version, filename, size, storage_key) values
            (${trackId}, 1, 'v1.wav', 1, 'tracks/v1'),
            (${trackId}, 2, 'v2.wav', 1, null),
            (${trackId}, 3, 'v3.wav', 1, null)`,
    );
    await db.migrateThrough('version_takes');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('marks each earlier version with a kept original pending, and nothing else', async () => {
    expect(await rows(sql`select version, processing_state from track_versions order by version`)).toEqual([
      { version: 1, processing_state: 'pending' },
      { version: 2, processing_state: null },
      { version: 3, processing_state: null },
    ]);
    expect(await rows(sql`select onsets, audio_start_seconds from tracks`)).toEqual([
      { onsets: null, audio_start_seconds: null },
    ]);
  });

  it('keeps a rendition and peaks a version row took over; queues them when that row lets go', async () => {
    const queued = async () =>
      (await rows(sql`select ref from blob_deletions order by ref`)).map((r) => r.ref as string);
    await handle.db.execute(sql`delete from blob_deletions`);
    // What addTrackVersion does: the version row takes the results, then the track lets go of them.
    await handle.db.execute(
      sql`update track_versions set storage_key = 'tracks/v3', rendition_key = 'tracks/v3.m4a',
            peaks_key = 'tracks/v3.peaks.json', processing_state = 'ready'
          where track_id = ${trackId} and version = 3`,
    );
    await handle.db.execute(
      sql`update tracks set filepath = 'tracks/v4', version = 4, rendition_key = null, peaks_key = null`,
    );
    expect(await queued()).toEqual([]);
    // The owner removes version 3's file: its original, rendition and peaks go.
    await handle.db.execute(
      sql`update track_versions set storage_key = null, rendition_key = null, peaks_key = null
          where track_id = ${trackId} and version = 3`,
    );
    expect(await queued()).toEqual(['tracks/v3', 'tracks/v3.m4a', 'tracks/v3.peaks.json']);
    // Deleting the track queues what its version rows still hold.
    await handle.db.execute(
      sql`update track_versions set peaks_key = 'tracks/v1.peaks.json' where version = 1`,
    );
    await handle.db.execute(sql`delete from blob_deletions`);
    await handle.db.execute(sql`delete from tracks`);
    expect(await queued()).toEqual(['tracks/v1', 'tracks/v1.peaks.json', 'tracks/v4']);
  });
});
