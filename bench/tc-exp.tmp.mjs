import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signInAsDemo } from '../src/test/server-process.ts';
import { load } from './lib/measure.mjs';
import { startApp } from './lib/processes.mjs';
import { apiClient, uploadWav } from './lib/seed.mjs';
import { wavOfSize } from './lib/wav.mjs';
const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'tc-exp-')), 'data');
const app = await startApp({ dataDir, env: { MAX_UPLOAD_BYTES: String(2 * 1024 ** 3), STORAGE_QUOTA_BYTES: '0' } });
try {
  const session = await signInAsDemo(app.baseUrl);
  const api = apiClient(app.baseUrl, session);
  const track = await uploadWav(api, 'x', wavOfSize(4 * 1024 ** 2));
  const { key } = await api('POST', '/api/user/api-keys', { name: 'b' });
  const range = { range: 'bytes=1000-1049575' };
  const urls = {
    api: [`/api/tracks/${track.id}/stream`, { cookie: session.cookie, ...range }],
    rest: [`/rest/stream.view?id=${track.id}&apiKey=${key}`, range],
    restPing: [`/rest/ping.view?apiKey=${key}`, {}],
    health: ['/api/health', {}],
  };
  for (let round = 0; round < 2; round++)
    for (const [name, [url, headers]] of Object.entries(urls)) {
      const f = await load({ url: app.baseUrl + url, headers, connections: 1, duration: 4 }).figures;
      console.log(name, Math.round(f.reqPerSec), 'req/s', f.p50, 'ms p50', f.bad, 'bad');
    }
} finally {
  await app.stop();
}
