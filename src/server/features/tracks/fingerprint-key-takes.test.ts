import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureStatements } from '../../../test/query-plans';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { encodeFingerprint, fingerprintHashes, HASH_DROP_BITS } from '../../media/fingerprint-match';
import { findSimilarTracks, LOOKUP_KEYS, LOOKUP_POSTINGS, rarestSharedKeys } from './similar-tracks.service';

/**
 * The similar-takes lookup asks the fingerprint index for the upload's rarest keys only (decision
 * 0898), counted per key in fingerprint_key_takes by the triggers of migration 0054. Runs on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let h: TestDatabase;
beforeAll(async () => {
  h = await createTestDatabase();
  for (const id of ['k-ann', 'k-bob']) {
    await run(sql`insert into users (id, email, username) values (${id}, ${`${id}@example.com`}, ${id})`);
  }
});
afterAll(async () => h.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const run = (query: ReturnType<typeof sql>) => h.db.execute(query);
/** Where the migration stops counting a key (fingerprint_key_takes_apply). */
const COMMON_MARK = 4096;

async function keptCounts() {
  const rows = rowsOf<{ key: number; takes: number }>(
    await run(sql`select key, takes from fingerprint_key_takes`),
  );
  return new Map(rows.map((r) => [Number(r.key), Number(r.takes)]));
}
async function recount() {
  const rows = rowsOf<{ key: number; takes: number }>(
    await run(
      sql`select k as key, count(*)::int as takes from tracks, unnest(fingerprint_hashes) k group by k`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.key), Number(r.takes)]));
}
/** Every key's kept count is its recount; keys no take holds any more are at 0 or absent. */
async function expectCountsAreRecount() {
  const [kept, actual] = await Promise.all([keptCounts(), recount()]);
  for (const [key, takes] of actual) expect(kept.get(key), `key ${key}`).toBe(takes);
  for (const [key, takes] of kept) if (!actual.has(key)) expect(takes, `key ${key}`).toBe(0);
}
const pgArray = (keys: readonly number[] | null) => (keys === null ? null : `{${keys.join(',')}}`);

describe('fingerprint_key_takes follows the tracks', () => {
  type Step =
    | { kind: 'insert'; who: number; sets: number[][] }
    | { kind: 'rehash'; pick: number; keys: number[] | null }
    | { kind: 'delete'; pick: number; n: number }
    | { kind: 'deleteOwner'; who: number }
    | { kind: 'rename'; pick: number };
  const keys = fc.uniqueArray(fc.integer({ min: 1, max: 24 }), { maxLength: 6 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('insert' as const),
      who: fc.nat(1),
      sets: fc.array(keys, { minLength: 1, maxLength: 4 }),
    }),
    fc.record({ kind: fc.constant('rehash' as const), pick: fc.nat(), keys: fc.option(keys) }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), n: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant('deleteOwner' as const), who: fc.nat(1) }),
    fc.record({ kind: fc.constant('rename' as const), pick: fc.nat() }),
  );
  const people = ['k-ann', 'k-bob'];

  async function apply(s: Step) {
    const ids = rowsOf<{ id: number }>(await run(sql`select id from tracks order by id`)).map((r) => r.id);
    const some = (pick: number) => ids[pick % Math.max(1, ids.length)];
    switch (s.kind) {
      case 'insert': {
        // Several rows in one statement, as an import would: the statement trigger counts them all.
        const values = s.sets.map(
          (set) =>
            sql`(${people[s.who]}, 'Take', 't.wav', 'tracks/t.wav', 'audio/wav', 1, ${pgArray(set.length ? set : null)}::int[])`,
        );
        await run(
          sql`insert into tracks (user_id, name, filename, filepath, mime_type, size, fingerprint_hashes) values ${sql.join(values, sql`, `)}`,
        );
        return;
      }
      case 'rehash':
        if (ids.length)
          await run(
            sql`update tracks set fingerprint_hashes = ${pgArray(s.keys)}::int[] where id = ${some(s.pick)}`,
          );
        return;
      case 'delete':
        if (ids.length) await run(sql`delete from tracks where id % ${s.n} = ${(some(s.pick) ?? 0) % s.n}`);
        return;
      case 'deleteOwner':
        // The person's tracks go by the cascade: the delete trigger counts those too.
        await run(sql`delete from users where id = ${people[s.who]}`);
        await run(
          sql`insert into users (id, email, username) values (${people[s.who]}, ${`${people[s.who]}@example.com`}, ${people[s.who]})`,
        );
        return;
      case 'rename':
        // Other columns change: the row trigger is not even called.
        if (ids.length) await run(sql`update tracks set name = name || '!' where id = ${some(s.pick)}`);
        return;
    }
  }

  it('after any statements, each key counts the takes holding it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          await apply(s);
          await expectCountsAreRecount();
        }
      }),
      { numRuns: 25 },
    );
    // The runs did count something (the property is not about an empty table).
    expect((await recount()).size + (await keptCounts()).size).toBeGreaterThan(0);
  });

  it('leaves a key at the common mark as it is, whatever comes and goes', async () => {
    const key = 900_001;
    await run(sql`insert into fingerprint_key_takes (key, takes) values (${key}, ${COMMON_MARK})`);
    await run(sql`
      insert into tracks (user_id, name, filename, filepath, mime_type, size, fingerprint_hashes)
      values ('k-ann', 'Common', 'c.wav', 'tracks/c.wav', 'audio/wav', 1, ${pgArray([key, key + 1])}::int[])`);
    expect((await keptCounts()).get(key)).toBe(COMMON_MARK);
    expect((await keptCounts()).get(key + 1)).toBe(1);
    await run(sql`delete from tracks where name = 'Common'`);
    expect((await keptCounts()).get(key)).toBe(COMMON_MARK);
    expect((await keptCounts()).get(key + 1)).toBe(0);
  });
});

describe('rarestSharedKeys', () => {
  it('takes keys another take holds, rarest first, within the key and postings budgets', () => {
    const counts = new Map([
      [1, 1], // only the upload: no other take to find through it
      [2, 3],
      [3, 2],
      [4, 900],
      [5, 200],
    ]);
    expect(rarestSharedKeys([1, 2, 3, 4, 5, 6], counts)).toEqual([3, 2, 5]);
    // 1 + 2 + 199 = 202 postings; key 4's 899 more would pass LOOKUP_POSTINGS.
    expect(1 + 2 + 199 + 899).toBeGreaterThan(LOOKUP_POSTINGS);
  });

  it('stops at LOOKUP_KEYS keys', () => {
    const hashes = Array.from({ length: LOOKUP_KEYS * 2 }, (_, i) => i + 1);
    const counts = new Map(hashes.map((k) => [k, 2 + (k % 3)]));
    const chosen = rarestSharedKeys(hashes, counts);
    expect(chosen).toHaveLength(LOOKUP_KEYS);
    expect(Math.max(...chosen.map((k) => counts.get(k)!))).toBeLessThanOrEqual(
      Math.min(...hashes.filter((k) => !chosen.includes(k)).map((k) => counts.get(k)!)),
    );
  });
});

describe('the upload lookup at a journal that shares common keys', () => {
  // Sub-fingerprints: 32 bits, of which the index keys on the high 20 (fingerprint-match.ts).
  let seed = 7;
  const random = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed;
  };
  /** Common sounds: every take holds all of these keys (silence, a hum, the band's usual chord). */
  const COMMON_KEYS = Array.from({ length: 12 }, (_, i) => i + 1);
  function takeFingerprint(): Uint32Array {
    const raw = new Uint32Array(100);
    for (let i = 0; i < raw.length; i++) {
      raw[i] =
        i % 10 === 0
          ? ((COMMON_KEYS[(i / 10) % COMMON_KEYS.length]! << HASH_DROP_BITS) | (random() & 0xfff)) >>> 0
          : random();
    }
    return raw;
  }
  const TAKES = 1_100;

  it('finds the original through its rare keys, reading no more than the postings budget', async () => {
    await run(sql`delete from tracks`);
    const prints = Array.from({ length: TAKES }, takeFingerprint);
    const rows = prints.map(
      (raw, i) =>
        sql`('k-ann', ${`Take ${i}`}, 't.wav', 'tracks/t.wav', 'audio/wav', 1, ${`hash-${i}`}, ${encodeFingerprint(raw)}, ${pgArray(fingerprintHashes(raw))}::int[])`,
    );
    for (let i = 0; i < rows.length; i += 250) {
      await run(sql`
        insert into tracks (user_id, name, filename, filepath, mime_type, size, content_hash, fingerprint, fingerprint_hashes)
        values ${sql.join(rows.slice(i, i + 250), sql`, `)}`);
    }
    // The same take re-encoded: its low bits flipped here and there, the keys the same.
    const original = prints[TAKES / 2]!;
    const upload = original.map((item, i) => (i % 3 === 0 ? item ^ 0b101 : item) >>> 0);
    const [uploaded] = rowsOf<{ id: number }>(
      await run(sql`
        insert into tracks (user_id, name, filename, filepath, mime_type, size, content_hash, fingerprint, fingerprint_hashes)
        values ('k-ann', 'Upload', 't.wav', 'tracks/t.wav', 'audio/wav', 1, 'upload', ${encodeFingerprint(upload)},
          ${pgArray(fingerprintHashes(upload))}::int[])
        returning id`),
    );
    // Every take holds the common keys: the whole journal was the old lookup's candidates.
    const holding = rowsOf<{ n: number }>(
      await run(
        sql`select count(*)::int as n from tracks where fingerprint_hashes && ${pgArray(COMMON_KEYS)}::int[]`,
      ),
    );
    expect(Number(holding[0]!.n)).toBe(TAKES + 1);

    const capture = captureStatements(h, () => 'lookup');
    const similar = await findSimilarTracks(h.db, 'k-ann', upload, {
      trackId: uploaded!.id,
      contentHash: 'upload',
    });
    capture.stop();
    expect(similar.map((s) => s.name)).toEqual([`Take ${TAKES / 2}`]);
    expect(similar[0]!.similarity).toBeGreaterThan(0.9);

    // What the candidates' statement reads from the index: the upload's rare keys' takes only.
    const lookup = capture.statements.find((s) => /&&/.test(s.sql));
    expect(lookup, 'the candidates statement').toBeDefined();
    const keysAsked = String(lookup!.params.find((p) => typeof p === 'string' && p.startsWith('{')) ?? '');
    const asked = keysAsked.slice(1, -1).split(',').map(Number);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThanOrEqual(LOOKUP_KEYS);
    expect(asked.filter((k) => COMMON_KEYS.includes(k))).toEqual([]);
    const matching = rowsOf<{ n: number }>(
      await run(sql`select count(*)::int as n from tracks where fingerprint_hashes && ${keysAsked}::int[]`),
    );
    expect(Number(matching[0]!.n)).toBeLessThanOrEqual(LOOKUP_POSTINGS + 1);
  });
});
