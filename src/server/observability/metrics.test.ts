import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from '../../test/build-test-app';
import { openEventStream } from '../../test/event-stream';
import { makeWav } from '../../test/media-fixtures';
import { type Scrape, scrape, TEST_METRICS_TOKEN } from '../../test/metrics';
import { testDatabaseKind } from '../../test/test-database';

const HTTP = 'journal_http_request_duration_seconds';

/** Polls the scrape until `check` holds (jobs and socket closes finish after the request that caused them). */
async function eventually(app: TestApp['app'], check: (s: Scrape) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await scrape(app);
    if (check(s)) return s;
    if (Date.now() > deadline) throw new Error(`metrics never got there; last scrape:\n${s.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let t: TestApp;
let owner: TestClient & { userId: string };
const audio = makeWav(2);

beforeAll(async () => {
  t = await buildTestApp({ config: { metricsToken: TEST_METRICS_TOKEN } });
  owner = await t.signedInClient();
});
afterAll(async () => t?.close());

describe('GET /metrics: the series move with what the instance does', () => {
  it('follows Prometheus conventions, with Node defaults (event-loop lag) included', async () => {
    const s = await scrape(t.app);
    const ours = [...s.families].filter(([name]) => name.startsWith('journal_'));
    expect(ours.length).toBeGreaterThanOrEqual(11);
    for (const [name, family] of ours) {
      expect(family.help, name).not.toBe('');
      if (name.endsWith('_total')) expect(family.type, name).toBe('COUNTER');
      if (family.type === 'COUNTER') expect(name).toMatch(/_total$/);
      if (family.type === 'HISTOGRAM') expect(name).toMatch(/_seconds$/);
    }
    expect(s.family('nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
    expect(s.family('nodejs_eventloop_lag_p99_seconds').type).toBe('GAUGE');
    expect(s.family('process_cpu_seconds_total').type).toBe('COUNTER');
    expect(s.family('journal_uploaded_bytes_total').type).toBe('COUNTER');
    expect(s.family('journal_streamed_bytes_total').type).toBe('COUNTER');
    expect(s.family(HTTP).type).toBe('HISTOGRAM');
  });

  it('times requests by route pattern, method and status, never by raw URL', async () => {
    const labels = { method: 'GET', route: '/api/tracks/:id', status_code: '404' };
    const before = (await scrape(t.app)).count(HTTP, labels);
    expect((await owner.get('/api/tracks/987654')).statusCode).toBe(404);
    expect((await owner.get('/api/tracks/987655')).statusCode).toBe(404);
    expect((await owner.get('/no/such/page-123')).statusCode).toBe(404);
    const after = await scrape(t.app);
    expect(after.count(HTTP, labels)).toBe(before + 2);
    expect(
      after.count(HTTP, { method: 'GET', route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // The ids and the unknown path are nowhere among the labels: cardinality stays bounded.
    expect(after.text).not.toMatch(/987654|987655|page-123/);
    expect(after.value(`${HTTP}_sum`, labels)).toBeGreaterThan(0);
    expect(after.value(`${HTTP}_bucket`, { ...labels, le: '+Inf' })).toBe(before + 2);
  });

  it('counts an upload, a Range stream and the storage used', async () => {
    const before = await scrape(t.app);
    const res = await owner.upload(
      '/api/tracks',
      { name: 'Take' },
      { field: 'audio', name: 'take.wav', type: 'audio/wav', data: audio },
    );
    expect(res.statusCode).toBe(201);
    const trackId = res.json<{ id: number }>().id;
    const afterUpload = await scrape(t.app);
    expect(afterUpload.value('journal_uploaded_bytes_total')).toBe(
      before.value('journal_uploaded_bytes_total') + audio.length,
    );
    expect(afterUpload.value('journal_storage_used_bytes')).toBe(
      before.value('journal_storage_used_bytes') + audio.length,
    );
    expect(afterUpload.count(HTTP, { method: 'POST', route: '/api/tracks', status_code: '201' })).toBe(1);

    const ranged = await owner.get(`/api/tracks/${trackId}/stream`, { range: 'bytes=100-1123' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(1024);
    const afterRange = await eventually(
      t.app,
      (s) => s.value('journal_streamed_bytes_total') > before.value('journal_streamed_bytes_total'),
    );
    expect(afterRange.value('journal_streamed_bytes_total')).toBe(
      before.value('journal_streamed_bytes_total') + 1024,
    );
    // A 304 sends no media bytes and is not counted.
    const etag = ranged.headers.etag as string;
    expect((await owner.get(`/api/tracks/${trackId}/stream`, { 'if-none-match': etag })).statusCode).toBe(
      304,
    );
    expect((await scrape(t.app)).value('journal_streamed_bytes_total')).toBe(
      afterRange.value('journal_streamed_bytes_total'),
    );
  });

  it('times a job worked here, per queue, and shows the queues with their depth', async () => {
    const labels = { queue: 'delete-blobs', outcome: 'completed' };
    const before = (await scrape(t.app)).count('journal_job_duration_seconds', labels);
    const res = await owner.upload(
      '/api/tracks',
      { name: 'Gone soon' },
      { field: 'audio', name: 'gone.wav', type: 'audio/wav', data: audio },
    );
    // Deleting the track queues the removal of its file: a delete-blobs job.
    expect((await owner.delete(`/api/tracks/${res.json<{ id: number }>().id}`)).statusCode).toBe(200);
    const after = await eventually(t.app, (s) => s.count('journal_job_duration_seconds', labels) > before);
    expect(after.samples('journal_job_failures_total', { queue: 'delete-blobs' })).toEqual([]);
    // Every queue pg-boss knows, labelled by name, with its waiting jobs.
    const depth = after.samples('journal_job_queue_depth', { queue: 'delete-blobs' });
    expect(depth).toHaveLength(1);
    expect(Number(depth[0]?.value)).toBeGreaterThanOrEqual(0);
    expect(after.samples('journal_job_queue_active', { queue: 'process-track' })).toHaveLength(1);
  });

  it('counts open event streams: up when one opens, down when it closes', async () => {
    const before = (await scrape(t.app)).value('journal_event_streams_open');
    const stream = await openEventStream(t.app, { cookie: owner.cookieHeader() });
    expect(stream.status).toBe(200);
    await stream.next('ready');
    expect((await scrape(t.app)).value('journal_event_streams_open')).toBe(before + 1);
    await stream.close();
    await eventually(t.app, (s) => s.value('journal_event_streams_open') === before);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'reports the PostgreSQL pool: in use, idle, waiting',
    async () => {
      const s = await scrape(t.app);
      expect(s.value('journal_db_pool_max_connections')).toBe(10);
      // The scrape's own storage query has just given its connection back.
      const inUse = s.value('journal_db_pool_connections', { state: 'in_use' });
      const idle = s.value('journal_db_pool_connections', { state: 'idle' });
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(idle).toBeGreaterThanOrEqual(1);
      expect(inUse + idle).toBeLessThanOrEqual(10);
      expect(s.samples('journal_db_pool_waiting_requests')).toHaveLength(1);
    },
  );

  it.runIf(testDatabaseKind() === 'pglite')(
    'reports PGlite as its one connection, nothing it cannot know',
    async () => {
      const s = await scrape(t.app);
      expect(s.value('journal_db_pool_max_connections')).toBe(1);
      expect(s.families.has('journal_db_pool_connections')).toBe(false);
      expect(s.families.has('journal_db_pool_waiting_requests')).toBe(false);
    },
  );
});

describe('the dashboard and the alerts', () => {
  it('use only series the app exposes', async () => {
    const s = await scrape(t.app);
    // The pool's in-use and waiting series exist on PostgreSQL only.
    const exposed = new Set([
      ...s.families.keys(),
      'journal_db_pool_connections',
      'journal_db_pool_waiting_requests',
    ]);
    const root = path.resolve(import.meta.dirname, '../../..');
    for (const file of ['deploy/grafana-dashboard.json', 'docs/prometheus-alerts.yml']) {
      const text = readFileSync(path.join(root, file), 'utf8');
      const used = new Set(
        [...text.matchAll(/\b((?:journal|nodejs|process)_[a-z0-9_]+)/g)].map(([, name]) =>
          (name as string).replace(/_(bucket|count|sum)$/, ''),
        ),
      );
      expect(used.size, file).toBeGreaterThan(5);
      for (const name of used) expect(exposed.has(name), `${file}: ${name}`).toBe(true);
    }
  });
});
