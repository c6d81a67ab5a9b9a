// node --import tsx bench/track-list-profile.ts — where GET /api/tracks spends its time.
// Seeds TRACKS tracks (two equipment tags each, like a busy journal) straight into the database with
// drizzle, then answers the list ROUNDS times with app.inject and prints the median and p90 of the
// whole request, and of the two database queries alone. PGlite by default; TEST_DATABASE_URL=…
// for PostgreSQL. For a profile: node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/…
//   TRACKS=5000 ROUNDS=50 LIMIT=50 (first page only) node --import tsx bench/track-list-profile.ts
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { equipmentTags, trackEquipmentTags, tracks } from '../src/server/db/schema/index.ts';
import { changesSince, ownTracksChangedSince } from '../src/server/features/tracks/track-list.changes.ts';
import { ownTracksJson, trackListSql } from '../src/server/features/tracks/track-list.query.ts';
import { listOwnTracks } from '../src/server/features/tracks/tracks.service.ts';
import { trackSchema } from '../src/shared/schemas/tracks.ts';
import { buildTestApp } from '../src/test/build-test-app.ts';

const TRACKS = Number(process.env.TRACKS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 100);
const LIMIT = process.env.LIMIT;

const t = await buildTestApp();
const owner = await t.signedInClient();
const tags = await t.db
  .insert(equipmentTags)
  .values(Array.from({ length: 20 }, (_, i) => ({ name: `Synth ${i}`, description: 'A fine machine' })))
  .returning({ id: equipmentTags.id });
const start = Date.parse('2024-01-01T00:00:00Z');
for (let from = 0; from < TRACKS; from += 500) {
  const rows = await t.db
    .insert(tracks)
    .values(
      Array.from({ length: Math.min(500, TRACKS - from) }, (_, k) => {
        const i = from + k;
        return {
          userId: owner.userId,
          name: `Evening sketch number ${i}`,
          filename: `evening-sketch-${i}.wav`,
          filepath: `tracks/${i}`,
          mimeType: 'audio/wav',
          size: 12_345_678 + i,
          duration: 183.25 + i,
          notes: i % 3 === 0 ? 'Recorded late, first take with the new pedal.' : null,
          fileCreatedAt: i % 4 === 0 ? null : new Date(start - i * 3_600_000),
          createdAt: new Date(start + i * 60_000),
          processingState: 'ready' as const,
          originalPlayable: true,
          loudnessLufs: -14.2,
          truePeakDb: -1.1,
        };
      }),
    )
    .returning({ id: tracks.id });
  await t.db.insert(trackEquipmentTags).values(
    rows.flatMap((row, k) => [
      { trackId: row.id, equipmentTagId: tags[k % 20]!.id },
      { trackId: row.id, equipmentTagId: tags[(k + 7) % 20]!.id },
    ]),
  );
}

// Fresh statistics, as autovacuum would have gathered on a real database.
await t.db.execute(sql`analyze`);

const url = LIMIT ? `/api/tracks?limit=${LIMIT}` : '/api/tracks';
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!;
async function timeIt(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(); // warm up (JIT, query plans)
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) {
    const before = performance.now();
    await run();
    times.push(performance.now() - before);
  }
  const cpu = process.cpuUsage(cpuBefore);
  // This process's CPU per call: the time the event loop is busy (the database's own work is not in it
  // on PostgreSQL, and is on PGlite, which runs inside this process).
  const cpuMs = (cpu.user + cpu.system) / 1000 / ROUNDS;
  console.log(
    `${label.padEnd(30)} p50 ${percentile(times, 0.5).toFixed(2)} ms  p90 ${percentile(times, 0.9).toFixed(2)} ms  node CPU ${cpuMs.toFixed(2)} ms/call`,
  );
}

const first = await owner.get(url);
console.log(
  `${t.databaseName ? 'PostgreSQL' : 'PGlite'}, ${TRACKS} tracks, ${url}: ${first.statusCode}, ${first.body.length} bytes`,
);
await timeIt('GET (app.inject)', () => owner.get(url));
// What every signed-in request pays before the route (session + user lookups), for comparison.
await timeIt('GET /api/auth/user', () => owner.get('/api/auth/user'));
await timeIt('GET /api/health', () => owner.get('/api/health'));
if (!LIMIT) {
  // The list cache's own paths (decision 0084): 304 to a current ETag, and a miss after each write.
  const etag = String(first.headers.etag);
  // The list after a change (decision 0490): one track edited, then the list read.
  const ids = (await t.db.select({ id: tracks.id }).from(tracks)).map((row) => row.id);
  let edits = 0;
  const editOne = () => {
    edits += 1;
    return t.db.execute(
      sql`update tracks set notes = ${`edit ${edits}`} where id = ${ids[edits % ids.length]}`,
    );
  };
  await timeIt('an edit (SQL update) alone', editOne);
  await timeIt('an edit, then GET', async () => {
    await editOne();
    const res = await owner.get(url);
    if (res.statusCode !== 200) throw new Error(`GET answered ${res.statusCode}`);
  });
  await timeIt('GET, If-None-Match (304)', () => owner.get(url, { 'if-none-match': etag }));
  const uncached = await buildTestApp({ sharedDatabase: t.database, config: { trackListCacheBytes: 0 } });
  const uncachedOwner = await uncached.signedInAs(owner.userId);
  await timeIt('GET, TRACK_LIST_CACHE_MB=0', () => uncachedOwner.get(url));
  // A browser asks for brotli: the kept copy, against @fastify/compress compressing every reply.
  const br = { 'accept-encoding': 'br' };
  await timeIt('GET, br (kept copy)', () => owner.get(url, br));
  await timeIt('GET, br, TRACK_LIST_CACHE_MB=0', () => uncachedOwner.get(url, br));
  await uncached.close();
}
await timeIt('before: ORM rows + zod reply', async () => {
  const list = await listOwnTracks(t.db, owner.userId, 'dateUploaded');
  return JSON.stringify(z.array(trackSchema).parse(list));
});
await timeIt('after: reply JSON from SQL', () => ownTracksJson(t.db, owner.userId, 'dateUploaded'));
// What a list after one edit asks the database (decision 0490): the removal revision and the one
// changed track.
const [{ newest }] = (
  await t.db.execute(
    sql`select max(list_revision)::float8 as newest from tracks where user_id = ${owner.userId}`,
  )
).rows as { newest: number }[];
await timeIt('changes since the last edit', () => ownTracksChangedSince(t.db, owner.userId, newest - 1));
await timeIt('nothing changed since', () => ownTracksChangedSince(t.db, owner.userId, newest));
await timeIt('the revision alone (PK)', () =>
  t.db.execute(sql`select journal_revision from users where id = ${owner.userId}`),
);
if (process.env.EXPLAIN) {
  for (const [sort, limit] of [
    ['dateUploaded', 51],
    ['dateCreated', 51],
    ['tempo', 51],
    ['key', 51],
    ['dateUploaded', undefined],
  ] as const) {
    const plan = await t.db.execute(
      sql`explain analyze ${trackListSql(sql`t.user_id = ${owner.userId}`, sort, limit)}`,
    );
    console.log(`--- ${limit ? 'first page' : 'whole list'}, ${sort}`);
    for (const row of (plan as unknown as { rows: Record<string, string>[] }).rows) {
      console.log(Object.values(row)[0]);
    }
  }
  for (const since of [newest - 1, newest]) {
    const plan = await t.db.execute(sql`explain analyze ${changesSince(t.db, owner.userId, since)}`);
    console.log(`--- changes since ${since === newest ? 'the newest (none)' : 'one edit'}`);
    for (const row of (plan as unknown as { rows: Record<string, string>[] }).rows) {
      console.log(Object.values(row)[0]);
    }
  }
}
await t.close();
