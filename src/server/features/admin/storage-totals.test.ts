import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { makeWav } from '../../../test/media-fixtures';

/**
 * storage_totals (migration 0051, issue 48) is kept by statement triggers on tracks, track_versions,
 * transcode_cache and playlists: whatever statements change them, its rows add up to what summing
 * those tables whole gives, which is what the admin overview showed before.
 */
type Person = TestClient & { userId: string };
let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await buildTestApp({ config: { adminUsers: ['boss'] } });
  owner = await t.signedInClient({ username: 'owner' });
});
afterAll(async () => t.close());

type Totals = Record<
  'trackBytes' | 'tracks' | 'renditions' | 'versionBytes' | 'versions' | 'transcodeBytes' | 'playlistCovers',
  number
>;
const firstRow = (result: unknown) => (result as { rows: Record<string, string | number>[] }).rows[0]!;
const numbers = (row: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Totals;

const kept = async () =>
  numbers(
    firstRow(
      await t.db.execute(sql`
        select coalesce(sum(track_bytes), 0) as "trackBytes", coalesce(sum(tracks), 0) as "tracks",
          coalesce(sum(renditions), 0) as "renditions", coalesce(sum(version_bytes), 0) as "versionBytes",
          coalesce(sum(versions), 0) as "versions", coalesce(sum(transcode_bytes), 0) as "transcodeBytes",
          coalesce(sum(playlist_covers), 0) as "playlistCovers"
        from storage_totals`),
    ),
  );

const summed = async () =>
  numbers(
    firstRow(
      await t.db.execute(sql`
        select (select coalesce(sum(size), 0) from tracks) as "trackBytes",
          (select count(*) from tracks) as "tracks",
          (select count(rendition_key) from tracks) as "renditions",
          (select coalesce(sum(size), 0) from track_versions where storage_key is not null) as "versionBytes",
          (select count(storage_key) from track_versions) as "versions",
          (select coalesce(sum(size), 0) from transcode_cache) as "transcodeBytes",
          (select count(image_key) from playlists) as "playlistCovers"`),
    ),
  );

/** One statement, as the app, a job or a cascade would send it; `k` picks rows by id. */
type Step = { kind: (typeof KINDS)[number]; k: number; size: number };
const KINDS = [
  'copyTracks',
  'resize',
  'rendition',
  'noRendition',
  'addVersions',
  'pruneVersions',
  'addTranscodes',
  'evictTranscodes',
  'addPlaylists',
  'cover',
  'uncover',
  'deletePlaylists',
  'deleteTracks',
] as const;

async function apply({ kind, k, size }: Step) {
  const some = sql.raw(`id % ${k} = 0`);
  switch (kind) {
    case 'copyTracks':
      await t.db.execute(sql`
        insert into tracks (user_id, name, filename, filepath, mime_type, size)
        select user_id, name || ' copy', filename, filepath, mime_type, ${size} from tracks where ${some} limit 3`);
      return;
    case 'resize':
      await t.db.execute(sql`update tracks set size = size + ${size} where ${some}`);
      return;
    case 'rendition':
      await t.db.execute(sql`update tracks set rendition_key = 'renditions/' || id where ${some}`);
      return;
    case 'noRendition':
      await t.db.execute(sql`update tracks set rendition_key = null where ${some}`);
      return;
    case 'addVersions':
      await t.db.execute(sql`
        insert into track_versions (track_id, version, filename, size, storage_key)
        select id, 100 + (select count(*) from track_versions v where v.track_id = tracks.id), 'v.wav', ${size},
          case when id % 2 = 0 then 'tracks/v' || id end
        from tracks where ${some}`);
      return;
    case 'pruneVersions':
      await t.db.execute(sql`update track_versions set storage_key = null where ${some}`);
      return;
    case 'addTranscodes':
      await t.db.execute(sql`
        insert into transcode_cache (key, track_id, source_key, size)
        select 'tc/' || id || '/' || gen_random_uuid(), id, 'src', ${size} from tracks where ${some}`);
      return;
    case 'evictTranscodes':
      await t.db.execute(sql`delete from transcode_cache where length(key) % ${k} = 0`);
      return;
    case 'addPlaylists':
      await t.db.execute(sql`
        insert into playlists (user_id, name, image_key)
        select ${owner.userId}, 'List ' || g, case when g % 2 = 0 then 'playlists/' || g end
        from generate_series(1, ${k}) g`);
      return;
    case 'cover':
      await t.db.execute(sql`update playlists set image_key = 'playlists/c' || id where ${some}`);
      return;
    case 'uncover':
      await t.db.execute(sql`update playlists set image_key = null where ${some}`);
      return;
    case 'deletePlaylists':
      await t.db.execute(sql`delete from playlists where ${some}`);
      return;
    case 'deleteTracks':
      // Its versions and transcodes go by the cascade, each a statement of its own.
      await t.db.execute(sql`delete from tracks where ${some} and id > 1`);
      return;
  }
}

describe('storage totals kept for the admin overview (migration 0051)', () => {
  it('add up to the tables summed whole after any sequence of statements', async () => {
    for (let i = 0; i < 3; i++) {
      await owner.upload(
        '/api/tracks',
        {},
        { field: 'audio', name: `a${i}.wav`, type: 'audio/wav', data: makeWav(1) },
      );
    }
    expect(await kept()).toEqual(await summed());
    const step = fc.record({
      kind: fc.constantFrom(...KINDS),
      k: fc.integer({ min: 1, max: 3 }),
      size: fc.integer({ min: 1, max: 5_000_000_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        for (const s of steps) await apply(s);
        expect(await kept()).toEqual(await summed());
      }),
      { numRuns: 15 },
    );
    const totals = await kept();
    expect(totals.tracks).toBeGreaterThan(0);
  }, 120_000);

  it('are what GET /api/admin/overview shows', async () => {
    const boss = await t.signedInClient({ username: 'boss' });
    const overview = (await boss.get('/api/admin/overview')).json();
    const sums = await summed();
    expect(overview.storage).toMatchObject({
      originalsBytes: sums.trackBytes + sums.versionBytes,
      originalsCount: sums.tracks + sums.versions,
      renditionsCount: sums.renditions,
      transcodeCacheBytes: sums.transcodeBytes,
      playlistCoversCount: sums.playlistCovers,
    });
  });
});
