// Times the upload's similar-takes lookup on a seeded --prints database: the new (rarest keys) and
// the old (all keys) candidate statements, for takes of the big journal "uploaded" again.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { compareFingerprints, decodeFingerprint, fingerprintHashes } from '../src/server/media/fingerprint-match';
import { findSimilarTracks } from '../src/server/features/tracks/similar-tracks.service';
import { intArray } from '../src/server/db/int-array';

const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL! });
const db = handle.db;
const rows = <T,>(r: unknown) => (r as { rows: T[] }).rows;
const [big] = rows<{ user_id: string; n: number }>(await db.execute(sql`select user_id, count(*)::int n from tracks group by 1 order by 2 desc limit 1`));
console.log('big journal', big);
const samples = rows<{ id: number; fingerprint: string; name: string }>(await db.execute(sql`
  select id, fingerprint, name from tracks where user_id = ${big!.user_id} and fingerprint is not null order by md5(id::text) limit ${Number(process.env.N ?? 10)}`));
const times: number[] = [];
let differ = 0;
const oldTimes: number[] = [];
for (const s of samples) {
  const raw = decodeFingerprint(s.fingerprint);
  const hashes = fingerprintHashes(raw);
  // "Upload" it again: a row holding its hashes, as the route writes before the lookup.
  const [row] = rows<{ id: number }>(await db.execute(sql`
    insert into tracks (user_id, name, filename, filepath, mime_type, size, content_hash, fingerprint, fingerprint_hashes)
    values (${big!.user_id}, 'probe', 'p.wav', 'tracks/p.wav', 'audio/wav', 1, 'probe', ${s.fingerprint}, ${intArray(hashes)}) returning id`));
  let t0 = performance.now();
  const similar = await findSimilarTracks(db, big!.user_id, raw, { trackId: row!.id, contentHash: 'probe' });
  times.push(performance.now() - t0);
  if (process.env.OLD) {
    t0 = performance.now();
    const wanted = intArray(hashes);
    const old = rows<{ id: number; fingerprint: string }>(await db.execute(sql`select id, fingerprint from tracks where user_id = ${big!.user_id} and id <> ${row!.id}
      and fingerprint is not null and fingerprint_hashes && ${wanted}
      order by cardinality(array(select unnest(fingerprint_hashes) intersect select unnest(${wanted}))) desc, id desc limit 20`));
    const oldSimilar = old.map((c) => ({ id: c.id, s: compareFingerprints(decodeFingerprint(c.fingerprint), raw)?.similarity ?? 0 })).filter((c) => c.s >= 0.6).map((c) => c.id).sort();
    const newSimilar = similar.map((x) => x.id).sort();
    if (JSON.stringify(oldSimilar) !== JSON.stringify(newSimilar)) { differ++; console.log('DIFFER old', oldSimilar, 'new', newSimilar); }
    oldTimes.push(performance.now() - t0);
  }
  await db.execute(sql`delete from tracks where id = ${row!.id}`);
  console.log(s.id, s.name, '→', similar.map((x) => `${x.id}:${x.similarity}`).join(' '), `${times.at(-1)!.toFixed(1)} ms`, oldTimes.length ? `old ${oldTimes.at(-1)!.toFixed(0)} ms` : '');
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!;
console.log('differ', differ, 'of', samples.length);
console.log('median new', med(times).toFixed(1), 'ms; max', Math.max(...times).toFixed(1), oldTimes.length ? `; median old ${med(oldTimes).toFixed(0)} ms` : '');
await handle.close();
