#!/usr/bin/env node
// npm run bench [-- --quick] [-- --postgres]: the app against references on this machine (issue 11).
// Seeds through the real API of the built server, starts a bare Fastify route answering the same
// bytes and nginx serving the same audio file, runs each pair interleaved three times with
// autocannon and prints one table. Exits non-zero when a median misses bench/budgets.json — except
// with --quick (seconds, small data; CI runs it so the harness cannot rot), which fails only when
// the harness itself breaks.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { signInAsDemo } from '../src/test/server-process.ts';
import { judge, load, pair, table } from './lib/measure.mjs';
import {
  freshPostgresDatabase,
  gitRevision,
  startApp,
  startNginx,
  startReference,
} from './lib/processes.mjs';
import { apiClient, seedEquipment, seedPlaylists, seedTracks, uploadWav } from './lib/seed.mjs';
import { wavOfSize } from './lib/wav.mjs';

const quick = process.argv.includes('--quick');
const database = process.argv.includes('--postgres') ? 'postgres' : 'pglite';
const SIZES = quick ? [40] : [1000, 5000];
const PLAYLISTS = quick ? 5 : 50;
const RANGE_FILE_BYTES = quick ? 16 * 1024 ** 2 : 100 * 1024 ** 2;
const MIB = 1024 ** 2;
// Quick runs count requests (few enough to stay inside the app's default limits should they still
// be on); full runs last 10 s each.
const span = (connections) => (quick ? { amount: Math.max(20, connections) } : { duration: 10 });

const budgets = JSON.parse(readFileSync(path.join(import.meta.dirname, 'budgets.json'), 'utf8'));
const workDir = mkdtempSync(path.join(tmpdir(), 'journal-bench-'));
// Its own temp folder (not under workDir): nginx's workers must be able to reach it.
const mediaDir = mkdtempSync(path.join(tmpdir(), 'journal-bench-media-'));
const stops = [];
const rows = [];
const started = performance.now();
const say = (line) => console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0)} s] ${line}`);

try {
  const pgDatabase = database === 'postgres' ? await freshPostgresDatabase() : undefined;
  if (pgDatabase) stops.push(pgDatabase.drop);
  say(`starting the app (dist/server/main.js, ${database})`);
  const dataDir = path.join(workDir, 'data');
  const app = await startApp({ dataDir, databaseUrl: pgDatabase?.url });
  stops.unshift(app.stop);
  const session = await signInAsDemo(app.baseUrl);
  const api = apiClient(app.baseUrl, session);
  const headers = { cookie: session.cookie };

  const tags = await seedEquipment(api);
  const trackIds = [];
  say(`seeding ${SIZES[0]} tracks with equipment tags and ${PLAYLISTS} playlists through the API`);
  trackIds.push(...(await seedTracks(api, tags, 0, SIZES[0])));
  await seedPlaylists(api, PLAYLISTS, trackIds);

  // The Range file: uploaded to the app, and the same bytes in nginx's folder.
  const rangeWav = wavOfSize(RANGE_FILE_BYTES);
  writeFileSync(path.join(mediaDir, 'range.wav'), rangeWav);
  const rangeTrack = await uploadWav(api, 'Bench range file', rangeWav);
  const nginx = await startNginx(mediaDir);
  stops.unshift(nginx.stop);

  const reference = async () => {
    const get = async (url) => {
      const res = await fetch(app.baseUrl + url, { headers });
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
      return { type: res.headers.get('content-type'), body: await res.text() };
    };
    const ref = await startReference(
      {
        '/api/tracks': await get('/api/tracks'),
        '/api/auth/user': await get('/api/auth/user'),
        '/api/health': await get('/api/health'),
      },
      workDir,
    );
    stops.unshift(ref.stop);
    return ref;
  };
  let ref = await reference();
  const base = (side) => (side === 'app' ? app.baseUrl : ref.baseUrl);

  const listCases = async (size) => {
    for (const connections of [1, 50]) {
      const name = `journal-list-${size >= 1000 ? `${size / 1000}k` : size}-${connections}c`;
      say(name);
      rows.push(
        await pair(
          name,
          'p99',
          (side) =>
            load({ url: `${base(side)}/api/tracks`, headers, connections, ...span(connections) }).figures,
        ),
      );
    }
  };
  await listCases(SIZES[0]);

  const randomRange = (request) => {
    const offset = Math.floor(Math.random() * (RANGE_FILE_BYTES - MIB));
    return { ...request, headers: { ...request.headers, range: `bytes=${offset}-${offset + MIB - 1}` } };
  };
  for (const connections of [1, 50]) {
    const name = `range-1mib-${connections}c`;
    say(name);
    const url = (side) =>
      side === 'app' ? `${app.baseUrl}/api/tracks/${rangeTrack.id}/stream` : `${nginx.baseUrl}/range.wav`;
    rows.push(
      await pair(
        name,
        'throughput',
        (side) =>
          load({
            url: url(side),
            headers,
            connections,
            ...span(connections),
            requests: [{ setupRequest: randomRange }],
          }).figures,
      ),
    );
  }

  say('auth-user');
  rows.push(
    await pair(
      'auth-user',
      'reqPerSec',
      (side) => load({ url: `${base(side)}/api/auth/user`, headers, connections: 1, ...span(1) }).figures,
    ),
  );

  say('health-under-list');
  rows.push(
    await pair('health-under-list', 'p99', async (side) => {
      // Another client loops the journal list for as long as health is sampled.
      const busy = load({
        url: `${base(side)}/api/tracks`,
        headers,
        connections: 1,
        duration: 600,
        ...(quick ? { amount: 30 } : {}),
      });
      const health = await load({ url: `${base(side)}/api/health`, connections: 1, ...span(1) }).figures;
      busy.stop();
      await busy.figures;
      return health;
    }),
  );

  for (const size of SIZES.slice(1)) {
    say(`seeding up to ${size} tracks`);
    trackIds.push(...(await seedTracks(api, tags, trackIds.length, size)));
    await stops.shift()(); // the reference, whose bytes are now stale
    ref = await reference();
    await listCases(size);
  }

  // STREAM_OFFLOAD=nginx (decision 0069): the same app restarted on the same data with the setting,
  // behind nginx (bench/nginx.conf's proxy block); the reference is the same nginx serving the file.
  say('range with STREAM_OFFLOAD=nginx: restarting the app behind nginx');
  await app.stop();
  const offloaded = await startApp({
    dataDir,
    databaseUrl: pgDatabase?.url,
    env: { STREAM_OFFLOAD: 'nginx' },
  });
  stops.unshift(offloaded.stop);
  // nginx's workers run as nobody: they must get through to DATA_DIR/files.
  for (const dir of [workDir, dataDir, path.join(dataDir, 'files')]) chmodSync(dir, 0o755);
  const proxy = await startNginx(mediaDir, {
    app: new URL(offloaded.baseUrl).host,
    filesDir: path.join(dataDir, 'files'),
  });
  stops.unshift(proxy.stop);
  for (const connections of [1, 50]) {
    const name = `range-1mib-offload-${connections}c`;
    say(name);
    const url = (side) =>
      side === 'app' ? `${proxy.proxyUrl}/api/tracks/${rangeTrack.id}/stream` : `${proxy.baseUrl}/range.wav`;
    rows.push(
      await pair(
        name,
        'throughput',
        (side) =>
          load({
            url: url(side),
            headers,
            connections,
            ...span(connections),
            requests: [{ setupRequest: randomRange }],
          }).figures,
      ),
    );
  }

  const judged = judge(rows, budgets, database);
  const heading = [
    `npm run bench${quick ? ' -- --quick (small data: timings not judged)' : ''} on ${database}, ${new Date().toISOString().slice(0, 16)} UTC, commit ${gitRevision()}`,
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB, load ${loadavg()[0].toFixed(2)}; Node ${process.version}; rate limits asked off (RATE_LIMIT_PER_MINUTE=0)`,
    `Data: ${trackIds.length} tracks with equipment tags, ${PLAYLISTS} playlists; Range file ${(RANGE_FILE_BYTES / MIB).toFixed(0)} MiB WAV; medians of 3 interleaved runs`,
  ];
  console.log(`\n${heading.join('\n')}\n\n${table(judged)}\n`);
  const missed = judged.filter((row) => row.missed);
  if (missed.length > 0 && !quick) {
    console.error(`Budgets missed: ${missed.map((row) => row.name).join(', ')}`);
    process.exitCode = 1;
  }
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 2;
} finally {
  for (const stop of stops) await stop().catch((err) => console.error(`cleanup: ${err.message}`));
  for (const dir of [workDir, mediaDir]) rmSync(dir, { recursive: true, force: true });
}
