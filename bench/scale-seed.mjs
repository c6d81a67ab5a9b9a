// Issue 48: seeds the scale bench's instance straight into PostgreSQL with set-based SQL
// (INSERT … SELECT from generate_series, every value a hash of its row number: deterministic),
// in minutes rather than the hours the API would take. See bench/README.md ("Scale seed") and
// decision 0872.
//
//   node bench/scale-seed.mjs [--database-url URL] [--scale F] [--session-secret S] [--force]
//     [--big-journal N] [--big-synth-links N]
//
// The app's migrations must have been applied first (DATABASE_URL=… node dist/server/main.js
// migrate, or start the app once on that database). At --scale 1: 10,000 people, 1,000,000 tracks
// (one journal of 100,000), 5,000 equipment pages with 2,000,000 track links (one synth with
// 50,000), 50,000 playlists, 2,000 collectives with 20,000 memberships and shared playlists,
// 2,000,000 timed comments and 10,000,000 plays. The last line printed is JSON with the ids a bench
// needs, and a session of the big journal's owner (a cookie when SESSION_SECRET is given).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Signer } from '@fastify/cookie';
import pg from 'pg';
import { PrintBatch, SongPlan } from './lib/seed-prints.mjs';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    scale: { type: 'string', default: '1' },
    'session-secret': { type: 'string', default: process.env.SESSION_SECRET },
    force: { type: 'boolean', default: false },
    // Fingerprints, onset envelopes and silences at their real sizes (decision 0895): off by
    // default, as at scale 1 they are ~850 million GIN keys and ~20 GB, an hour's seed or more.
    prints: { type: 'boolean', default: false },
    // At least this many tracks in the big journal and links on the big synth, whatever --scale
    // (the scale bench's small reference instance: replies as big as the seeded one's, decision
    // 0900). The big journal's extra tracks come on top of the others', which stay as scaled.
    'big-journal': { type: 'string', default: '0' },
    'big-synth-links': { type: 'string', default: '0' },
  },
});
const scale = Number(args.scale);
if (!args['database-url']) throw new Error('--database-url (or DATABASE_URL) is required');
if (!(scale > 0)) throw new Error('--scale must be a positive number');

const count = (n) => Math.max(1, Math.round(n * scale));
const bigJournal = Number(args['big-journal']);
const bigSynthLinks = Number(args['big-synth-links']);
if (!(bigJournal >= 0) || !(bigSynthLinks >= 0))
  throw new Error('--big-journal and --big-synth-links are counts');
const N = Math.max(2, count(10_000)); // people
const T = Math.max(N, count(1_000_000)) + Math.max(0, bigJournal - count(100_000)); // tracks
const B = Math.min(T - (N - 1), Math.max(count(100_000), bigJournal)); // the big journal's tracks
const E = Math.max(3, count(5_000)); // equipment pages
const S = Math.min(T, Math.max(count(50_000), bigSynthLinks)); // links on the big synth
const P = count(50_000); // playlists
const C = count(2_000); // collectives
const PER = Math.min(N, Math.max(1, Math.round(count(20_000) / C))); // members a collective
const SHARES = Math.min(PER, 3); // playlists shared to a collective (one by each of its first members)
const COMMENTS = count(2_000_000);
const PLAYS_PER_TRACK = 10; // 10,000,000 at scale 1
// The session the bench signs in with lives as long as a real one (session-lifetime.ts).
const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_IDLE_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;

const client = new pg.Client({ connectionString: args['database-url'] });
await client.connect();
const started = performance.now();
const log = (line) => console.log(line);

/** One step: its statements in one transaction, printed with the rows they wrote and its time. */
async function step(name, statements, { rebuildGin, maintenanceWorkMem } = {}) {
  const t0 = performance.now();
  await client.query('BEGIN');
  let rows = 0;
  try {
    await setFastWrites();
    if (maintenanceWorkMem) await client.query(`SET LOCAL maintenance_work_mem = '${maintenanceWorkMem}'`);
    // A GIN index built once over the rows is about ten times cheaper than one row at a time
    // (fastupdate is off): dropped and made again in the same transaction, from the catalog's own
    // definitions, so they are exactly the migrations' indexes.
    const gin = rebuildGin
      ? (
          await client.query(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1 AND indexdef LIKE '% USING gin %'",
            [rebuildGin],
          )
        ).rows
      : [];
    for (const { indexname } of gin) await client.query(`DROP INDEX "${indexname}"`);
    const run = async (sql, values) => {
      const result = await client.query(sql, values);
      if (result.command === 'INSERT' || result.command === 'UPDATE') rows += result.rowCount ?? 0;
    };
    // A function runs its own statements (the tracks, in batches); else each statement in turn.
    if (typeof statements === 'function') await statements(run);
    else for (const sql of [statements].flat()) await run(sql);
    for (const index of gin) await run(index.indexdef);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
  const seconds = (performance.now() - t0) / 1000;
  log(`${name.padEnd(34)} ${String(rows).padStart(11)} rows ${seconds.toFixed(2).padStart(7)} s`);
  return { rows, seconds };
}

// Triggers off for the bulk inserts when the role may (superuser, or GRANT SET on PG 15+): the
// per-row live-event NOTIFYs (2,000,000 for the comments), the per-row owner lock of
// track_list_revision, the statement trigger of track_equipment_tags that rewrites every tagged
// track, and the foreign-key checks (the data is made consistent by construction). What those
// triggers keep is written here instead (list_revision by its default, journal_revision at the end).
let replica = false;
async function setFastWrites() {
  await client.query('SET LOCAL synchronous_commit = off');
  if (replica) await client.query("SET LOCAL session_replication_role = 'replica'");
}

try {
  const [{ exists }] = (await client.query("SELECT to_regclass('public.tracks') IS NOT NULL AS exists")).rows;
  if (!exists)
    throw new Error(
      'No tracks table: apply the migrations first (DATABASE_URL=… node dist/server/main.js migrate)',
    );
  const [{ tracks: existing }] = (await client.query('SELECT count(*)::int AS tracks FROM tracks')).rows;
  if (existing > 0 && !args.force) {
    console.error(
      `This database already has ${existing} tracks; not seeding (--force seeds more beside them).`,
    );
    process.exitCode = 1;
    await client.end();
    process.exit();
  }
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL session_replication_role = 'replica'");
    await client.query('ROLLBACK');
    replica = true;
  } catch {
    await client.query('ROLLBACK');
    log('Note: this role may not set session_replication_role; triggers and foreign keys stay on (slower).');
  }

  // Where this run's ids start (beyond anything already there: --force), so that a first run on an
  // empty database makes the same rows every time.
  const base = async (table) =>
    Number((await client.query(`SELECT coalesce(max(id), 0)::bigint AS m FROM ${table}`)).rows[0].m);
  const userBase = Number((await client.query('SELECT count(*)::bigint AS n FROM users')).rows[0].n);
  const trackBase = await base('tracks');
  const equipmentBase = await base('equipment_tags');
  const playlistBase = await base('playlists');
  const collectiveBase = await base('collectives');
  log(
    `Seeding at scale ${scale}: ${N} people, ${T} tracks (big journal ${B}), ${E} equipment (big synth ${S} links),`,
  );
  log(
    `${P} playlists, ${C} collectives × ${PER} members, ${COMMENTS} comments, ${T * PLAYS_PER_TRACK} plays.`,
  );

  // Helpers for this connection only (pg_temp): a uniform number in [0, 1) from a text key, and
  // an element of an array picked by such a number.
  await client.query(`
    CREATE FUNCTION pg_temp.u(k text) RETURNS double precision LANGUAGE sql IMMUTABLE
      AS $$ SELECT (hashtext(k)::bigint + 2147483648) / 4294967296.0 $$`);
  await client.query(`
    CREATE FUNCTION pg_temp.pick(a text[], x double precision) RETURNS text LANGUAGE sql IMMUTABLE
      AS $$ SELECT a[1 + floor(x * array_length(a, 1))::int] $$`);

  // People: idx 1 owns the big journal. Every person's track range [first, first + n) in the
  // tracks' seed order: most a few dozen, one in ten a few hundred to a couple of thousand.
  await client.query(`
    CREATE TEMP TABLE seed_people AS
    WITH w AS (
      SELECT i AS idx,
        CASE WHEN pg_temp.u('heavy' || i) < 0.1 THEN 200 + 1800 * pg_temp.u('w' || i)
             ELSE 10 + 50 * pg_temp.u('w' || i) END AS w
      FROM generate_series(2, ${N}) i
    ), c AS (
      SELECT idx, sum(w) OVER (ORDER BY idx) AS upto, sum(w) OVER () AS total, w FROM w
    )
    SELECT 1 AS idx, 0::bigint AS first, ${B}::int AS n
    UNION ALL
    SELECT idx, ${B} + floor(${T - B} * (upto - w) / total)::bigint,
      (floor(${T - B} * upto / total) - floor(${T - B} * (upto - w) / total))::int
    FROM c`);
  await client.query(`
    ALTER TABLE seed_people ADD COLUMN id text;
    UPDATE seed_people p SET id = 'u_' || (
      SELECT string_agg(substr('abcdefghijklmnopqrstuvwxyz234567',
        get_byte(decode(md5('journal-seed-' || (${userBase} + p.idx)), 'hex'), b) % 32 + 1, 1), '' ORDER BY b)
      FROM generate_series(0, 15) b);
    ALTER TABLE seed_people ADD PRIMARY KEY (idx);
    ANALYZE seed_people`);

  const firstNames = `ARRAY['Maya','Jonas','Lea','Tariq','Ines','Oskar','Noor','Felix','Zoe','Ravi','Hana','Luca','Mira','Sven','Aiko','Emil','Nadia','Theo','Yara','Kofi']`;
  const lastNames = `ARRAY['Berg','Okafor','Lindqvist','Moreau','Tanaka','Silva','Novak','Haddad','Keller','Costa','Nguyen','Brandt','Osei','Ferreira','Kowalski','Dubois']`;
  await step(
    'users',
    `INSERT INTO users (id, email, first_name, last_name, username, bio, social_links, is_public,
        email_verified, created_at, updated_at)
      SELECT p.id, lower(f.first) || (${userBase} + p.idx) || '@example.com', f.first,
        pg_temp.pick(${lastNames}, pg_temp.u('last' || p.idx)), lower(f.first) || (${userBase} + p.idx),
        CASE WHEN p.idx = 1 THEN 'Records everything, keeps everything.' WHEN pg_temp.u('bio' || p.idx) < 0.3
          THEN 'Synths, tape and late nights.' END,
        '{}'::jsonb, p.idx = 1 OR pg_temp.u('public' || p.idx) < 0.05, true,
        now() - interval '1200 days', now() - interval '1200 days'
      FROM seed_people p,
        LATERAL (SELECT pg_temp.pick(${firstNames}, pg_temp.u('first' || p.idx)) AS first) f
      ORDER BY p.idx`,
  );

  // What the media job measures of a take's audio beyond its loudness, tempo and key (decisions
  // 0600, 0811, 0850, 0895), at the sizes a real file of that length gives: the Chromaprint raw
  // fingerprint of the opening two minutes (bench/lib/seed-prints.mjs: 7.9 sub-fingerprints a
  // second, 5 KB of base64 from 120 s on; three takes in ten re-takes of one of their owner's songs,
  // sharing stretches of its fingerprint) and its GIN keys as the app derives them; the onset
  // envelope of the opening (one byte per 10 ms up to 120 s, 16 kB of base64), mostly silence with
  // attacks, as the app's envelopes are; the silences of a take over 5 minutes. The fingerprints
  // come from here (a hash per sub-fingerprint is ten times faster in JavaScript than in SQL), the
  // envelopes from 512 stretches of 3,000 values made once, picked by hash.
  const ONSET_CHUNK = 3000;
  await client.query(`
    CREATE TEMP TABLE seed_onset_chunks AS
    SELECT c, string_agg(set_byte('\\x00'::bytea, 0, v), ''::bytea ORDER BY k) AS bytes
    FROM generate_series(0, 511) c, generate_series(0, ${ONSET_CHUNK - 1}) k,
      LATERAL (SELECT (hashint8extended(c * ${ONSET_CHUNK} + k, 600) & 65535)::int AS r) x,
      LATERAL (SELECT CASE WHEN r < 55705 THEN 0 WHEN r < 62054 THEN 1 + r % 7
        WHEN r < 63725 THEN 8 + r % 24 ELSE 32 + r % 223 END AS v) y
    GROUP BY c;
    ALTER TABLE seed_onset_chunks ADD PRIMARY KEY (c);
    ANALYZE seed_onset_chunks`);
  const duration = (j) => `round((30 + 570 * pg_temp.u('dur' || ${j}))::numeric, 2)::real`;
  const durations = new Float64Array(T + 1);
  const seeded = await client.query({
    text: `SELECT ${duration('j')} AS d FROM generate_series(1, ${T}) j ORDER BY j`,
    rowMode: 'array',
  });
  seeded.rows.forEach(([d], i) => {
    durations[i + 1] = Number(d);
  });
  const firstTake = new Int32Array(T + 1);
  for (const { first, n } of (await client.query('SELECT first::int, n FROM seed_people ORDER BY idx'))
    .rows) {
    firstTake.fill(first + 1, first + 1, first + n + 1);
  }
  const songs = new SongPlan(T);
  const BATCH = 10_000;
  /** The fingerprints of takes lo…hi, made a thousand at a time so the batch before goes out meanwhile. */
  async function prints(lo, hi) {
    const batch = new PrintBatch(hi - lo + 1);
    for (let j = lo; j <= hi; j++) {
      songs.plan(j, firstTake[j]);
      batch.add(songs, j, durations[j]);
      if ((j - lo) % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
    }
    return batch.params();
  }

  const words = `ARRAY['Sketch','Jam','Loop','Take','Idea','Groove','Demo','Bounce','Session','Draft','Drone','Pulse','Night','Tape','Echo','Arp','Bassline','Pad','Chord','Rain']`;
  const colours = `ARRAY['Blue','Late','Slow','Warm','Broken','Quiet','Deep','Bright','Hazy','Cold','Analog','Lost','Golden','Grey','Neon','Soft']`;
  const keys = `ARRAY['C major','C# major','D major','D# major','E major','F major','F# major','G major','G# major','A major','A# major','B major','C minor','C# minor','D minor','D# minor','E minor','F minor','F# minor','G minor','G# minor','A minor','A# minor','B minor']`;
  // Tracks: ready, mp3, 30 s to 10 min, one in ten public, nine in ten shared to equipment pages.
  // Ids given (OVERRIDING SYSTEM VALUE) so links can name tracks by number; the identity moves on after.
  // In batches of BATCH takes (j from $7 to $8), each with its fingerprints as binary parameters.
  const insertTracks = `INSERT INTO tracks (id, user_id, name, filename, filepath, mime_type, size, duration, notes,
          file_created_at, share_to_equipment_pages, created_at, updated_at, processing_state,
          original_playable, loudness_lufs, true_peak_db, visibility, content_hash, version,
          sample_rate, channels, audio_start_seconds, bpm, bpm_confidence, musical_key, key_confidence,
          loudness_range, analysis_level, fingerprint, fingerprint_hashes, onsets, silences)
        OVERRIDING SYSTEM VALUE
        SELECT ${trackBase} + j, p.id, name, 'seed-' || j || '.mp3', 'tracks/seed-' || (${trackBase} + j),
          'audio/mpeg', (d * 40000)::bigint, d,
          CASE WHEN pg_temp.u('notes' || j) < 0.3 THEN 'Take ' || (j % 7 + 1) || ', ' || lower(name) || ' through the desk' END,
          at, pg_temp.u('share' || j) < 0.9, at + interval '2 hours', at + interval '2 hours', 'ready',
          true, -20 + 10 * pg_temp.u('lufs' || j), -3 * pg_temp.u('peak' || j),
          CASE WHEN pg_temp.u('vis' || j) < 0.1 THEN 'public' ELSE 'private' END,
          md5('content' || j) || md5('hash' || j), 1, 44100, 2, 0,
          round((70 + 100 * pg_temp.u('bpm' || j))::numeric, 1), 0.8, pg_temp.pick(${keys}, pg_temp.u('key' || j)), 0.7,
          4 + 8 * pg_temp.u('lra' || j), 1,
          -- encode() breaks base64 into lines of 76; the app's Buffer.toString('base64') does not.
          CASE WHEN f.items[k] > 0 THEN replace(encode(substr(f.words, f.word_at[k] * 4 + 1, f.items[k] * 4), 'base64'), E'\\n', '') END,
          CASE WHEN f.items[k] > 0 THEN f.hashes[f.hash_at[k] + 1 : f.hash_at[k] + f.hash_count[k]] END,
          CASE WHEN f.items IS NOT NULL THEN replace(encode('\\x01'::bytea || substr((
            SELECT string_agg(o.bytes, ''::bytea ORDER BY s) FROM generate_series(0, (hops - 1) / ${ONSET_CHUNK}) s
            JOIN seed_onset_chunks o ON o.c = (hashint8extended(j * 8 + s, 605) & 511)::int), 1, hops), 'base64'), E'\\n', '') END,
          CASE WHEN f.items IS NOT NULL AND d > 300 THEN CASE WHEN pg_temp.u('pauses' || j) < 0.6 THEN '[]'::jsonb ELSE (
            SELECT jsonb_agg(jsonb_build_object('start', round(at_s, 2), 'end', round((at_s + 3 + 5 * pg_temp.u('pl' || j || '.' || q))::numeric, 2)) ORDER BY q)
            FROM generate_series(1, 1 + floor(6 * pg_temp.u('pn' || j))::int) q,
              LATERAL (SELECT (d::numeric - 10) * q / (2 + floor(6 * pg_temp.u('pn' || j))::int) AS at_s) z) END END
        FROM (SELECT $1::bytea AS words, $2::int4[] AS hashes, $3::int4[] AS word_at, $4::int4[] AS items,
            $5::int4[] AS hash_at, $6::int4[] AS hash_count) f,
          seed_people p, generate_series(greatest(p.first + 1, $7::bigint), least(p.first + p.n, $8::bigint)) j,
          LATERAL (SELECT ${duration('j')} AS d,
            pg_temp.pick(${colours}, pg_temp.u('c' || j)) || ' ' || pg_temp.pick(${words}, pg_temp.u('w' || j)) || ' ' || j AS name,
            now() - interval '1100 days' + (j - p.first) * (interval '1090 days' / greatest(p.n, 1)) AS at,
            (j - $7::bigint + 1)::int AS k) x,
          LATERAL (SELECT least(12000, ceil(d::numeric * 100))::int AS hops) h
        WHERE p.first + 1 <= $8::bigint AND p.first + p.n >= $7::bigint
        ORDER BY j`;
  await step(
    'tracks',
    async (run) => {
      const none = [null, null, null, null, null, null];
      const batchOf = (lo, hi) => (args.prints ? prints(lo, hi) : Promise.resolve(none));
      let next = batchOf(1, Math.min(T, BATCH));
      for (let lo = 1; lo <= T; lo += BATCH) {
        const hi = Math.min(T, lo + BATCH - 1);
        const values = [...(await next), lo, hi];
        const inserted = run(insertTracks, values);
        if (hi < T) next = batchOf(hi + 1, Math.min(T, hi + BATCH));
        await inserted;
      }
      await run(`SELECT setval(pg_get_serial_sequence('tracks', 'id'), (SELECT max(id) FROM tracks))`);
    },
    // The fingerprints' GIN index holds ~900 keys a take: built in memory, not a flush at a time.
    { rebuildGin: 'tracks', maintenanceWorkMem: '1GB' },
  );

  const brands = `ARRAY['Moog','Roland','Korg','Elektron','Sequential','Oberheim','Arturia','Novation','Yamaha','Make Noise','Mutable','Teenage Engineering','Behringer','Waldorf','Eventide','Strymon']`;
  const models = `ARRAY['Prophet','Juno','Digitakt','Minilogue','Polysix','Microfreak','Peak','DX','Maths','Plaits','OP','Blofeld','H9','BigSky','TR','Volca']`;
  const categories = `ARRAY['Hardware Synth','Hardware Drum Machine','Hardware Sampler','Hardware Sequencer','Hardware FX','Hardware Groovebox','Modular Oscillator','Modular Filter','Modular FX','Software Synth','Software FX','Software DAW']`;
  await step('equipment_tags', [
    `INSERT INTO equipment_tags (id, name, description, category, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT ${equipmentBase} + e,
        CASE WHEN e = 1 THEN 'Moog Subsequent 37' || CASE WHEN ${equipmentBase} > 0 THEN ' ' || ${equipmentBase} ELSE '' END
          -- A Juno on every instance, the empty one's three pages too: the filter case q=juno
          -- must find takes on both sides, not an empty page on the reference (issue 48).
          WHEN e = 2 THEN 'Roland Juno ' || (${equipmentBase} + e)
          ELSE pg_temp.pick(${brands}, pg_temp.u('brand' || e)) || ' ' || pg_temp.pick(${models}, pg_temp.u('model' || e)) || ' ' || (${equipmentBase} + e) END,
        CASE WHEN e = 1 OR pg_temp.u('desc' || e) < 0.2 THEN 'Used on more takes than anything else.' END,
        CASE WHEN e = 1 THEN 'Hardware Synth' ELSE pg_temp.pick(${categories}, pg_temp.u('cat' || e)) END,
        now() - interval '1200 days', now() - interval '1200 days'
      FROM generate_series(1, ${E}) e`,
    `SELECT setval(pg_get_serial_sequence('equipment_tags', 'id'), (SELECT max(id) FROM equipment_tags))`,
  ]);

  // Links: the big synth on S tracks spread over all, then two per track (one from each half of
  // the other equipment, skewed to its first pages), the second left out on one track in twenty.
  const mid = 1 + Math.floor((E - 1) / 2);
  await step('track_equipment_tags', [
    // track_created_at (migration 0044) is the link's track's: its insert trigger is off here.
    `INSERT INTO track_equipment_tags (track_id, equipment_tag_id, created_at, track_created_at)
        SELECT t.id, ${equipmentBase} + 1, now() - interval '30 days', t.created_at
        FROM generate_series(0, ${S - 1}) s
        JOIN tracks t ON t.id = ${trackBase} + 1 + (s::bigint * ${T}) / ${S}`,
    `INSERT INTO track_equipment_tags (track_id, equipment_tag_id, created_at, track_created_at)
        SELECT t.id, ${equipmentBase} + CASE WHEN a = 0
            THEN 2 + floor(${mid - 1} * pg_temp.u('t0' || t.id) ^ 2)::int
            ELSE ${mid + 1} + floor(${E - mid} * pg_temp.u('t1' || t.id) ^ 2)::int END,
          t.created_at, t.created_at
        FROM tracks t, (VALUES (0), (1)) s(a)
        WHERE t.id > ${trackBase} AND ${E - mid} > 0 AND (a = 0 OR (t.id - ${trackBase}) % 20 <> 0)
        ORDER BY t.id, a`,
  ]);

  // Playlists: person 1 + (q - 1) % N owns playlist q; 3 to 40 of the owner's own tracks in a row.
  const adjectives = `ARRAY['Best of','Sunday','Unfinished','Keepers','Live','Ambient','Rough','For the EP','Night drive','Workbench']`;
  await step('playlists', [
    `INSERT INTO playlists (id, user_id, name, description, is_public, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT ${playlistBase} + q, p.id, pg_temp.pick(${adjectives}, pg_temp.u('pl' || q)) || ' ' || q,
        CASE WHEN pg_temp.u('pld' || q) < 0.3 THEN 'Takes that go together.' END,
        pg_temp.u('plp' || q) < 0.1, now() - interval '300 days', now() - interval '300 days'
      FROM generate_series(1, ${P}) q JOIN seed_people p ON p.idx = 1 + (q - 1) % ${N}`,
    `SELECT setval(pg_get_serial_sequence('playlists', 'id'), (SELECT max(id) FROM playlists))`,
  ]);
  await step(
    'playlist_tracks',
    `INSERT INTO playlist_tracks (playlist_id, track_id, position, created_at)
      SELECT ${playlistBase} + q, ${trackBase} + p.first + 1 + (floor(p.n * pg_temp.u('pls' || q))::bigint + k) % p.n, k,
        now() - interval '300 days' + k * interval '1 hour'
      FROM generate_series(1, ${P}) q JOIN seed_people p ON p.idx = 1 + (q - 1) % ${N},
        generate_series(0, least(3 + floor(38 * pg_temp.u('pll' || q))::int, p.n) - 1) k
      ORDER BY q, k`,
  );

  // Collectives: collective c's members are people stride·c + m (m < PER), its owner the first
  // (collective 1 is the big journal's owner's). Each of its first SHARES members shares one
  // playlist of their own.
  const stride = Math.max(1, Math.floor(N / C));
  const member = (c, m) => `1 + ((${c} - 1) * ${stride} + ${m}) % ${N}`;
  await step('collectives', [
    `INSERT INTO collectives (id, name, description, owner_id, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT ${collectiveBase} + c, pg_temp.pick(${colours}, pg_temp.u('col' || c)) || ' Collective ' || c,
        CASE WHEN pg_temp.u('cold' || c) < 0.5 THEN 'We swap takes and argue about reverb.' END, p.id,
        now() - interval '400 days', now() - interval '400 days'
      FROM generate_series(1, ${C}) c JOIN seed_people p ON p.idx = ${member('c', 0)}`,
    `SELECT setval(pg_get_serial_sequence('collectives', 'id'), (SELECT max(id) FROM collectives))`,
  ]);
  await step(
    'collective_members',
    `INSERT INTO collective_members (collective_id, user_id, role, joined_at)
      SELECT ${collectiveBase} + c, p.id, CASE m WHEN 0 THEN 'owner' WHEN 1 THEN 'admin' ELSE 'member' END,
        now() - interval '400 days' + m * interval '1 day'
      FROM generate_series(1, ${C}) c CROSS JOIN generate_series(0, ${PER - 1}) m
      JOIN seed_people p ON p.idx = ${member('c', 'm')}
      ORDER BY c, m`,
  );
  await step(
    'playlist_collective_shares',
    `INSERT INTO playlist_collective_shares (playlist_id, collective_id, shared_by_user_id, created_at)
      SELECT ${playlistBase} + q, ${collectiveBase} + c, p.id, now() - interval '200 days' + m * interval '1 day'
      FROM generate_series(1, ${C}) c CROSS JOIN generate_series(0, ${SHARES - 1}) m
      JOIN seed_people p ON p.idx = ${member('c', 'm')},
      LATERAL (SELECT p.idx + ${N} * ((c - 1) % greatest(1, ${Math.floor(P / N)})) AS q) x
      WHERE q <= ${P}
      ORDER BY c, m`,
  );

  // Timed comments, on the tracks of the playlists shared to each collective, by its members,
  // spread evenly over those (collective, track) pairs; a quarter are ranges, a sixth resolved.
  await client.query(`
    CREATE TEMP TABLE seed_threads AS
    SELECT row_number() OVER (ORDER BY s.collective_id, pt.track_id) - 1 AS rn,
      s.collective_id, s.collective_id - ${collectiveBase} AS c, pt.track_id, t.duration
    FROM (SELECT DISTINCT collective_id, playlist_id FROM playlist_collective_shares
          WHERE collective_id > ${collectiveBase}) s
    JOIN playlist_tracks pt ON pt.playlist_id = s.playlist_id
    JOIN tracks t ON t.id = pt.track_id
    GROUP BY s.collective_id, pt.track_id, t.duration;
    ALTER TABLE seed_threads ADD PRIMARY KEY (rn);
    ANALYZE seed_threads`);
  const [{ threads }] = (await client.query('SELECT count(*)::bigint AS threads FROM seed_threads')).rows;
  const phrases = `ARRAY['Love this part','The kick is too loud here','What is this patch?','Cut here?','This drop!','Too much reverb','Nice transition','Can we loop this bit?','Bass is muddy','Keep this take']`;
  await step(
    'track_comments',
    `INSERT INTO track_comments (collective_id, track_id, user_id, content, at_seconds, end_seconds,
        resolved_at, resolved_by, created_at, track_version)
      SELECT th.collective_id, th.track_id, p.id, pg_temp.pick(${phrases}, pg_temp.u('say' || k)),
        at, CASE WHEN pg_temp.u('range' || k) < 0.25 THEN at + 1 + 0.05 * th.duration END,
        CASE WHEN resolved THEN created + interval '1 day' END, CASE WHEN resolved THEN p.id END, created, 1
      FROM generate_series(0, ${COMMENTS - 1}) k
      JOIN seed_threads th ON th.rn = k % ${threads}
      JOIN seed_people p ON p.idx = 1 + ((th.c - 1) * ${stride} + (k / ${threads} + k) % ${PER}) % ${N},
      LATERAL (SELECT round((0.8 * th.duration * pg_temp.u('at' || k))::numeric, 1)::double precision AS at,
        pg_temp.u('res' || k) < 0.16 AS resolved,
        now() - interval '200 days' + pg_temp.u('when' || k) * interval '199 days' AS created) x
      ORDER BY k`,
  );

  // What the statement triggers of migrations 0048 and 0050 keep, off above: each seeded track's
  // folded text for the journal filter, each person's number of tracks, each version's open
  // threads by collective. The same statements as the migrations' own backfills.
  await step(
    'track_match_documents',
    `INSERT INTO track_match_documents (track_id, user_id, name, document)
      SELECT t.id, t.user_id, ' ' || track_match_fold(t.name) || ' ',
        ' ' || track_match_fold(t.name || ' ' || coalesce(t.notes, '') || coalesce(' ' || e.names, '')) || ' '
      FROM tracks t LEFT JOIN (
        SELECT te.track_id, string_agg(eq.name, ' ' ORDER BY te.created_at, te.id) AS names
        FROM track_equipment_tags te JOIN equipment_tags eq ON eq.id = te.equipment_tag_id
        WHERE te.track_id > ${trackBase} GROUP BY te.track_id
      ) e ON e.track_id = t.id
      WHERE t.id > ${trackBase}`,
    { rebuildGin: 'track_match_documents' },
  );
  await step(
    'user_track_counts',
    `INSERT INTO user_track_counts (user_id, tracks)
      SELECT user_id, count(*) FROM tracks WHERE id > ${trackBase} GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET tracks = user_track_counts.tracks + excluded.tracks`,
  );
  await step(
    'track_open_threads',
    `INSERT INTO track_open_threads (track_id, track_version, collective_id, owner_id, open)
      SELECT c.track_id, c.track_version, c.collective_id, t.user_id, count(*)
      FROM track_comments c JOIN tracks t ON t.id = c.track_id
      WHERE c.track_id > ${trackBase} AND c.parent_id IS NULL AND c.resolved_at IS NULL AND c.hidden_at IS NULL
      GROUP BY 1, 2, 3, 4
      ON CONFLICT (track_id, track_version, collective_id) DO UPDATE SET open = track_open_threads.open + excluded.open`,
  );

  // Subsonic's genres (migration 0053): each seeded track's categories, and the counts kept from them.
  await step('track_genres', [
    `INSERT INTO track_genres (track_id, genre, user_id, track_created_at)
      SELECT DISTINCT t.id, e.category, t.user_id, t.created_at FROM track_equipment_tags te
        JOIN equipment_tags e ON e.id = te.equipment_tag_id
        JOIN tracks t ON t.id = te.track_id
      WHERE t.id > ${trackBase} AND e.category <> 'not defined'`,
    `INSERT INTO user_genre_counts AS c (user_id, genre, year, songs)
      SELECT user_id, genre, extract(year from track_created_at at time zone 'UTC')::int, count(*)
      FROM track_genres WHERE track_id > ${trackBase} GROUP BY 1, 2, 3
      ON CONFLICT (user_id, genre, year) DO UPDATE SET songs = c.songs + excluded.songs`,
  ]);

  // The fingerprint keys' counts (migration 0054): what the upload's similar-takes lookup chooses
  // its keys by. Only the seeded takes hold keys (without --prints, none).
  await step(
    'fingerprint_key_takes',
    `INSERT INTO fingerprint_key_takes AS c (key, takes)
      SELECT k, count(*) FROM tracks, unnest(fingerprint_hashes) k WHERE id > ${trackBase} GROUP BY k
      ON CONFLICT (key) DO UPDATE SET takes = c.takes + excluded.takes`,
  );

  // The admin overview's storage totals (migration 0051), summed anew over everything there.
  await step('storage_totals', [
    'DELETE FROM storage_totals',
    `INSERT INTO storage_totals (slot, track_bytes, tracks, renditions, version_bytes, versions,
        transcode_bytes, playlist_covers)
      SELECT 0, (SELECT coalesce(sum(size), 0) FROM tracks), (SELECT count(*) FROM tracks),
        (SELECT count(rendition_key) FROM tracks),
        (SELECT coalesce(sum(size), 0) FROM track_versions WHERE storage_key IS NOT NULL),
        (SELECT count(storage_key) FROM track_versions),
        (SELECT coalesce(sum(size), 0) FROM transcode_cache),
        (SELECT count(image_key) FROM playlists)`,
  ]);

  // Plays: ten a track, by its owner; the last of a public track's ten by someone else.
  await step(
    'track_plays',
    `INSERT INTO track_plays (user_id, track_id, played_at, client)
      SELECT CASE WHEN g = 9 AND t.visibility = 'public' THEN o.id ELSE t.user_id END, t.id,
        t.created_at + pg_temp.u('play' || t.id || '.' || g) * (now() - t.created_at),
        CASE WHEN pg_temp.u('cl' || t.id || '.' || g) < 0.9 THEN 'web' ELSE 'Symfonium' END
      FROM tracks t CROSS JOIN generate_series(0, ${PLAYS_PER_TRACK - 1}) g
      JOIN seed_people o ON o.idx = 1 + (t.id * 7 + 3) % ${N}
      WHERE t.id > ${trackBase}
      ORDER BY t.id, g`,
  );

  // What the tracks' and links' statement triggers keep (migrations 0004, 0031): each journal's
  // revision above every revision its tracks carry (and renewed whether or not they ran).
  await step(
    'users.journal_revision',
    `UPDATE users u SET journal_revision = nextval('journal_revision_seq')
      FROM seed_people p WHERE u.id = p.id`,
  );

  // A session of the big journal's owner, as signIn() writes it (auth.service.ts), established
  // (signed in a few minutes ago) so the app updates rather than inserts it.
  const [owner] = (
    await client.query('SELECT id, username FROM users WHERE id = (SELECT id FROM seed_people WHERE idx = 1)')
  ).rows;
  const sid = randomBytes(24).toString('base64url');
  const now = Date.now() - 5 * 60 * 1000;
  const sess = {
    userId: owner.id,
    signedInAt: now,
    lastSeenAt: now,
    device: { browser: 'Scale bench', os: null, network: null },
  };
  const expire = new Date(Math.min(now + SESSION_MAX_AGE_MS, now + SESSION_IDLE_TIMEOUT_MS));
  await step('sessions', {
    text: 'INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, $3)',
    values: [sid, sess, expire],
  });

  // VACUUM as well: autovacuum visits a table loaded once and sets its visibility map, so a
  // production instance reads its order indexes by index-only scans. With ANALYZE alone every
  // visible row looked unsure, and the planner sorted a whole journal for a deep search3 page
  // (73 ms; 18.5 ms once vacuumed, decision 0891).
  const t0 = performance.now();
  await client.query('VACUUM (ANALYZE)');
  log(
    `${'VACUUM (ANALYZE)'.padEnd(34)} ${''.padStart(16)} ${((performance.now() - t0) / 1000).toFixed(2).padStart(7)} s`,
  );
  log(`Total ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const one = async (sql) => (await client.query(sql)).rows[0];
  const publicPerson = await one(
    `SELECT u.username FROM users u JOIN seed_people p ON p.id = u.id WHERE u.is_public AND p.idx > 1 ORDER BY p.idx LIMIT 1`,
  );
  const busiestThread = await one(
    `SELECT collective_id, track_id FROM track_comments WHERE collective_id = ${collectiveBase + 1}
      GROUP BY 1, 2 ORDER BY count(*) DESC, 2 LIMIT 1`,
  );
  const bigPlaylist = await one(
    `SELECT playlist_id FROM playlist_collective_shares WHERE collective_id = ${collectiveBase + 1} ORDER BY id LIMIT 1`,
  );
  const cookie = args['session-secret']
    ? `journal.sid=${encodeURIComponent(new Signer([args['session-secret'].split(',')[0].trim()], 'sha256').sign(sid))}`
    : undefined;
  console.log(
    JSON.stringify({
      scale,
      bigJournalUserId: owner.id,
      bigJournalUsername: owner.username,
      bigJournalTracks: B,
      bigSynthId: equipmentBase + 1,
      bigSynthLinks: S,
      someCollectiveId: collectiveBase + 1,
      someCollectiveTrackId: busiestThread?.track_id,
      someSharedPlaylistId: bigPlaylist?.playlist_id,
      someTrackId: trackBase + 1,
      publicProfileUsername: owner.username,
      otherPublicProfileUsername: publicPerson?.username,
      sessionId: sid,
      ...(cookie ? { cookie } : {}),
    }),
  );
} finally {
  await client.end();
}
