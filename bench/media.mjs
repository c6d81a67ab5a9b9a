#!/usr/bin/env node
// npm run bench:media — how long the media pipeline takes for a 1-hour upload, and whether the web
// stays responsive meanwhile. Makes a 1-hour stereo 44.1 kHz Ogg Vorbis file (music-like: pink
// noise bed and a chord; it needs an AAC rendition, the heaviest path), starts the real server
// (PGlite, MEDIA_WORKERS=1), uploads it as a demo visitor and samples GET /api/health every 50 ms
// while the job runs. Prints processing seconds per audio minute and health p50/p99 (idle too).
//   MINUTES=10 npm run bench:media   (a shorter file for a quick look)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, signInAsDemo, startServerProcess, waitForHealth } from '../src/test/server-process.ts';

const MINUTES = Number(process.env.MINUTES ?? 60);
const SAMPLE_EVERY_MS = 50;
const cacheDir = path.join(tmpdir(), 'journal-bench');
mkdirSync(cacheDir, { recursive: true });
const file = path.join(cacheDir, `music-${MINUTES}min.ogg`);
if (!existsSync(file)) {
  console.log(`Making a ${MINUTES}-minute stereo file (once; cached in ${cacheDir})…`);
  const seconds = MINUTES * 60;
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.05:sample_rate=44100:duration=${seconds}`],
    ...[
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=0.15*sin(2*PI*220*t)+0.1*sin(2*PI*329.63*t)|0.1*sin(2*PI*261.63*t):s=44100:d=${seconds}`,
    ],
    ...['-filter_complex', '[0:a]aformat=channel_layouts=stereo[n];[n][1:a]amix=inputs=2:normalize=0[m]'],
    ...['-map', '[m]', '-c:a', 'libvorbis', '-q:a', '4', `${file}.partial.ogg`],
  ]);
  execFileSync('mv', [`${file}.partial.ogg`, file]);
}
const data = readFileSync(file);

const dataDir = mkdtempSync(path.join(tmpdir(), 'journal-bench-data-'));
const port = await freePort();
const server = startServerProcess(port, {
  DATA_DIR: dataDir,
  MEDIA_WORKERS: '1',
  SESSION_SECRET: 'bench-session-secret-0123456789abcdefghij',
  LOG_LEVEL: 'info',
});

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const summary = (values) =>
  `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length} requests)`;

/** GET /api/health every 50 ms until stop() says so; returns the latencies. */
function sampleHealth() {
  const latencies = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/api/health`);
      await res.arrayBuffer();
      const took = performance.now() - started;
      latencies.push(took);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, SAMPLE_EVERY_MS - took)));
    }
  })();
  return async () => {
    running = false;
    await done;
    return latencies;
  };
}

/** The pino line with this message and track id, as JSON. */
const logLine = (msg, trackId) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .find((entry) => entry.msg === msg && entry.trackId === trackId);

try {
  await waitForHealth(server, 60_000);
  const { cookie, token } = await signInAsDemo(server.baseUrl);
  // Let the demo account's own sample tracks be processed first: they are not what we measure.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const stopIdle = sampleHealth();
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const idle = await stopIdle();

  const form = new FormData();
  form.append('audio', new Blob([data], { type: 'audio/ogg' }), `music-${MINUTES}min.ogg`);
  const uploadStarted = performance.now();
  const res = await fetch(`${server.baseUrl}/api/tracks`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': token },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const { id } = await res.json();
  const uploadMs = performance.now() - uploadStarted;

  const stopBusy = sampleHealth();
  let track;
  for (;;) {
    const list = await (await fetch(`${server.baseUrl}/api/tracks`, { headers: { cookie } })).json();
    track = list.find((t) => t.id === id);
    if (track.processing.state !== 'pending') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const busy = await stopBusy();
  const started = logLine('Processing track', id)?.time;
  const finished = logLine('Track processed', id)?.time;
  const seconds = (finished - started) / 1000;

  console.log('');
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${loadavg()[0].toFixed(2)} at the end`,
  );
  console.log(
    `File: ${MINUTES} min stereo 44.1 kHz Ogg Vorbis, ${(data.length / 1024 ** 2).toFixed(1)} MB, uploaded in ${(uploadMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `Result: ${track.processing.state}${track.processing.error ? ` (${track.processing.error})` : ''}, loudness ${JSON.stringify(track.loudness)}`,
  );
  console.log(`Processing: ${seconds.toFixed(1)} s, ${(seconds / MINUTES).toFixed(2)} s per audio minute`);
  console.log(`Health while processing: ${summary(busy)}`);
  console.log(`Health idle:             ${summary(idle)}`);
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
