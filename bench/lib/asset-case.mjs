// client-asset-<n>c (decision 0955): the built client's largest script, asked for as a browser
// asks (Accept-Encoding: br). The app (its list of built files, decision 0952) against bare Fastify
// with @fastify/static on the same folder (bench/reference-static.mjs): what the app adds to the
// library it serves files with, budgeted. And client-asset-<n>c-nginx, against nginx sending the
// same brotli bytes from a file of its folder: what a proxy or CDN in front would save, reported.
import { copyFileSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pair } from './measure.mjs';
import { startStaticReference } from './processes.mjs';
import { wrkLoop } from './wrk.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The largest script under dist/client/assets that the build also wrote as brotli. */
export function largestBrotliScript(clientDir = path.join(root, 'dist', 'client')) {
  const assets = path.join(clientDir, 'assets');
  const names = new Set(readdirSync(assets));
  const scripts = [...names].filter((name) => name.endsWith('.js') && names.has(`${name}.br`));
  if (scripts.length === 0) throw new Error(`no .js with a .br beside it in ${assets}: run npm run build`);
  const sized = scripts.map((name) => ({ name, bytes: statSync(path.join(assets, `${name}.br`)).size }));
  const largest = sized.sort((a, b) => b.bytes - a.bytes)[0];
  return { urlPath: `/assets/${largest.name}`, brFile: path.join(assets, `${largest.name}.br`), ...largest };
}

/** One GET's status, Content-Encoding and the bytes on the wire (fetch would decompress them). */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], bytes }),
        );
      })
      .on('error', reject);
  });
}

/**
 * The rows, at 1 and 50 connections. Each side must answer the script as its brotli file, byte for
 * byte in size (nginx the copy in `nginxDir`, its root): otherwise they would not be sending the
 * same work, and the harness stops.
 */
export async function assetRows({ appBase, nginx, nginxDir, seconds, say }) {
  const asset = largestBrotliScript();
  const nginxName = `client-asset-${asset.name}.br`;
  copyFileSync(asset.brFile, path.join(nginxDir, nginxName));
  const framework = await startStaticReference(path.dirname(path.dirname(asset.brFile)));
  try {
    const sides = {
      app: { base: appBase, urlPath: asset.urlPath, encoding: 'br' },
      framework: { base: framework.baseUrl, urlPath: asset.urlPath, encoding: 'br' },
      nginx: { base: nginx.baseUrl, urlPath: `/${nginxName}`, encoding: undefined },
    };
    for (const [side, { base, urlPath, encoding }] of Object.entries(sides)) {
      const got = await rawGet(base + urlPath);
      if (got.status !== 200 || got.bytes !== asset.bytes || got.encoding !== encoding)
        throw new Error(
          `${side} answered ${urlPath} with ${got.status}, ${got.bytes} bytes, encoding ${got.encoding}: not 200 and the ${asset.bytes} bytes of ${asset.name}.br`,
        );
    }
    const rows = [];
    for (const connections of [1, 50]) {
      for (const [suffix, referenceSide, label] of [
        ['', 'framework', 'bare Fastify + @fastify/static, the same folder'],
        ['-nginx', 'nginx', 'nginx, the same .br file'],
      ]) {
        const name = `client-asset-${connections}c${suffix}`;
        say(`${name} (${asset.name}, ${(asset.bytes / 1024).toFixed(0)} KB as brotli)`);
        const run = (side) => {
          const { base, urlPath } = sides[side === 'app' ? 'app' : referenceSide];
          return wrkLoop({ baseUrl: base, paths: [urlPath], connections, seconds, acceptEncoding: 'br' });
        };
        rows.push(
          await pair(name, 'reqPerSec', run, {
            reference: label,
            details: [{ label: 'GET p99', key: 'p99', unit: 'ms' }],
          }),
        );
      }
    }
    return rows;
  } finally {
    await framework.stop();
  }
}
