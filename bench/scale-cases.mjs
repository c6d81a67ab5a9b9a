#!/usr/bin/env node
// npm run bench:scale -- --seed-json FILE [--database-url URL] [--session-secret S] [--duration 6]
//   [--rounds 1] [--empty-scale 0.0005] [--empty-big-journal 1000] [--empty-synth-links 200]
//   [--read-only] [--only NAME,…]
// Issue 48's budgets on an instance seeded by bench/scale-seed.mjs (bench/README.md, "Scale seed").
// Starts the built app (dist/server/main.js) on the seeded database, and a second one on a fresh
// database (created here, migrated with `main.js migrate`, seeded by scale-seed.mjs at
// --empty-scale: the same shape in miniature, 450 tracks of others, with a big journal of
// --empty-big-journal tracks and --empty-synth-links on the big synth so that every case's replies
// are as big as the seeded instance's; dropped at the end), then for
// each route of the issue, as the big journal's owner (the seed's signed cookie):
//   - one connection (wrk, bench/lua/timing.lua: each request timed in µs): p50, p99;
//   - 50 connections: req/s and p99, with /api/health's p99 measured on a 51st connection meanwhile
//     (from a second after the load starts to a second before it stops); the same on the empty
//     instance, whose req/s is the reference of "≥ 0.5× the same route on an empty instance"; and
//     a third run of the same load on the app with health asked of bench/reference-health.mjs, a
//     bare node:http + pg `select 1`: the machine's and PostgreSQL's floor, apart from the app's
//     own event loop (printed, not judged; decision 0947);
// and two cases against the references of bench/reference-pg.mjs: the journal's first page right
// after a change (PATCH a track's notes, then GET; ≤ 3× bare Node making one PostgreSQL round trip
// and sending the same bytes, at 1 and 50 connections) and /api/auth/user at 50 connections (≥ 0.5×
// Fastify with @fastify/session on PostgreSQL). Budgets: bench/budgets.json, names `scale-…`.
// Prints one table and exits 1 when a budget is missed, 2 when the harness broke.
//
// Writes on the seeded database: one API key (for Subsonic; revoked at the end) and, unless
// --read-only, the notes of the journal's first 50 tracks during the after-change case (each put
// back as it was at the end). --read-only skips the after-change case.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { exitWithVerdicts, judge, skipped, summary, table } from './lib/measure.mjs';
import {
  freshPostgresDatabase,
  gitRevision,
  startApp,
  startHealthReference,
  startPgReferences,
} from './lib/processes.mjs';
import { selection } from './lib/select.mjs';
import { wrkLoop } from './lib/wrk.mjs';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/scale' },
    'seed-json': { type: 'string' },
    'session-secret': { type: 'string', default: process.env.SESSION_SECRET },
    duration: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '1' },
    'empty-scale': { type: 'string', default: '0.0005' },
    // The reference answers replies as big as the seeded instance's (decision 0900), on as small a
    // journal as gives them: search3 pages of 500 songs (two: offsets 0 and 500; the seeded
    // instance's deep offsets are the scale's cost, not the reference's), full filtered pages and
    // profile (a tenth of the tracks public); three full pages of the synth's 50 tracks, nine in
    // ten of its links shared to the page (200). 0 and 0: --empty-scale alone (50 and 25).
    'empty-big-journal': { type: 'string', default: '1000' },
    'empty-synth-links': { type: 'string', default: '200' },
    'read-only': { type: 'boolean', default: false },
    // A browser's Accept-Encoding on every GET of the route cases (e.g. 'gzip, deflate, br'): replies
    // then go compressed, as they do to a browser; none by default, as the budgets were set. Not on
    // the reference cases: their references send the recorded bytes as they are.
    'accept-encoding': { type: 'string' },
    only: { type: 'string' },
  },
});
const { only, wants } = selection(process.argv.slice(2));
const SECONDS = Number(args.duration);
const ROUNDS = Number(args.rounds);
const secret = args['session-secret'];
if (!secret)
  throw new Error('--session-secret (or SESSION_SECRET): the secret the seed signed its cookie with');
const root = path.resolve(import.meta.dirname, '..');

/** The seed's last JSON line: from a file (e.g. its whole log), the argument itself, or stdin. */
const seedOf = (source) =>
  seedFromText(
    source === undefined || source === '-'
      ? readFileSync(0, 'utf8')
      : source.trim().startsWith('{')
        ? source
        : readFileSync(source, 'utf8'),
  );

/** The last JSON line of scale-seed.mjs's output. */
function seedFromText(text) {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .findLast((l) => l.startsWith('{') && l.includes('bigJournalUserId'));
  if (!line) throw new Error('no seed JSON line (scale-seed.mjs prints it last)');
  const seed = JSON.parse(line);
  if (!seed.cookie) throw new Error('the seed JSON has no cookie: seed with --session-secret');
  return seed;
}

const budgets = JSON.parse(readFileSync(path.join(import.meta.dirname, 'budgets.json'), 'utf8'));
const workDir = mkdtempSync(path.join(tmpdir(), 'journal-bench-scale-'));
const stops = [];
const started = performance.now();
const say = (line) => console.log(`[scale ${((performance.now() - started) / 1000).toFixed(0)} s] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => summary(values).median;
// The apps started (seeded, empty): each must be idle before any run (settle()).
const appUrls = [];

/** An instance as the cases see it: the app, the seed's ids and the owner's session. */
async function instance(app, seed) {
  const cookie = seed.cookie;
  const get = (url, headers = { cookie }) => fetch(app.baseUrl + url, { headers });
  const { csrfToken } = await (await get('/api/auth/csrf-token')).json();
  const session = { cookie, token: csrfToken };
  const write = async (method, url, body) => {
    const res = await fetch(app.baseUrl + url, {
      method,
      headers: {
        cookie,
        'x-csrf-token': csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  return { app, seed, session, get, write };
}

/** A Subsonic API key of the owner's, made through the API as a player's user would; revoked at the end. */
async function apiKeyOf(inst) {
  const made = await (await inst.write('POST', '/api/user/api-keys', { name: 'Scale bench' })).json();
  stops.unshift(() => inst.write('DELETE', `/api/user/api-keys/${made.id}`));
  return made.key;
}

/** The first `pages` cursor pages of a paged list (each reply `{ items, nextCursor }`). */
async function pagesOf(inst, url, pages) {
  const urls = [url];
  for (let i = 1; i < pages; i++) {
    const page = await (await inst.get(urls.at(-1))).json();
    if (!page.nextCursor) break;
    urls.push(`${url}&cursor=${encodeURIComponent(page.nextCursor)}`);
  }
  return urls;
}

// The journal filters of a scale instance (scale-seed.mjs's names: "<colour> <word> <n>", notes
// "Take n, … through the desk", equipment "<brand> <model> <n>"): a word of names, one of notes, an
// equipment name (q also matches the tracks' gear), the big synth's id, the public ones; both sorts.
const FILTERS = (seed) => [
  'q=juno',
  'q=drone',
  'q=desk',
  `equipment=${seed.bigSynthId}`,
  'visibility=public&state=ready',
];
// Searches (the dialog's GET /api/search): names, a typo, gear, a person, a number, a miss.
const SEARCHES = ['drone', 'dorne', 'moog subsequent', 'juno', 'lea', '1234', 'zebra'];

/**
 * The cases: each a list of paths asked in turn on every connection (loop.lua), signed in as the
 * owner unless `anonymous`; `make` gets an instance and returns the paths. Budget names:
 * scale-<name>-1c (p99 ms), scale-<name>-50c (req/s ≥ 0.5× the empty instance), scale-<name>-health.
 */
const CASES = [
  { name: 'journal-first-page', make: () => ['/api/tracks?limit=50'] },
  // What the web journal asks on opening: without `limit` a journal past 5,000 tracks answers its
  // first 1,000 as the array and a Link to the rest (the empty instance's 1,000 answer whole: the
  // same bytes, the whole list's cache beside the first page's, decision 0909).
  { name: 'journal-opened', make: () => ['/api/tracks'] },
  {
    name: 'journal-filtered-page',
    make: ({ seed }) =>
      FILTERS(seed).flatMap((f) =>
        ['dateUploaded', 'dateCreated'].map((sort) => `/api/tracks?sort=${sort}&${f}&limit=50`),
      ),
  },
  { name: 'search', make: () => SEARCHES.map((q) => `/api/search?q=${encodeURIComponent(q)}`) },
  {
    // The equipment page: the gear itself and "Tracks Using", its first pages as the client pages.
    name: 'equipment-tracks-using',
    make: async (inst) => [
      `/api/equipment/${inst.seed.bigSynthId}`,
      ...(await pagesOf(inst, `/api/equipment/${inst.seed.bigSynthId}/tracks?limit=50`, 3)),
    ],
  },
  // A visitor's view (no sign-in needed): the big journal's owner's profile, every public track.
  {
    name: 'public-profile',
    anonymous: true,
    make: ({ seed }) => [`/api/public/users/${seed.publicProfileUsername}`],
  },
  {
    // What the collective page asks: the collective, its members, its playlists, its activity.
    name: 'collective-page',
    make: ({ seed }) =>
      ['', '/members', '/playlists', '/activity'].map((p) => `/api/collectives/${seed.someCollectiveId}${p}`),
  },
  { name: 'inbox', make: () => ['/api/notifications'] },
  {
    name: 'track-comments',
    make: ({ seed }) => [
      `/api/collectives/${seed.someCollectiveId}/tracks/${seed.someCollectiveTrackId}/comments`,
    ],
  },
  {
    // A player's full sync: search3 with an empty query, 500 songs a page, pages spread over the
    // journal's whole length (deep offsets included); an instance with fewer songs asks what it has.
    name: 'subsonic-search3-sync',
    anonymous: true,
    make: async (inst) => {
      const key = await apiKeyOf(inst);
      const songs = inst.seed.bigJournalTracks;
      const step = Math.max(500, Math.floor(songs / 10 / 500) * 500);
      const offsets = [];
      for (let offset = 0; offset < songs && offsets.length < 10; offset += step) offsets.push(offset);
      return offsets.map(
        (offset) =>
          `/rest/search3.view?query=&artistCount=0&albumCount=0&songCount=500&songOffset=${offset}&f=json&v=1.16.1&c=scale-bench&apiKey=${key}`,
      );
    },
  },
];

/** Each path asked once: a 200 (and, for Subsonic, status "ok"), and the bytes of its reply. */
async function replyBytes(inst, paths, anonymous) {
  const sizes = [];
  for (const url of paths) {
    const res = await inst.get(url, anonymous ? {} : undefined);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || (url.startsWith('/rest/') && !body.includes('"status":"ok"')))
      throw new Error(`GET ${url} answered ${res.status}: ${body.toString('utf8', 0, 300)}`);
    sizes.push(body.length);
  }
  return sizes;
}

/**
 * Waits until the app at `baseUrl` is idle again: /api/health answered within 50 ms three times
 * running. wrk stops at its deadline, but the app still works through what 50 connections left in
 * flight (a query goes on when its client has gone): without this, a slow route's backlog lands on
 * the next run, or fails its first requests with a 503 once the pool's wait times out.
 */
async function settle(baseUrl) {
  const t0 = performance.now();
  for (let fast = 0; fast < 3; ) {
    const asked = performance.now();
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    fast = ok && performance.now() - asked < 50 ? fast + 1 : 0;
    if (performance.now() - t0 > 300_000) {
      say(`${baseUrl} still busy after 300 s; going on`);
      return;
    }
    await sleep(fast ? 50 : 250);
  }
  const waited = (performance.now() - t0) / 1000;
  if (waited > 2) say(`waited ${waited.toFixed(0)} s for ${baseUrl} to finish what the last run left`);
}

/**
 * wrk on `connections` connections for SECONDS; with `health`, /api/health's p99 meanwhile on one
 * more, asked of the app at `baseUrl` or, given `healthUrl`, of another server (the bare floor).
 */
async function run(baseUrl, options, { connections, health, healthUrl = baseUrl }) {
  for (const appUrl of appUrls) await settle(appUrl);
  // None answered within the run: wrkLoop gives the run's length as p50/p99, a floor (printed ≥).
  const answered = (figures) => figures.steps[options.steps?.at(-1) ?? 'get']?.n ?? 0;
  if (!health) {
    const figures = await wrkLoop({ baseUrl, connections, seconds: SECONDS, ...options });
    return { ...figures, answered: answered(figures) };
  }
  const busy = wrkLoop({ baseUrl, connections, seconds: SECONDS + 2, ...options });
  await sleep(1000);
  const probe = await wrkLoop({
    baseUrl: healthUrl,
    paths: ['/api/health'],
    connections: 1,
    seconds: SECONDS,
  });
  const figures = await busy;
  return {
    ...figures,
    answered: answered(figures),
    healthP99: probe.p99,
    healthAnswered: answered(probe),
    healthBad: probe.bad,
  };
}

/** `ROUNDS` runs of each of `sides` (interleaved), the medians of their figures. */
async function rounds(sides) {
  const runs = Object.fromEntries(Object.keys(sides).map((side) => [side, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (const [side, go] of Object.entries(sides)) runs[side].push(await go());
  const out = {};
  for (const [side, list] of Object.entries(runs)) {
    out[side] = { runs: list };
    for (const key of [
      'p50',
      'p99',
      'reqPerSec',
      'answered',
      'healthP99',
      'healthAnswered',
      'bad',
      'healthBad',
    ])
      if (list[0][key] !== undefined) out[side][key] = median(list.map((f) => f[key]));
  }
  return out;
}

// One judged row (bench/lib/measure.mjs's shape) per figure a budget bounds.
const row = (name, metric, value, reference, label) => ({
  name,
  metric,
  app: { median: value, spread: 0 },
  reference: reference === undefined ? undefined : { median: reference, spread: 0, label },
});

const ms = (v, answered) =>
  v === undefined ? '—' : `${answered === 0 ? '≥ ' : ''}${v.toFixed(v < 10 ? 2 : 1)}`;
const bytes = (sizes) => {
  const kb = (n) => (n >= 10_000 ? `${Math.round(n / 1000)} kB` : `${n} B`);
  const [lo, hi] = [Math.min(...sizes), Math.max(...sizes)];
  return lo === hi ? kb(lo) : `${kb(lo)}–${kb(hi)}`;
};

try {
  const seed = seedOf(args['seed-json']);
  const env = { SESSION_SECRET: secret };
  say(`starting the app on the seeded database (${args['database-url'].replace(/\/\/[^@]*@/, '//')})`);
  const app = await startApp({ dataDir: path.join(workDir, 'data'), databaseUrl: args['database-url'], env });
  stops.unshift(app.stop);
  appUrls.push(app.baseUrl);
  const big = await instance(app, seed);

  const routeCases = CASES.filter((c) => wants(c.name));
  let empty;
  let bareHealth;
  if (routeCases.length) {
    bareHealth = await startHealthReference({ databaseUrl: args['database-url'] });
    stops.unshift(bareHealth.stop);
    const db = await freshPostgresDatabase();
    stops.push(db.drop);
    say(`empty instance: migrating and seeding a fresh database at --scale ${args['empty-scale']}`);
    const dataDir = path.join(workDir, 'data-empty');
    const nodeEnv = { ...process.env, DATABASE_URL: db.url, DATA_DIR: dataDir };
    execFileSync(process.execPath, ['dist/server/main.js', 'migrate'], {
      cwd: root,
      env: nodeEnv,
      stdio: 'pipe',
    });
    const seeded = execFileSync(
      process.execPath,
      [
        'bench/scale-seed.mjs',
        '--database-url',
        db.url,
        '--scale',
        args['empty-scale'],
        '--big-journal',
        args['empty-big-journal'],
        '--big-synth-links',
        args['empty-synth-links'],
        '--session-secret',
        secret,
      ],
      { cwd: root, env: nodeEnv, encoding: 'utf8' },
    );
    const emptyApp = await startApp({ dataDir, databaseUrl: db.url, env });
    stops.unshift(emptyApp.stop);
    appUrls.push(emptyApp.baseUrl);
    empty = await instance(emptyApp, seedFromText(seeded));
  }

  const routeLines = [];
  const judgedRows = [];
  for (const c of routeCases) {
    say(c.name);
    for (const appUrl of appUrls) await settle(appUrl);
    const [bigPaths, emptyPaths] = [await c.make(big), await c.make(empty)];
    const sizes = await replyBytes(big, bigPaths, c.anonymous);
    const emptySizes = await replyBytes(empty, emptyPaths, c.anonymous);
    const options = (inst, paths) => ({
      paths,
      session: c.anonymous ? undefined : { cookie: inst.seed.cookie },
      acceptEncoding: args['accept-encoding'],
    });
    const one = await rounds({ app: () => run(app.baseUrl, options(big, bigPaths), { connections: 1 }) });
    const fifty = await rounds({
      app: () => run(app.baseUrl, options(big, bigPaths), { connections: 50, health: true }),
      empty: () => run(empty.app.baseUrl, options(empty, emptyPaths), { connections: 50, health: true }),
      // The same load on the app, health asked of the bare reference: in a run of its own, as its
      // probe answers some 6,000 times a second, load the judged run must not carry (decision 0947).
      bare: () =>
        run(app.baseUrl, options(big, bigPaths), {
          connections: 50,
          health: true,
          healthUrl: bareHealth.baseUrl,
        }),
    });
    const failed = {
      '1c': one.app.bad,
      '50c': fifty.app.bad,
      'empty 50c': fifty.empty.bad,
      health: fifty.app.healthBad + fifty.empty.healthBad + fifty.bare.healthBad,
    };
    const errors = Object.values(failed).reduce((a, b) => a + b, 0);
    if (errors) say(`${c.name}: failed requests ${JSON.stringify(failed)}`);
    const rows = judge(
      [
        row(`scale-${c.name}-1c`, 'p99', one.app.p99),
        row(`scale-${c.name}-50c`, 'reqPerSec', fifty.app.reqPerSec, fifty.empty.reqPerSec, 'empty instance'),
        row(`scale-${c.name}-health`, 'p99', fifty.app.healthP99),
      ],
      budgets,
      'postgres',
    );
    if (errors)
      rows.push({ name: `scale-${c.name}`, verdict: `MISSED (${errors} failed requests)`, missed: true });
    judgedRows.push(...rows);
    const verdict = rows
      .filter((r) => r.verdict !== '—')
      .map(
        (r) => `${r.name.replace(`scale-${c.name}-`, '').replace(`scale-${c.name}`, 'errors')} ${r.verdict}`,
      )
      .join(' · ');
    routeLines.push(
      `| ${c.name} | ${bytes(sizes)} (${bytes(emptySizes)}) | ${ms(one.app.p50, one.app.answered)} / ${ms(one.app.p99, one.app.answered)} | ${Math.round(fifty.app.reqPerSec)} | ${ms(fifty.app.p99, fifty.app.answered)} | ${Math.round(fifty.empty.reqPerSec)} | ${(fifty.app.reqPerSec / fifty.empty.reqPerSec).toFixed(2)} | ${ms(fifty.app.healthP99, fifty.app.healthAnswered)} (${ms(fifty.empty.healthP99, fifty.empty.healthAnswered)}; ${ms(fifty.bare.healthP99, fifty.bare.healthAnswered)}) | ${verdict || '—'} |`,
    );
    say(routeLines.at(-1));
  }

  // The references' cases: they need the app's answers recorded first.
  const refRows = [];
  const wantsAfterChange = wants('journal-after-change-1c', 'journal-after-change-50c');
  if (wantsAfterChange || wants('auth-user-50c')) {
    const FIRST_PAGE = '/api/tracks?limit=50';
    for (const appUrl of appUrls) await settle(appUrl);
    const first = await (await big.get(FIRST_PAGE)).json();
    const tracks = first.items.map((t) => ({ id: t.id, notes: t.notes }));
    let patch;
    if (wantsAfterChange && !args['read-only']) {
      // Put back as found, whatever happens next.
      stops.unshift(async () => {
        await settle(app.baseUrl);
        for (const t of tracks) await big.write('PATCH', `/api/tracks/${t.id}`, { notes: t.notes });
      });
      const res = await big.write('PATCH', `/api/tracks/${tracks[0].id}`, {
        notes: 'Scale bench reference edit',
      });
      patch = { type: res.headers.get('content-type'), body: await res.text() };
    }
    const recorded = {};
    for (const url of [FIRST_PAGE, '/api/auth/user']) {
      const res = await big.get(url);
      recorded[url] = { type: res.headers.get('content-type'), body: await res.text() };
    }
    const ref = await startPgReferences({
      databaseUrl: args['database-url'],
      sessionSecret: secret,
      userId: seed.bigJournalUserId,
      get: recorded,
      patch,
      workDir,
    });
    stops.unshift(ref.stop);

    for (const connections of [1, 50]) {
      const name = `scale-journal-after-change-${connections}c`;
      if (!wants(name.slice('scale-'.length))) continue;
      if (args['read-only']) {
        refRows.push(skipped(name, 'p99', '--read-only (it changes the seeded tracks’ notes)'));
        continue;
      }
      say(name);
      const options = {
        paths: [FIRST_PAGE],
        steps: ['patch', 'get'],
        ids: tracks.map((t) => t.id),
        session: big.session,
      };
      // Both sides serve the same loop and nothing else. /api/health beside the loop is a run of its
      // own (`probed`): its probe is a 51st connection asking as fast as it is answered, ~2,900
      // requests a second, each a PostgreSQL round trip and ~270 µs of the app's CPU, which only the
      // app's side served while it shared the loop's run (decision 0943).
      const r = await rounds({
        reference: () => run(ref.nodeUrl, options, { connections }),
        app: () => run(app.baseUrl, options, { connections }),
        ...(connections > 1
          ? { probed: () => run(app.baseUrl, options, { connections, health: true }) }
          : {}),
      });
      refRows.push(row(name, 'p99', r.app.p99, r.reference.p99, 'bare Node + 1 PostgreSQL round trip'));
      if (connections > 1) refRows.push(row(`${name}-health`, 'p99', r.probed.healthP99));
      say(
        `${name}: app ${ms(r.app.p50)} / ${ms(r.app.p99)} ms p50 / p99 (GET), reference ${ms(r.reference.p50)} / ${ms(r.reference.p99)} ms`,
      );
    }
    if (wants('auth-user-50c')) {
      say('scale-auth-user-50c');
      const options = { paths: ['/api/auth/user'], session: { cookie: seed.cookie } };
      // Like the after-change case: health beside the load in a run of its own (decision 0943).
      const r = await rounds({
        reference: () => run(ref.baseUrl, options, { connections: 50 }),
        app: () => run(app.baseUrl, options, { connections: 50 }),
        probed: () => run(app.baseUrl, options, { connections: 50, health: true }),
      });
      refRows.push(
        row(
          'scale-auth-user-50c',
          'reqPerSec',
          r.app.reqPerSec,
          r.reference.reqPerSec,
          'Fastify + @fastify/session on PostgreSQL',
        ),
        row('scale-auth-user-50c-health', 'p99', r.probed.healthP99),
      );
      say(
        `scale-auth-user-50c: app ${Math.round(r.app.reqPerSec)} req/s, reference ${Math.round(r.reference.reqPerSec)}`,
      );
    }
  }
  const judgedRefs = judge(refRows, budgets, 'postgres');

  const heading = [
    `npm run bench:scale${only ? ` -- --only ${only.join(',')}` : ''}, ${new Date().toISOString().slice(0, 16)} UTC, commit ${gitRevision()}`,
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB, load ${loadavg()[0].toFixed(2)}; Node ${process.version}`,
    `Seeded instance: scale ${seed.scale}, big journal ${seed.bigJournalTracks} tracks (${seed.bigJournalUsername}), big synth ${seed.bigSynthLinks} links; empty instance: scale ${args['empty-scale']} (journal ${empty?.seed.bigJournalTracks ?? '—'} tracks, big synth ${empty?.seed.bigSynthLinks ?? '—'} links)`,
    `wrk ${SECONDS} s a run (${SECONDS + 2} s at 50 connections, health probed on one more connection for the middle ${SECONDS} s), one thread a connection, each request timed in µs; ${ROUNDS === 1 ? 'one run' : `medians of ${ROUNDS} runs`}; ${args['accept-encoding'] ? `Accept-Encoding: ${args['accept-encoding']}` : 'no Accept-Encoding'}`,
  ];
  const routeTable = [
    '| route | reply (empty) | 1c p50 / p99 ms | 50c req/s | 50c p99 ms | empty 50c req/s | ratio | health p99 ms under 50c (empty; bare) | budget |',
    '|---|---|---|---|---|---|---|---|---|',
    ...routeLines,
  ].join('\n');
  console.log(
    `\n${heading.join('\n')}\n\n${routeLines.length ? `${routeTable}\n\n` : ''}${refRows.length ? `${table(judgedRefs)}\n` : ''}`,
  );
  const all = [...judgedRows, ...judgedRefs];
  exitWithVerdicts(all, { quick: false });
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 2;
} finally {
  for (const stop of stops) await stop().catch((err) => console.error(`cleanup: ${err.message}`));
  rmSync(workDir, { recursive: true, force: true });
}
