#!/usr/bin/env node
// npm run bench [-- --quick] [-- --postgres] [-- --only NAME,…]: the app against references on this
// machine (issue 11). Seeds through the real API of the built server, starts a bare Fastify server
// answering the same bytes (and taking uploads the plainest way) and nginx serving the same audio
// file, runs each pair interleaved three times (autocannon; wrk for Range, the full list and the
// edit loops) and prints one table; a bare Node server is the reference of the issue-30 cases.
// Exits 1 when a median misses bench/budgets.json — except with --quick (seconds, small data; CI
// runs it so the harness cannot rot), which fails only when the harness itself breaks (exit 2).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { signInAsDemo } from '../src/test/server-process.ts';
import { analysisRows } from './lib/analysis-case.mjs';
import { assetRows } from './lib/asset-case.mjs';
import { archiveRow, bulkRow } from './lib/bulk.mjs';
import { lcpRows, offloadRows, rangeRows, searchRow, uploadRows } from './lib/cases.mjs';
import { compareSwitchRow } from './lib/compare-case.mjs';
import { filterRow } from './lib/filter-case.mjs';
import { healthWhileImportingRow } from './lib/import-case.mjs';
import {
  healthWhileEditingRow,
  listAfterChangeFrameworkRow,
  listAfterChangeRow,
  listRow,
  rssAfterStartRow,
} from './lib/journal-cases.mjs';
import { chromiumVersion, lighthouseDetails, lighthouseRows } from './lib/lighthouse.mjs';
import { detailsTable, exitWithVerdicts, judge, load, pair, table } from './lib/measure.mjs';
import {
  freshPostgresDatabase,
  gitRevision,
  startApp,
  startNginx,
  startRecordedReference,
} from './lib/processes.mjs';
import { apiClient, seedEquipment, seedPlaylists, seedTracks, uploadWav } from './lib/seed.mjs';
import { selection } from './lib/select.mjs';
import { cachedTranscodeRangeRows, restRangeRows, transcodeTtfbRow } from './lib/subsonic.mjs';
import { makeWav, wavOfSize } from './lib/wav.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const database = args.includes('--postgres') ? 'postgres' : 'pglite';
// --only a,b: only the cases whose names start with one of these (upload-1gib, lcp, range-…).
const { only, wants, wantsFamily } = selection(args);
const SIZES = quick ? [40] : [1000, 5000];
const PLAYLISTS = quick ? 5 : 50;
const MIB = 1024 ** 2;
const RANGE_FILE_BYTES = quick ? 16 * MIB : 100 * MIB;
const UPLOAD_BYTES = quick ? 16 * MIB : 1024 * MIB;
const RANGE_SECONDS = quick ? 1 : 10;
const LCP_LOADS = quick ? 1 : 3;
const LIGHTHOUSE_RUNS = quick ? 1 : 3;
// Issue 41: the import's bound (IMPORT_MAX_TRACKS) for the health-while-importing case.
const IMPORT_TRACKS = quick ? 200 : 10_000;
// For the bench's own server only: a 1 GiB upload plus its multipart framing is over the default
// MAX_UPLOAD_BYTES (1 GiB), and the storage quota would count every seeded and uploaded byte.
const APP_ENV = { MAX_UPLOAD_BYTES: String(2 * 1024 ** 3), STORAGE_QUOTA_BYTES: '0' };
const label = (size) => (size >= 1000 ? `${size / 1000}k` : String(size));
// Quick runs count requests (few enough to stay inside the app's default limits should they still
// be on); full runs last 10 s each.
const span = (connections) => (quick ? { amount: Math.max(20, connections) } : { duration: 10 });
// wrk's runs (the list, the edit loops) last whole seconds.
const WRK_SECONDS = quick ? 1 : 10;

const budgets = JSON.parse(readFileSync(path.join(import.meta.dirname, 'budgets.json'), 'utf8'));
const workDir = mkdtempSync(path.join(tmpdir(), 'journal-bench-'));
// Its own temp folder (not under workDir): nginx's workers must be able to reach it.
const mediaDir = mkdtempSync(path.join(tmpdir(), 'journal-bench-media-'));
const dataDir = path.join(workDir, 'data');
const stops = [];
const rows = [];
const started = performance.now();
const say = (line) => console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0)} s] ${line}`);
const needTracks = wantsFamily(
  'journal-',
  'health-under-list',
  'health-while-editing',
  'lcp-journal',
  'search-',
  'bulk-',
  'lighthouse-journal',
);
const needRange = wantsFamily('range-', 'rest-');

try {
  const pgDatabase = database === 'postgres' ? await freshPostgresDatabase() : undefined;
  if (pgDatabase) stops.push(pgDatabase.drop);
  say(`starting the app (dist/server/main.js, ${database})`);
  let app = await startApp({ dataDir, databaseUrl: pgDatabase?.url, env: APP_ENV });
  stops.unshift(() => app.stop());
  const session = await signInAsDemo(app.baseUrl);
  const api = apiClient(app.baseUrl, session);
  const headers = { cookie: session.cookie };
  // Issue 30: the app's memory once started and signed in, before anything is seeded.
  if (wants('rss-after-start')) {
    say('rss-after-start');
    rows.push(await rssAfterStartRow({ app }));
  }

  const trackIds = [];
  // Only the seeded tracks carry them (and the filter case asks for them).
  const tags = needTracks ? await seedEquipment(api) : [];
  if (needTracks) {
    say(`seeding ${SIZES[0]} tracks with equipment tags and ${PLAYLISTS} playlists through the API`);
    trackIds.push(...(await seedTracks(api, tags, 0, SIZES[0])));
    await seedPlaylists(api, PLAYLISTS, trackIds);
  }

  // The Range file: uploaded to the app, and the same bytes in nginx's folder.
  let rangeTrack;
  let nginx;
  if (needRange) {
    const rangeWav = wavOfSize(RANGE_FILE_BYTES);
    writeFileSync(path.join(mediaDir, 'range.wav'), rangeWav);
    rangeTrack = await uploadWav(api, 'Bench range file', rangeWav);
    nginx = await startNginx(mediaDir);
    stops.unshift(nginx.stop);
  }

  const LIST_URLS = ['/api/tracks', '/api/tracks?limit=50', '/api/auth/user', '/api/health'];
  // On PostgreSQL, also the references that make one round trip a request (issue 48).
  const demoUserId = pgDatabase
    ? (await (await fetch(`${app.baseUrl}/api/auth/user`, { headers })).json()).id
    : undefined;
  const reference = async () => {
    const ref = await startRecordedReference({
      baseUrl: app.baseUrl,
      session,
      urls: LIST_URLS,
      trackId: trackIds[0],
      workDir,
      roundTrip: pgDatabase ? { databaseUrl: pgDatabase.url, userId: demoUserId } : undefined,
    });
    stops.unshift(ref.stop);
    return ref;
  };
  let ref = await reference();
  const base = (side) => (side === 'app' ? app.baseUrl : ref.baseUrl);
  const fastify = { reference: 'bare Fastify' };

  // The full list, then (issue 30) the full list right after an edit and, on the largest journal,
  // /api/health while one person edits and reloads it.
  const listCases = async (size) => {
    const cases = { session, trackIds, seconds: WRK_SECONDS };
    for (const connections of [1, 50]) {
      const name = `journal-list-${label(size)}-${connections}c`;
      if (!wants(name)) continue;
      say(name);
      rows.push(await listRow({ name, app, ref, ...cases, connections }));
    }
    for (const connections of [1, 50]) {
      const name = `journal-list-after-change-${label(size)}-${connections}c`;
      if (!wants(name)) continue;
      say(name);
      rows.push(await listAfterChangeRow({ name, app, ref, ...cases, connections }));
    }
    const frameworkName = `journal-list-after-change-${label(size)}-1c-framework`;
    if (ref.frameworkUrl && wants(frameworkName)) {
      say(frameworkName);
      rows.push(await listAfterChangeFrameworkRow({ name: frameworkName, app, ref, ...cases }));
    }
    const healthName = `health-while-editing-${label(size)}`;
    if (size === SIZES.at(-1) && wants(healthName)) {
      say(healthName);
      rows.push(await healthWhileEditingRow({ name: healthName, app, ref, ...cases }));
    }
  };
  if (needTracks) await listCases(SIZES[0]);
  if (wants('journal-first-page-1c')) {
    say('journal-first-page-1c');
    rows.push(
      await pair(
        'journal-first-page-1c',
        'p99',
        (side) =>
          load({ url: `${base(side)}/api/tracks?limit=50`, headers, connections: 1, ...span(1) }).figures,
        fastify,
      ),
    );
  }

  if (needRange) {
    const prefix = 'range-1mib';
    if (wants(`${prefix}-1c`, `${prefix}-50c`)) {
      rows.push(
        ...(await rangeRows({
          prefix,
          appUrl: `${app.baseUrl}/api/tracks/${rangeTrack.id}/stream`,
          nginxUrl: `${nginx.baseUrl}/range.wav`,
          fileBytes: RANGE_FILE_BYTES,
          cookie: session.cookie,
          seconds: RANGE_SECONDS,
          say,
        })),
      );
    }
  }

  // Issue 26: the Subsonic stream method, authenticated by an API key as a player would be.
  if (needRange && wantsFamily('rest-')) {
    const { key: apiKey } = await api('POST', '/api/user/api-keys', { name: 'Bench player' });
    const rest = { appBase: app.baseUrl, apiKey, trackId: rangeTrack.id, say };
    const nginxUrl = `${nginx.baseUrl}/range.wav`;
    if (wants('rest-range-1mib-1c', 'rest-range-1mib-50c')) {
      rows.push(
        ...(await restRangeRows({ ...rest, nginxUrl, fileBytes: RANGE_FILE_BYTES, seconds: RANGE_SECONDS })),
      );
    }
    if (wants('rest-transcode-ttfb')) {
      rows.push(await transcodeTtfbRow({ ...rest, nginxUrl, samples: quick ? 5 : 20 }));
    }
    if (wants('rest-cached-transcode-range-1mib-1c', 'rest-cached-transcode-range-1mib-50c')) {
      rows.push(...(await cachedTranscodeRangeRows({ ...rest, mediaDir, nginx, seconds: RANGE_SECONDS })));
    }
  }

  // Decision 0955: the built client's largest script, the app against @fastify/static alone
  // (budgeted) and against nginx on the same bytes (reported).
  if (wantsFamily('client-asset-')) {
    if (!nginx) {
      nginx = await startNginx(mediaDir);
      stops.unshift(nginx.stop);
    }
    rows.push(
      ...(await assetRows({ appBase: app.baseUrl, nginx, nginxDir: mediaDir, seconds: WRK_SECONDS, say })),
    );
  }

  if (wants('auth-user')) {
    say('auth-user');
    rows.push(
      await pair(
        'auth-user',
        'reqPerSec',
        (side) => load({ url: `${base(side)}/api/auth/user`, headers, connections: 1, ...span(1) }).figures,
        fastify,
      ),
    );
  }
  // Issue 30: what every signed-in request costs, at 50 connections, against bare Node; issue 48,
  // on PostgreSQL: against Fastify reading the same session from the same table.
  for (const [name, refUrl, reference] of [
    ['auth-user-50c', ref.nodeUrl, 'bare Node'],
    ['auth-user-session-50c', ref.sessionUrl, 'Fastify + @fastify/session on PostgreSQL'],
  ]) {
    if (!wants(name) || !refUrl) continue;
    say(name);
    const url = (side) => `${side === 'app' ? app.baseUrl : refUrl}/api/auth/user`;
    rows.push(
      await pair(
        name,
        'reqPerSec',
        (side) => load({ url: url(side), headers, connections: 50, ...span(50) }).figures,
        { reference },
      ),
    );
  }

  // /api/health while a second client loops the journal list: the full list (the spec's form) and
  // the first page (?limit=50, what the client asks for) — on PGlite the difference is the point
  // (issue 11 item 6, bench/README.md).
  for (const [name, listUrl] of [
    ['health-under-list', '/api/tracks'],
    ['health-under-list-page', '/api/tracks?limit=50'],
  ]) {
    if (!wants(name)) continue;
    say(name);
    rows.push(
      await pair(
        name,
        'p99',
        async (side) => {
          const busy = load({
            url: `${base(side)}${listUrl}`,
            headers,
            connections: 1,
            duration: 600,
            ...(quick ? { amount: 30 } : {}),
          });
          const health = await load({ url: `${base(side)}/api/health`, connections: 1, ...span(1) }).figures;
          busy.stop();
          await busy.figures;
          return health;
        },
        fastify,
      ),
    );
  }

  if (wantsFamily('upload-')) {
    const uploadHeaders = { cookie: session.cookie, 'x-csrf-token': session.token };
    rows.push(
      ...(await uploadRows({ app, ref, api, headers: uploadHeaders, workDir, bytes: UPLOAD_BYTES, say })),
    );
  }

  // Issue 23: one bulk action on the whole seeded journal, and a 1 GiB archive's memory.
  const bulkName = `bulk-${label(trackIds.length)}`;
  if (needTracks && wants(bulkName)) rows.push(await bulkRow({ api, trackIds, name: bulkName, say }));
  if (wantsFamily('archive-')) {
    const archiveHeaders = { cookie: session.cookie, 'x-csrf-token': session.token };
    rows.push(await archiveRow({ app, api, headers: archiveHeaders, workDir, bytes: UPLOAD_BYTES, say }));
  }

  const lcpJournal = wants(`lcp-journal-${label(SIZES[0])}`);
  if (wants('lcp-landing') || lcpJournal) {
    rows.push(
      ...(await lcpRows({
        baseUrl: app.baseUrl,
        cookie: session.cookie,
        journalLabel: label(trackIds.length),
        rounds: LCP_LOADS,
        landing: wants('lcp-landing'),
        journal: lcpJournal,
        say,
      })),
    );
  }

  // Issue 43: an A/B switch's latency in Chromium, against the same switch on a bare Web Audio page.
  if (wants('compare-switch-p95')) {
    rows.push(
      await compareSwitchRow({
        api,
        baseUrl: app.baseUrl,
        cookie: session.cookie,
        name: 'compare-switch-p95',
        presses: quick ? 10 : 40,
        say,
      }),
    );
  }

  // Issue 25: Lighthouse on the landing page, the seeded journal (signed in) and a public track's page.
  const lighthouseJournal = `lighthouse-journal-${label(SIZES[0])}`;
  const lighthousePages = [];
  if (wants('lighthouse-landing'))
    lighthousePages.push({ name: 'lighthouse-landing', url: `${app.baseUrl}/` });
  if (wants('lighthouse-track')) {
    // One track made public through the API, as its owner would (the Share… dialog's PATCH).
    const id = trackIds[0] ?? (await uploadWav(api, 'Bench public track', makeWav(0.25))).id;
    await api('PATCH', `/api/tracks/${id}`, { visibility: 'public' });
    lighthousePages.push({ name: 'lighthouse-track', url: `${app.baseUrl}/track/${id}` });
  }
  if (needTracks && wants(lighthouseJournal))
    lighthousePages.push({ name: lighthouseJournal, url: `${app.baseUrl}/`, cookie: session.cookie });
  if (lighthousePages.length)
    rows.push(...(await lighthouseRows({ pages: lighthousePages, rounds: LIGHTHOUSE_RUNS, say })));

  for (const size of SIZES.slice(1)) {
    const families = [
      'journal-list',
      'journal-list-after-change',
      'health-while-editing',
      'search',
      'journal-filter',
    ];
    if (!wantsFamily(...families.map((family) => `${family}-${label(size)}`))) continue;
    // Up to `size` in all, the Range file and any upload case's tracks counted: above 5,000 the
    // whole list would give way to its first page (decision 0874) and the case measure that.
    const { all } = await api('GET', '/api/tracks?limit=1');
    say(`seeding up to ${size} tracks (${all} now)`);
    trackIds.push(...(await seedTracks(api, tags, trackIds.length, trackIds.length + size - all)));
    await stops.shift()(); // the reference, whose bytes are now stale
    ref = await reference();
    await listCases(size);
  }

  // GET /api/search on the largest journal seeded (issue 13: 5,000 tracks, p99 under 50 ms).
  const searchName = `search-${label(trackIds.length)}-1c`;
  if (needTracks && wants(searchName)) {
    rows.push(await searchRow({ baseUrl: app.baseUrl, headers, name: searchName, quick, say }));
  }

  // Filtered first pages on the largest journal seeded (issue 23: 5,000 tracks, p99 under 30 ms).
  const filterName = `journal-filter-${label(trackIds.length)}-1c`;
  if (needTracks && wants(filterName)) {
    rows.push(await filterRow({ baseUrl: app.baseUrl, headers, tags, name: filterName, quick, say }));
  }

  // Issue 41: /api/health while an import at the limits is checked (and its job runs), after the
  // journal cases it would otherwise share the app with; each import's job has ended before the
  // next step (its tiny files are not audio: it fails on the first, having made nothing).
  const importName = `health-while-importing-${label(IMPORT_TRACKS)}`;
  if (wants(importName)) {
    say(importName);
    rows.push(
      await healthWhileImportingRow({
        name: importName,
        app,
        api,
        tracks: IMPORT_TRACKS,
        rounds: quick ? 1 : 3,
        say,
      }),
    );
  }

  // Issue 47: measuring a take, in processes of their own (the app is not involved).
  if (wantsFamily('analysis-')) rows.push(...(await analysisRows({ quick, say })));

  if (needRange && wantsFamily('range-1mib-offload')) {
    // Last: the app is restarted with STREAM_OFFLOAD=nginx on the same DATA_DIR and database
    // (sessions are stored there, so the same cookie still signs in).
    say('restarting the app with STREAM_OFFLOAD=nginx');
    await app.stop();
    app = await startApp({
      dataDir,
      databaseUrl: pgDatabase?.url,
      env: { ...APP_ENV, STREAM_OFFLOAD: 'nginx' },
    });
    rows.push(
      ...(await offloadRows({
        app,
        dataDir,
        trackId: rangeTrack.id,
        headers,
        mediaDir,
        fileBytes: RANGE_FILE_BYTES,
        seconds: RANGE_SECONDS,
        say,
      })),
    );
  }

  const judged = judge(rows, budgets, database);
  const heading = [
    `npm run bench${quick ? ' -- --quick (small data: timings not judged)' : ''}${only ? ` --only ${only.join(',')}` : ''} on ${database}, ${new Date().toISOString().slice(0, 16)} UTC, commit ${gitRevision()}`,
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB, load ${loadavg()[0].toFixed(2)}; Node ${process.version}; rate limits asked off (RATE_LIMIT_PER_MINUTE=0)`,
    `Data: ${trackIds.length} tracks with equipment tags, ${needTracks ? PLAYLISTS : 0} playlists; Range file ${(RANGE_FILE_BYTES / MIB).toFixed(0)} MiB WAV (wrk, ${RANGE_SECONDS} s a run); upload ${(UPLOAD_BYTES / MIB).toFixed(0)} MiB; import ${IMPORT_TRACKS} tracks; LCP ${LCP_LOADS} cold load(s); Lighthouse ${LIGHTHOUSE_RUNS} run(s) a page (mobile, simulated throttling); medians of 3 interleaved runs`,
    `Load: autocannon ${quick ? 'a few dozen requests' : '10 s'} a run; wrk ${WRK_SECONDS} s a run, one thread a connection, for the full list, the edit loops and Range; latencies to the microsecond`,
  ];
  console.log(`\n${heading.join('\n')}\n\n${table(judged)}\n`);
  const details = detailsTable(judged);
  if (details) console.log(`Further figures of the same runs (medians):\n${details}\n`);
  const lighthouse = lighthouseDetails(judged, budgets);
  if (lighthouse) console.log(`Lighthouse (${chromiumVersion()}):\n${lighthouse}\n`);
  exitWithVerdicts(judged, { quick });
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 2;
} finally {
  for (const stop of stops) await stop().catch((err) => console.error(`cleanup: ${err.message}`));
  for (const dir of [workDir, mediaDir]) rmSync(dir, { recursive: true, force: true });
}
