// Issue 48: a bulk action on a whole 100,000-track journal, on the seeded instance (scale-seed.mjs).
// Starts the built app on that database, reads the big journal's ids through the API (its pages,
// decision 0874), then sends each bulk action naming every one of them in one request, timing each
// and following the app's RSS (/proc/<pid>/status) from before the first to the end of the last.
//
//   node bench/scale-bulk.mjs --database-url URL --session-secret S --cookie 'journal.sid=…' [--port 3990] [--delete]
//
// It changes the seeded journal: public, then private, then the seed's public ones public again;
// tagged with and untagged from one piece of equipment; `--delete` deletes it all at the end.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'session-secret': { type: 'string' },
    cookie: { type: 'string' },
    port: { type: 'string', default: '3990' },
    delete: { type: 'boolean', default: false },
  },
});
if (!args['database-url'] || !args['session-secret'] || !args.cookie) {
  throw new Error('--database-url, --session-secret and --cookie are required');
}
const base = `http://127.0.0.1:${args.port}`;
const app = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    DATABASE_URL: args['database-url'],
    SESSION_SECRET: args['session-secret'],
    PORT: args.port,
    DATA_DIR: `/tmp/scale-bulk-data-${args.port}`,
    MEDIA_WORKERS: '0',
    RATE_LIMIT_PER_MINUTE: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const rssMb = () => {
  const line = readFileSync(`/proc/${app.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : 0;
};
const headers = { cookie: args.cookie };
try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok) break;
    if (i > 300) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const ids = [];
  const wasPublic = [];
  const keep = (items) => {
    for (const t of items) {
      ids.push(t.id);
      if (t.visibility === 'public') wasPublic.push(t.id);
    }
  };
  const res = await fetch(`${base}/api/tracks`, { headers });
  keep(await res.json());
  let next = /<([^>]*)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
  while (next) {
    const page = await (await fetch(base + next, { headers })).json();
    keep(page.items);
    next = page.nextCursor
      ? next.replace(/cursor=[^&]*/, `cursor=${encodeURIComponent(page.nextCursor)}`)
      : undefined;
  }
  const { csrfToken } = await (await fetch(`${base}/api/auth/csrf-token`, { headers })).json();
  const post = (body) =>
    fetch(`${base}/api/tracks/bulk`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      body: JSON.stringify(body),
    });
  const equipment = await (
    await fetch(`${base}/api/equipment`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      body: JSON.stringify({ name: `Bulk bench ${Date.now()}` }),
    })
  ).json();
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 50);
  const rows = [];
  const actions = [
    { action: 'setVisibility', visibility: 'public' },
    { action: 'setVisibility', visibility: 'private' },
    { action: 'addEquipment', equipmentIds: [equipment.id] },
    { action: 'removeEquipment', equipmentIds: [equipment.id] },
    // The seed's public ones public again (the profile cases read them).
    { action: 'setVisibility', visibility: 'public', only: wasPublic },
    ...(args.delete ? [{ action: 'delete' }] : []),
  ];
  for (const { only, ...action } of actions) {
    const t0 = performance.now();
    const reply = await post({ ids: only ?? ids, ...action });
    const body = await reply.text();
    rows.push({
      action: Object.values(action).flat().join(' '),
      status: reply.status,
      ms: Math.round(performance.now() - t0),
      body: body.slice(0, 80),
    });
  }
  clearInterval(sampler);
  console.table(rows);
  console.log(
    JSON.stringify({
      tracks: ids.length,
      bodyBytes: JSON.stringify({ ids }).length,
      rssBeforeMb: Math.round(before),
      rssPeakMb: Math.round(peak),
      growthMb: Math.round(peak - before),
    }),
  );
} finally {
  app.kill();
}
