// Issue 23's cases: a bulk action on the seeded journal (bulk-<size>) and a zip of one large track
// (archive-<size>-rss) read to the end while the app's resident memory is sampled.

import { rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { single } from './measure.mjs';
import { rssOf, timedUpload, writeNoiseWav } from './upload.mjs';

/**
 * bulk-<size>: POST /api/tracks/bulk setting the visibility of every seeded track, public and
 * private in turn (so each run changes every row), timed from request to answer; median of three.
 */
export async function bulkRow({ api, trackIds, name, say }) {
  say(name);
  let visibility = 'public';
  const run = async () => {
    const started = performance.now();
    const result = await api('POST', '/api/tracks/bulk', {
      ids: trackIds,
      action: 'setVisibility',
      visibility,
    });
    const ms = performance.now() - started;
    if (result.updated !== trackIds.length)
      throw new Error(`${name}: ${result.updated} of ${trackIds.length} tracks changed`);
    visibility = visibility === 'public' ? 'private' : 'public';
    return ms;
  };
  return single(name, 'ms', run);
}

/** POSTs the archive request and reads the zip to the end, sampling `pid`'s RSS every 20 ms. */
function timedArchive({ url, ids, headers, pid }) {
  const body = JSON.stringify({ ids });
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    const rss = rssOf(pid);
    if (rss > peak) peak = rss;
  }, 20);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, rssMb: (peak - before) / 1e6 }));
    });
    req.end(body);
  }).finally(() => clearInterval(sampler));
}

/**
 * archive-<size>-rss: one track of `bytes` uploaded, then zipped three times; the figure is the
 * app's peak RSS growth while it streams the archive (budget < 50 MB: memory flat, decision 0276).
 */
export async function archiveRow({ app, api, headers, workDir, bytes, say }) {
  const label = bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3}gib` : `${bytes / 1024 ** 2}mib`;
  const name = `archive-${label}-rss`;
  const file = path.join(workDir, 'archive.wav');
  say(`${name}: uploading the track`);
  writeNoiseWav(file, bytes);
  try {
    const up = await timedUpload({
      url: `${app.baseUrl}/api/tracks`,
      file,
      field: 'audio',
      headers,
      pid: app.child.pid,
    });
    if (up.status !== 201)
      throw new Error(`${name}: the upload answered ${up.status}: ${up.body.slice(0, 300)}`);
    const trackId = JSON.parse(up.body).id;
    say(name);
    const row = await single(name, 'rssMb', async () => {
      const r = await timedArchive({
        url: `${app.baseUrl}/api/tracks/archive`,
        ids: [trackId],
        headers,
        pid: app.child.pid,
      });
      if (r.status !== 200 || r.bytes < bytes)
        throw new Error(`${name}: the archive answered ${r.status} with ${r.bytes} bytes`);
      return r.rssMb;
    });
    await api('DELETE', `/api/tracks/${trackId}`, undefined, [200, 204]);
    return row;
  } finally {
    rmSync(file, { force: true });
  }
}
