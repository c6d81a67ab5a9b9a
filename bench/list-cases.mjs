#!/usr/bin/env node
// node --import tsx bench/list-cases.mjs [--postgres]: only the journal-list cases of npm run bench
// (journal-list-1k-1c, -50c, health-under-list, and auth-user as the floor of any signed-in
// request), in minutes instead of the full suite's half hour,
// with the same harness (bench/lib). On PostgreSQL it also starts a second instance of the app on
// the same database with TRACK_LIST_CACHE_MB=0, and interleaves reference, app, uncached app in each
// round, so the cache's effect is measured in the same sitting (decision 0084).
//   TRACKS=1000 DURATION=10 ROUNDS=3 (needs npm run build first)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { signInAsDemo } from '../src/test/server-process.ts';
import { load } from './lib/measure.mjs';
import { freshPostgresDatabase, gitRevision, startApp, startReference } from './lib/processes.mjs';
import { apiClient, seedEquipment, seedTracks } from './lib/seed.mjs';

const database = process.argv.includes('--postgres') ? 'postgres' : 'pglite';
const TRACKS = Number(process.env.TRACKS ?? 1000);
const DURATION = Number(process.env.DURATION ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const workDir = mkdtempSync(path.join(tmpdir(), 'journal-bench-list-'));
const stops = [];
const say = (line) => console.log(`[list-cases] ${line}`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const pgDatabase = database === 'postgres' ? await freshPostgresDatabase() : undefined;
  if (pgDatabase) stops.push(pgDatabase.drop);
  const app = await startApp({ dataDir: path.join(workDir, 'data'), databaseUrl: pgDatabase?.url });
  stops.unshift(app.stop);
  const session = await signInAsDemo(app.baseUrl);
  const headers = { cookie: session.cookie };
  const api = apiClient(app.baseUrl, session);
  say(`seeding ${TRACKS} tracks through the API (${database})`);
  await seedTracks(api, await seedEquipment(api), 0, TRACKS);

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
  const get = async (url) => {
    const res = await fetch(app.baseUrl + url, { headers });
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    return { type: res.headers.get('content-type'), body: await res.text() };
  };
  const ref = await startReference(
    {
      '/api/tracks': await get('/api/tracks'),
      '/api/health': await get('/api/health'),
      '/api/auth/user': await get('/api/auth/user'),
    },
    workDir,
  );
  stops.unshift(ref.stop);
  bases.reference = ref.baseUrl;
  const sides = ['reference', 'app', ...(bases.uncached ? ['uncached'] : [])];

  const cases = {
    // The floor under any signed-in request (session and user lookups), to read the list against.
    'auth-user-1c': (base) =>
      load({ url: `${base}/api/auth/user`, headers, connections: 1, duration: DURATION }),
    'journal-list-1c': (base) =>
      load({ url: `${base}/api/tracks`, headers, connections: 1, duration: DURATION }),
    'journal-list-50c': (base) =>
      load({ url: `${base}/api/tracks`, headers, connections: 50, duration: DURATION }),
    'health-under-list': (base) => {
      const busy = load({ url: `${base}/api/tracks`, headers, connections: 1, duration: 600 });
      const health = load({ url: `${base}/api/health`, connections: 1, duration: DURATION });
      return {
        figures: health.figures.then(async (figures) => {
          busy.stop();
          await busy.figures;
          return figures;
        }),
      };
    },
  };
  const lines = [];
  for (const [name, run] of Object.entries(cases)) {
    const p99 = Object.fromEntries(sides.map((side) => [side, []]));
    const rps = Object.fromEntries(sides.map((side) => [side, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of sides) {
        const figures = await run(bases[side]).figures;
        if (figures.bad > 0) throw new Error(`${name}: ${side} answered ${figures.bad} errors`);
        p99[side].push(figures.p99);
        rps[side].push(figures.reqPerSec);
      }
    }
    const cell = (side) =>
      `${median(p99[side]).toFixed(1)} ms p99 (${p99[side].join('/')}), ${Math.round(median(rps[side]))} req/s`;
    const ratio = (side) => (median(p99[side]) / Math.max(median(p99.reference), 0.01)).toFixed(2);
    lines.push(`| ${name} | ${sides.map(cell).join(' | ')} | ${sides.slice(1).map(ratio).join(' / ')} |`);
    say(lines.at(-1));
  }
  console.log(
    `\n${database}, ${TRACKS} tracks, ${ROUNDS} rounds of ${DURATION} s, commit ${gitRevision()}, ` +
      `${cpus().length} CPUs, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n` +
      `| case | ${sides.join(' | ')} | p99 ratio ${sides.slice(1).join(' / ')} ÷ reference |\n` +
      `|---|${sides.map(() => '---|').join('')}---|\n${lines.join('\n')}`,
  );
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 2;
} finally {
  for (const stop of stops) await stop().catch((err) => console.error(`cleanup: ${err.message}`));
  rmSync(workDir, { recursive: true, force: true });
}
