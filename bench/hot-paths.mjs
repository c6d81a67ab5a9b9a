#!/usr/bin/env node
// node --import tsx bench/hot-paths.mjs [--postgres]: the two cases of decisions 0066–0071 only
// (GET /api/auth/user against the bare route, 1 MiB Range against nginx), interleaved like
// npm run bench but seconds long: for measuring a change to the session or stream paths without
// seeding a journal. Needs a server build (npm run build:server) and nginx.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { signInAsDemo } from '../src/test/server-process.ts';
import { load, pair, table } from './lib/measure.mjs';
import { freshPostgresDatabase, startApp, startNginx, startReference } from './lib/processes.mjs';
import { apiClient, uploadWav } from './lib/seed.mjs';
import { wavOfSize } from './lib/wav.mjs';

const database = process.argv.includes('--postgres') ? 'postgres' : 'pglite';
const seconds = Number(process.env.SECONDS_PER_RUN ?? 5);
// CASES=auth or CASES=range runs only those.
const only = process.env.CASES;
const FILE_BYTES = 64 * 1024 ** 2;
const MIB = 1024 ** 2;
const workDir = mkdtempSync(path.join(tmpdir(), 'journal-hot-'));
const mediaDir = mkdtempSync(path.join(tmpdir(), 'journal-hot-media-'));
const stops = [];
try {
  const pgDatabase = database === 'postgres' ? await freshPostgresDatabase() : undefined;
  if (pgDatabase) stops.push(pgDatabase.drop);
  const app = await startApp({ dataDir: path.join(workDir, 'data'), databaseUrl: pgDatabase?.url });
  stops.unshift(app.stop);
  const session = await signInAsDemo(app.baseUrl);
  const headers = { cookie: session.cookie };
  const wav = wavOfSize(FILE_BYTES);
  writeFileSync(path.join(mediaDir, 'range.wav'), wav);
  const track = await uploadWav(apiClient(app.baseUrl, session), 'Hot path file', wav);
  const nginx = await startNginx(mediaDir);
  stops.unshift(nginx.stop);
  const user = await fetch(`${app.baseUrl}/api/auth/user`, { headers });
  const ref = await startReference(
    { '/api/auth/user': { type: user.headers.get('content-type'), body: await user.text() } },
    workDir,
  );
  stops.unshift(ref.stop);
  const rows = [];
  if (only !== 'range')
    rows.push(
      await pair('auth-user', 'reqPerSec', (side) => {
        const base = side === 'app' ? app.baseUrl : ref.baseUrl;
        return load({ url: `${base}/api/auth/user`, headers, connections: 1, duration: seconds }).figures;
      }),
    );
  for (const connections of only === 'auth' ? [] : [1, 50]) {
    const randomRange = (request) => {
      const offset = Math.floor(Math.random() * (FILE_BYTES - MIB));
      return { ...request, headers: { ...request.headers, range: `bytes=${offset}-${offset + MIB - 1}` } };
    };
    rows.push(
      await pair(`range-1mib-${connections}c`, 'throughput', (side) => {
        const url =
          side === 'app' ? `${app.baseUrl}/api/tracks/${track.id}/stream` : `${nginx.baseUrl}/range.wav`;
        return load({
          url,
          headers,
          connections,
          duration: seconds,
          requests: [{ setupRequest: randomRange }],
        }).figures;
      }),
    );
  }
  const withRatio = rows.map((row) => ({
    ...row,
    ratio: row.app.median / row.reference.median,
    verdict: '—',
  }));
  console.log(
    `\n${database}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n\n${table(withRatio)}`,
  );
} catch (err) {
  console.error(err);
  process.exitCode = 2;
} finally {
  for (const stop of stops) await stop().catch(() => {});
  for (const dir of [workDir, mediaDir]) rmSync(dir, { recursive: true, force: true });
}
