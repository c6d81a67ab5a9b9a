// The Subsonic `stream` cases of npm run bench (issue 26, decision 0400): raw with Range against
// nginx, the time to first byte of a fresh transcode, and a cached transcode with Range.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { rangeRows } from './cases.mjs';
import { pair } from './measure.mjs';

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * `samples` GETs of `url` one after another, each timed from the request to its first body byte and
 * then abandoned (the connection cut, as a player skipping: the app kills its ffmpeg, so nothing is
 * cached). `check(res)` may refuse an answer (a cached or failed one would not be a transcode).
 */
async function firstByteTimes(urls, check) {
  const times = [];
  let bad = 0;
  for (const url of urls) {
    // The previous listener's ffmpeg is killed once the app sees the connection go: a moment later,
    // as when a player skips, so it does not count against MAX_TRANSCODES (a refusal is "bad").
    await new Promise((resolve) => setTimeout(resolve, 100));
    const abort = new AbortController();
    const started = performance.now();
    try {
      const res = await fetch(url, { signal: abort.signal });
      const { value } = await res.body.getReader().read();
      times.push(performance.now() - started);
      if (!value?.length || !check(res)) {
        bad += 1;
        console.error(
          `${url.replace(/apiKey=[^&]+/, 'apiKey=…')}: ${res.status} ${res.headers.get('content-type')}: ${Buffer.from(value ?? []).toString('utf8', 0, 200)}`,
        );
      }
    } catch (err) {
      bad += 1;
      console.error(`${url.replace(/apiKey=[^&]+/, 'apiKey=…')}: ${err.message}`);
    } finally {
      abort.abort();
    }
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), requests: times.length, bad };
}

/**
 * rest-transcode-ttfb: `/rest/stream?format=mp3` of the Range WAV, a new bit rate each request (a
 * fresh transcode: never in the cache), against nginx's first byte of the same WAV as it is. The
 * app's figure is ffmpeg starting, reading the file's head and encoding its first frames.
 */
export async function transcodeTtfbRow({ appBase, apiKey, trackId, nginxUrl, samples, say }) {
  const name = 'rest-transcode-ttfb';
  say(name);
  let round = 0;
  const lines = [];
  const row = await pair(
    name,
    'p50',
    async (side) => {
      if (side === 'reference') {
        const figures = await firstByteTimes(
          Array.from({ length: samples }, () => nginxUrl),
          (res) => res.status === 200,
        );
        lines.push(`nginx p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms`);
        return figures;
      }
      // 32…320 kbit/s: a key of its own each time, whatever ran before.
      const urls = Array.from(
        { length: samples },
        () =>
          `${appBase}/rest/stream.view?id=${trackId}&format=mp3&maxBitRate=${33 + (round++ % 287)}&apiKey=${apiKey}`,
      );
      const figures = await firstByteTimes(
        urls,
        (res) =>
          res.headers.get('content-type') === 'audio/mpeg' && res.headers.get('accept-ranges') === 'none',
      );
      lines.push(`app p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms`);
      return figures;
    },
    { reference: 'nginx, raw file' },
  );
  say(`${name}: ${lines.join('; ')}`);
  return row;
}

/**
 * rest-range-1mib-<n>c: `/rest/stream` (raw: the stored WAV, authenticated by API key) with random
 * 1 MiB Ranges, against nginx serving the same file, as range-1mib does for /api/tracks/{id}/stream.
 */
export function restRangeRows({ appBase, apiKey, trackId, nginxUrl, fileBytes, seconds, say }) {
  return rangeRows({
    prefix: 'rest-range-1mib',
    appUrl: `${appBase}/rest/stream.view?id=${trackId}&apiKey=${apiKey}`,
    nginxUrl,
    fileBytes,
    seconds,
    say,
  });
}

/**
 * rest-cached-transcode-range-1mib-<n>c: the Range WAV transcoded once to the end (mp3, 320 kbit/s),
 * which the app keeps (TRANSCODE_CACHE_MAX_BYTES), then random 1 MiB Ranges of that stream, against
 * nginx serving the same MP3 bytes (fetched from the app into nginx's folder).
 */
export async function cachedTranscodeRangeRows({ appBase, apiKey, trackId, mediaDir, nginx, seconds, say }) {
  const url = `${appBase}/rest/stream.view?id=${trackId}&format=mp3&maxBitRate=320&apiKey=${apiKey}`;
  say('rest-cached-transcode: transcoding the Range file once, to the end');
  const first = await fetch(url);
  if (first.headers.get('accept-ranges') !== 'none')
    throw new Error(`the first transcode answered Accept-Ranges: ${first.headers.get('accept-ranges')}`);
  await first.arrayBuffer();
  // Published after the reply ends: asked again until it is the cached bytes.
  let bytes;
  const deadline = Date.now() + 120_000;
  while (!bytes) {
    const res = await fetch(url, { headers: { range: 'bytes=0-0' } });
    await res.arrayBuffer();
    if (res.status === 206) bytes = Number(res.headers.get('content-range')?.split('/')[1]);
    else if (Date.now() > deadline) throw new Error('the transcode was not cached within 2 minutes');
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
  if (whole.length !== bytes) throw new Error(`the cached transcode is ${whole.length} bytes, not ${bytes}`);
  writeFileSync(path.join(mediaDir, 'transcode.mp3'), whole);
  return rangeRows({
    prefix: 'rest-cached-transcode-range-1mib',
    appUrl: url,
    nginxUrl: `${nginx.baseUrl}/transcode.mp3`,
    fileBytes: bytes,
    seconds,
    say,
  });
}
