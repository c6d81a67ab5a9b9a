#!/usr/bin/env node
// node --import tsx bench/list-cases.mjs [--postgres] [--only NAME,…]: the journal-list cases of
// npm run bench (the full list at 1 and 50 connections, health-under-list, auth-user as the floor
// of any signed-in request) and issue 30's (auth-user-50c, the list right after an edit at 1 and
// 50 connections, health-while-editing), in minutes instead of the full suite's half hour, with the
// same harness (bench/lib). On PostgreSQL it also starts a second instance of the app on the same
// database with TRACK_LIST_CACHE_MB=0, and interleaves reference, app, uncached app in each round,
// so the cache's effect is measured in the same sitting (decision 0084). Each case's reference is
// the one npm run bench uses: bare Fastify, or bare Node for issue 30's cases (decision 0485).
//   TRACKS=1000 DURATION=10 ROUNDS=3 (needs npm run build first)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { signInAsDemo } from '../src/test/server-process.ts';
import { editLoop, healthWhileEditing, listLoop } from './lib/journal-cases.mjs';
import { load } from './lib/measure.mjs';
import { freshPostgresDatabase, gitRevision, startApp, startRecordedReference } from './lib/processes.mjs';
import { apiClient, seedEquipment, seedTracks } from './lib/seed.mjs';
import { selection } from './lib/select.mjs';

const database = process.argv.includes('--postgres') ? 'postgres' : 'pglite';
const { wants } = selection(process.argv.slice(2));
const TRACKS = Number(process.env.TRACKS ?? 1000);
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const workDir = mkdtempSync(path.join(tmpdir(), 'journal-bench-list-'));
const stops = [];
const say = (line) => console.log(`[list-cases] ${line}`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (v) => v.toFixed(v < 10 ? 2 : 1);

try {
  const pgDatabase = database === 'postgres' ? await freshPostgresDatabase() : undefined;
  if (pgDatabase) stops.push(pgDatabase.drop);
  const app = await startApp({ dataDir: path.join(workDir, 'data'), databaseUrl: pgDatabase?.url });
  stops.unshift(app.stop);
  const session = await signInAsDemo(app.baseUrl);
  const headers = { cookie: session.cookie };
  const api = apiClient(app.baseUrl, session);
  say(`seeding ${TRACKS} tracks through the API (${database})`);
  const trackIds = await seedTracks(api, await seedEquipment(api), 0, TRACKS);

  const bases = { app: app.baseUrl };
  if (pgDatabase) {
    process.env.TRACK_LIST_CACHE_MB = '0';
    const uncached = await startApp({
      dataDir: path.join(workDir, 'data-uncached'),
      databaseUrl: pgDatabase.url,
    });
    delete process.env.TRACK_LIST_CACHE_MB;
    stops.unshift(uncached.stop);
    bases.uncached = uncached.baseUrl;
  }
  const ref = await startRecordedReference({
    baseUrl: app.baseUrl,
    session,
    urls: ['/api/tracks', '/api/health', '/api/auth/user'],
    trackId: trackIds[0],
    workDir,
  });
  stops.unshift(ref.stop);
  const references = { fastify: ref.baseUrl, node: ref.nodeUrl };
  const sides = ['reference', 'app', ...(bases.uncached ? ['uncached'] : [])];

  const seconds = DURATION;
  const edit = { session, trackIds, seconds };
  // name: [reference, run(baseUrl) → figures]
  const cases = {
    // The floor under any signed-in request (session and user lookups), to read the list against.
    'auth-user-1c': [
      'fastify',
      (base) => load({ url: `${base}/api/auth/user`, headers, connections: 1, duration: DURATION }).figures,
    ],
    'auth-user-50c': [
      'node',
      (base) => load({ url: `${base}/api/auth/user`, headers, connections: 50, duration: DURATION }).figures,
    ],
    'journal-list-1c': ['fastify', (base) => listLoop({ baseUrl: base, session, connections: 1, seconds })],
    'journal-list-50c': ['fastify', (base) => listLoop({ baseUrl: base, session, connections: 50, seconds })],
    'health-under-list': [
      'fastify',
      async (base) => {
        const busy = load({ url: `${base}/api/tracks`, headers, connections: 1, duration: 600 });
        const health = await load({ url: `${base}/api/health`, connections: 1, duration: DURATION }).figures;
        busy.stop();
        await busy.figures;
        return health;
      },
    ],
    'journal-list-after-change-1c': ['node', (base) => editLoop({ baseUrl: base, ...edit, connections: 1 })],
    'journal-list-after-change-50c': [
      'node',
      (base) => editLoop({ baseUrl: base, ...edit, connections: 50 }),
    ],
    'health-while-editing': ['node', (base) => healthWhileEditing({ baseUrl: base, ...edit })],
  };
  const lines = [];
  for (const [name, [reference, run]] of Object.entries(cases)) {
    if (!wants(name)) continue;
    say(`${name} (reference: bare ${reference === 'node' ? 'Node' : 'Fastify'})`);
    const runs = Object.fromEntries(sides.map((side) => [side, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of sides) {
        const figures = await run(side === 'reference' ? references[reference] : bases[side]);
        if (figures.bad > 0) throw new Error(`${name}: ${side} answered ${figures.bad} errors`);
        runs[side].push(figures);
      }
    }
    const of = (side, key) => runs[side].map((figures) => figures[key]);
    const cell = (side) => {
      const patch =
        runs[side][0].patchP99 === undefined ? '' : `, PATCH ${ms(median(of(side, 'patchP99')))} ms p99`;
      return `${ms(median(of(side, 'p99')))} ms p99 (${of(side, 'p99').map(ms).join('/')}), ${Math.round(median(of(side, 'reqPerSec')))} req/s${patch}`;
    };
    const ratio = (side) => (median(of(side, 'p99')) / median(of('reference', 'p99'))).toFixed(2);
    lines.push(
      `| ${name} | bare ${reference === 'node' ? 'Node' : 'Fastify'} | ${sides.map(cell).join(' | ')} | ${sides.slice(1).map(ratio).join(' / ')} |`,
    );
    say(lines.at(-1));
  }
  console.log(
    `\n${database}, ${TRACKS} tracks, ${ROUNDS} rounds of ${DURATION} s, commit ${gitRevision()}, ` +
      `${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n` +
      `| case | reference is | ${sides.join(' | ')} | p99 ratio ${sides.slice(1).join(' / ')} ÷ reference |\n` +
      `|---|---|${sides.map(() => '---|').join('')}---|\n${lines.join('\n')}`,
  );
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 2;
} finally {
  for (const stop of stops) await stop().catch((err) => console.error(`cleanup: ${err.message}`));
  rmSync(workDir, { recursive: true, force: true });
}
