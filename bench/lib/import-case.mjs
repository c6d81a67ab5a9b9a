// health-while-importing-<size> (issue 41: "no request or job blocks the event loop for more than
// 50 ms"): POST /api/user/import with an export at the limits while a second connection asks
// GET /api/health in a loop, timed during the request's check of the archive and during the job.
import http from 'node:http';
import { exportJournal, sha256Of } from '../../src/test/import-archives.ts';
import { makeZip } from '../../src/test/imports.ts';
import { percentile, summary } from './measure.mjs';

/**
 * An export of `tracks` tracks, each its own tiny file (`tracks/<n>/take.wav`, a few bytes: the
 * check reads every entry, the size of each hardly matters), and journal.json as an export writes
 * it (pretty-printed, deflated; the tests' exportJournal for its content).
 */
export async function importArchive(tracks) {
  const specs = Array.from({ length: tracks }, (_, i) => ({
    file: `tracks/${i + 1}/take.wav`,
    data: Buffer.from(`take ${i + 1}`),
  }));
  const journal = `${JSON.stringify(JSON.parse(exportJournal(specs).toString('utf8')), null, 2)}\n`;
  if (!JSON.parse(journal).tracks.every((t, i) => t.versions[0].sha256 === sha256Of(specs[i].data)))
    throw new Error('importArchive: a hash does not match its file');
  return makeZip([
    ...specs.map((s) => ({ name: s.file, data: s.data })),
    { name: 'journal.json', data: Buffer.from(journal), compress: true },
  ]);
}

/**
 * GET /api/health on one keep-alive connection of its own, one request after another, until
 * stop(); each answer's start and duration (ms, performance.now()). Sequential, so a stall of the
 * app's event loop shows whole in the request that waited through it.
 */
function healthLoop(baseUrl) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples = [];
  let bad = 0;
  let stopped = false;
  const one = () =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      const req = http.get(`${baseUrl}/api/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) samples.push({ start, ms: performance.now() - start });
          else bad += 1;
          resolve();
        });
      });
      req.on('error', reject);
    });
  const running = (async () => {
    while (!stopped) await one();
  })();
  return {
    /** The answers to requests sent within [from, to]. */
    between: (from, to) => samples.filter((s) => s.start >= from && s.start <= to).map((s) => s.ms),
    bad: () => bad,
    stop: async () => {
      stopped = true;
      await running;
      agent.destroy();
    },
  };
}

/** How long health is asked alone before each import. */
const IDLE_MS = 3000;

const figuresOf = (times) => {
  const sorted = Float64Array.from(times).sort();
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    n: sorted.length,
  };
};

/**
 * One import: the archive POSTed (multipart, field `file`, the session's cookie and CSRF header)
 * while healthLoop() runs; then the import followed (GET /api/user/imports/:id every 250 ms) until
 * its job ends. Its files are not audio, so the job fails on the first one, having checked the
 * whole archive again: nothing is made and nothing is left running for the next case.
 */
async function oneImport({ baseUrl, api, zip }) {
  const health = healthLoop(baseUrl);
  try {
    // Health alone first (IDLE_MS): the same loop's figures with no import, in the same sitting,
    // the floor this machine's scheduler sets (a fair reference for the max on a shared machine).
    const idleFrom = performance.now();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const form = new FormData();
    form.append('file', new Blob([zip], { type: 'application/zip' }), 'journal-export.zip');
    const posted = performance.now();
    const started = await api('POST', '/api/user/import', form, [202]);
    const answered = performance.now();
    let state;
    for (;;) {
      state = await api('GET', `/api/user/imports/${started.id}`);
      if (state.state === 'done' || state.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const ended = performance.now();
    const idle = figuresOf(health.between(idleFrom + 100, posted));
    const check = figuresOf(health.between(posted, answered));
    const job = figuresOf(health.between(answered, ended));
    if (health.bad()) throw new Error(`/api/health failed ${health.bad()} times during the import`);
    if (check.n === 0) throw new Error('no /api/health answer was sent during the check');
    return {
      idle,
      check,
      job,
      checkMs: answered - posted,
      jobMs: ended - answered,
      outcome: `${state.state}${state.error ? `: ${state.error}` : ''}`,
    };
  } finally {
    await health.stop();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * health-while-importing-<size>: `rounds` imports of an archive of `tracks` tracks, one after
 * another; the health p99 while the request's check runs (from its start to its 202) is the figure
 * judged (no reference: the budget is absolute), its max, p50, the check's length, the same loop's
 * p99 and max alone just before (the machine's floor) and the health figures during the job (its
 * own check, then its end) printed under the table. Medians of rounds.
 */
export async function healthWhileImportingRow({ name, app, api, tracks, rounds, say }) {
  say(`${name}: building an archive of ${tracks} tracks`);
  const zip = await importArchive(tracks);
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    const r = await oneImport({ baseUrl: app.baseUrl, api, zip });
    say(
      `${name} ${round + 1}/${rounds}: archive ${(zip.length / 1024 ** 2).toFixed(1)} MiB, idle health p99 ${r.idle.p99.toFixed(1)} ms, max ${r.idle.max.toFixed(1)} ms; check ${r.checkMs.toFixed(0)} ms (health p99 ${r.check.p99.toFixed(1)} ms, max ${r.check.max.toFixed(1)} ms, ${r.check.n} answers); job ${r.jobMs.toFixed(0)} ms (health p99 ${r.job.p99.toFixed(1)} ms, max ${r.job.max.toFixed(1)} ms), ${r.outcome}`,
    );
    runs.push({
      p99: r.check.p99,
      p50: r.check.p50,
      max: r.check.max,
      n: r.check.n,
      checkMs: r.checkMs,
      jobP99: r.job.p99,
      jobMax: r.job.max,
      jobMs: r.jobMs,
      idleP99: r.idle.p99,
      idleMax: r.idle.max,
    });
  }
  const of = (key) => runs.map((figures) => figures[key]);
  const details = [
    { label: 'health max during the check', key: 'max', unit: 'ms' },
    { label: 'health p50 during the check', key: 'p50', unit: 'ms' },
    { label: 'health answers during the check', key: 'n', unit: '' },
    { label: 'health p99, idle (3 s alone before)', key: 'idleP99', unit: 'ms' },
    { label: 'health max, idle (3 s alone before)', key: 'idleMax', unit: 'ms' },
    { label: "the check's length (POST to 202)", key: 'checkMs', unit: 'ms' },
    { label: 'health p99 during the job (its check, then its end)', key: 'jobP99', unit: 'ms' },
    { label: 'health max during the job', key: 'jobMax', unit: 'ms' },
    { label: "the job's length (202 to failed: not audio)", key: 'jobMs', unit: 'ms' },
  ];
  return {
    name,
    metric: 'p99',
    app: summary(of('p99')),
    reference: undefined,
    runs: { app: runs, reference: [] },
    details: details.map((d) => ({ ...d, app: median(of(d.key)) })),
  };
}
