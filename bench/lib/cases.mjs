// The cases of npm run bench that need more than one autocannon call: Range (wrk), Range through
// nginx with STREAM_OFFLOAD=nginx, the big upload and LCP. Each returns table rows (measure.mjs).
import { chmodSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { coldLcp, launchChromium } from './lcp.mjs';
import { derive, load, pair, single, skipped } from './measure.mjs';
import { startNginx } from './processes.mjs';
import { timedUpload, writeNoiseWav } from './upload.mjs';
import { wrkRange } from './wrk.mjs';

const MIB = 1024 ** 2;

/**
 * One Range request must come back 206 with exactly 1 MiB: wrk counts any bytes, and a 200 with the
 * whole file (or a small error page) would otherwise be measured as throughput.
 */
async function checkRange(url, cookie) {
  const res = await fetch(url, {
    headers: { range: `bytes=${MIB}-${2 * MIB - 1}`, ...(cookie ? { cookie } : {}) },
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 206 || bytes !== MIB)
    throw new Error(
      `${url} answered a 1 MiB Range with ${res.status} and ${bytes} bytes, not 206 and ${MIB}`,
    );
}

/**
 * range-1mib[-offload]-<n>c: random 1 MiB Ranges, app URL against nginx serving the same file. With
 * `p99`, each also gives a row <name>-p99: the latency of the same runs (issue 30).
 */
export async function rangeRows({ prefix, appUrl, nginxUrl, fileBytes, cookie, seconds, say, p99 }) {
  await checkRange(appUrl, cookie);
  await checkRange(nginxUrl);
  const rows = [];
  for (const connections of [1, 50]) {
    const name = `${prefix}-${connections}c`;
    say(name);
    const row = await pair(
      name,
      'throughput',
      (side) =>
        wrkRange({
          url: side === 'app' ? appUrl : nginxUrl,
          fileBytes,
          cookie: side === 'app' ? cookie : undefined,
          connections,
          seconds,
        }),
      { reference: 'nginx' },
    );
    rows.push(row, ...(p99 ? [derive(row, `${name}-p99`, 'p99')] : []));
  }
  return rows;
}

/**
 * The offload cases: bench/nginx.conf's proxy server in front of an app started with
 * STREAM_OFFLOAD=nginx, against the same nginx serving the file directly. Skipped, with the
 * reason printed, when the app does not answer the stream with X-Accel-Redirect.
 */
export async function offloadRows({ app, dataDir, trackId, headers, mediaDir, fileBytes, seconds, say }) {
  const names = ['1c', '1c-p99', '50c', '50c-p99'].map((suffix) => `range-1mib-offload-${suffix}`);
  const streamPath = `/api/tracks/${trackId}/stream`;
  const probe = await fetch(app.baseUrl + streamPath, { headers: { ...headers, range: 'bytes=0-0' } });
  await probe.body?.cancel();
  const target = probe.headers.get('x-accel-redirect');
  if (!target?.startsWith('/_protected/')) {
    const reason = `the app answered ${probe.status} without X-Accel-Redirect: /_protected/… under STREAM_OFFLOAD=nginx`;
    say(`range-1mib-offload: skipped (${reason})`);
    return names.map((name) => skipped(name, name.endsWith('-p99') ? 'p99' : 'throughput', reason));
  }
  // The key names a file under the storage folder (DATA_DIR/files); found rather than assumed.
  const key = decodeURIComponent(target.slice('/_protected/'.length));
  const filesDir = [path.join(dataDir, 'files'), dataDir].find((dir) => existsSync(path.join(dir, key)));
  if (!filesDir)
    throw new Error(`X-Accel-Redirect names ${target}, found under neither DATA_DIR nor DATA_DIR/files`);
  // nginx's workers run as nobody: every folder down to the files must let them through.
  for (let dir = filesDir; dir.startsWith(path.dirname(dataDir)); dir = path.dirname(dir))
    chmodSync(dir, 0o755);
  const nginx = await startNginx(mediaDir, { app: new URL(app.baseUrl).host, filesDir });
  try {
    return await rangeRows({
      prefix: 'range-1mib-offload',
      appUrl: nginx.proxyUrl + streamPath,
      nginxUrl: `${nginx.baseUrl}/range.wav`,
      fileBytes,
      cookie: headers.cookie,
      seconds,
      say,
      p99: true,
    });
  } finally {
    await nginx.stop();
  }
}

/**
 * upload-<size>-throughput / -rss: the same generated WAV posted to the app (POST /api/tracks,
 * then deleted again) and to the bare reference (POST /upload), interleaved; the RSS row compares
 * each receiving process's peak growth.
 */
export async function uploadRows({ app, ref, api, headers, workDir, bytes, say }) {
  const label = bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3}gib` : `${bytes / 1024 ** 2}mib`;
  const file = path.join(workDir, 'upload.wav');
  say(`upload-${label}: writing the file`);
  writeNoiseWav(file, bytes);
  try {
    const run = async (side) => {
      const r =
        side === 'app'
          ? await timedUpload({
              url: `${app.baseUrl}/api/tracks`,
              file,
              field: 'audio',
              headers,
              pid: app.child.pid,
            })
          : await timedUpload({ url: `${ref.baseUrl}/upload`, file, field: 'file', pid: ref.child.pid });
      if (r.status !== 201)
        throw new Error(`upload-${label}: the ${side} answered ${r.status}: ${r.body.slice(0, 300)}`);
      if (side === 'app') await api('DELETE', `/api/tracks/${JSON.parse(r.body).id}`, undefined, [200, 204]);
      return { ...r, requests: 1, bad: 0 };
    };
    say(`upload-${label}`);
    const throughput = await pair(`upload-${label}-throughput`, 'throughput', run, {
      reference: 'bare Fastify',
    });
    // The RSS row: the same runs' peak growth of the receiving process.
    return [throughput, derive(throughput, `upload-${label}-rss`, 'rssMb')];
  } finally {
    rmSync(file, { force: true });
  }
}

/** lcp-landing and lcp-journal-<size>: median of `rounds` cold loads in Chromium. */
export async function lcpRows({ baseUrl, cookie, journalLabel, rounds, landing, journal, say }) {
  const browser = await launchChromium();
  const rows = [];
  try {
    if (landing) {
      say('lcp-landing');
      const load = () => coldLcp(browser, `${baseUrl}/`, { ready: /Journal/ });
      rows.push(await single('lcp-landing', 'lcp', load, rounds));
    }
    if (journal) {
      const name = `lcp-journal-${journalLabel}`;
      say(name);
      const load = () => coldLcp(browser, `${baseUrl}/`, { cookie, ready: /Bench track/ });
      rows.push(await single(name, 'lcp', load, rounds));
    }
    return rows;
  } finally {
    await browser.close();
  }
}

/**
 * The searches of search-<size>-1c (issue 13): a name with a typo, gear, a short word with a typo
 * (strict word similarity too, decision 0280), one with a letter wrong (typo keys, decision 0500),
 * a word prefix, a number and a word nothing has, asked
 * in turn by one connection. No reference: the budget is absolute (p99).
 */
export const SEARCH_QUERIES = [
  'Bench trak 04217',
  'juno',
  'junno',
  'jino',
  'Bench Synth Juno-6O',
  'interf',
  '1234',
  'zebra',
];

export async function searchRow({ baseUrl, headers, name, quick, say }) {
  say(name);
  const requests = SEARCH_QUERIES.map((q) => ({
    method: 'GET',
    path: `/api/search?q=${encodeURIComponent(q)}`,
  }));
  const run = () =>
    load({
      url: baseUrl,
      requests,
      headers,
      connections: 1,
      ...(quick ? { amount: 60 } : { duration: 10 }),
    }).figures.then((figures) => {
      if (figures.bad > 0 || figures.requests === 0)
        throw new Error(`${name}: ${figures.bad} of ${figures.requests} searches failed`);
      return figures.p99;
    });
  return single(name, 'p99', run);
}
