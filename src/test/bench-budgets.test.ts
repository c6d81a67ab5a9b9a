import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { derive, detailsTable, exitCodeFor, judge, pair, skipped, table } from '../../bench/lib/measure.mjs';

// npm run bench exits non-zero on a missed budget; this is the rule it applies (bench/budgets.json).
const budgets = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../bench/budgets.json'), 'utf8'),
);
const row = (name: string, metric: string, app: number, reference: number) => ({
  name,
  metric,
  app: { median: app, spread: 0.1 },
  reference: { median: reference, spread: 0.2 },
});

describe('bench budgets', () => {
  it('misses a latency budget when the app p99 is over 3× the reference, on PostgreSQL only', () => {
    const rows = [row('journal-list-1k-1c', 'p99', 31, 10), row('journal-list-1k-50c', 'p99', 29, 10)];
    const [slow, fine] = judge(rows, budgets, 'postgres');
    expect(slow?.missed).toBe(true);
    expect(fine?.missed).toBe(false);
    expect(judge(rows, budgets, 'pglite').some((r) => r.missed)).toBe(false);
  });

  it('misses a throughput budget under half of nginx, and an absolute health p99 over 20 ms', () => {
    const judged = judge(
      [
        row('range-1mib-1c', 'throughput', 0.4e9, 1e9),
        row('range-1mib-50c', 'throughput', 0.6e9, 1e9),
        row('health-under-list', 'p99', 21, 3),
      ],
      budgets,
      'postgres',
    );
    expect(judged.map((r) => r.missed)).toEqual([true, false, true]);
  });

  it('prints one row per case with app, reference, ratio, spread and verdict', () => {
    const printed = table(judge([row('auth-user', 'reqPerSec', 1000, 10000)], budgets, 'pglite'));
    expect(printed).toContain(
      '| auth-user | 1000 req/s | 10000 req/s | 0.10 | ±5% / ±10% | MISSED (≥ 0.2×) |',
    );
  });
});

describe('bench budgets of the new cases (first page, offload, upload, LCP)', () => {
  const absolute = (name: string, metric: string, app: number) => ({
    name,
    metric,
    app: { median: app, spread: 0 },
  });

  it('misses the first page over 10 ms p99 on PostgreSQL, whatever the reference', () => {
    const rows = [row('journal-first-page-1c', 'p99', 11, 10)];
    expect(judge(rows, budgets, 'postgres')[0]?.missed).toBe(true);
    expect(judge([row('journal-first-page-1c', 'p99', 9, 1)], budgets, 'postgres')[0]?.missed).toBe(false);
    expect(judge(rows, budgets, 'pglite')[0]?.missed).toBe(false);
  });

  it('misses offloaded Range under 0.9× nginx, and the upload under 0.7× the bare stream-to-disk', () => {
    const judged = judge(
      [
        row('range-1mib-offload-1c', 'throughput', 0.89e9, 1e9),
        row('range-1mib-offload-50c', 'throughput', 0.91e9, 1e9),
        row('upload-1gib-throughput', 'throughput', 0.69e9, 1e9),
        row('upload-1gib-throughput', 'throughput', 0.71e9, 1e9),
      ],
      budgets,
      'pglite',
    );
    expect(judged.map((r) => r.missed)).toEqual([true, false, true, false]);
  });

  it('misses an RSS growth of 50 MB or more (maxMb), on the app figure alone', () => {
    const [over, under] = judge(
      [row('upload-1gib-rss', 'rssMb', 50.5, 1), row('upload-1gib-rss', 'rssMb', 20, 40)],
      budgets,
      'pglite',
    );
    expect(over?.missed).toBe(true);
    expect(over?.verdict).toBe('MISSED (≤ 50 MB)');
    expect(under?.missed).toBe(false);
  });

  it('judges LCP rows, which have no reference, by their absolute budgets and prints them', () => {
    const judged = judge(
      [absolute('lcp-landing', 'lcp', 1001), absolute('lcp-journal-1k', 'lcp', 1400)],
      budgets,
      'pglite',
    );
    expect(judged.map((r) => r.missed)).toEqual([true, false]);
    const printed = table(judged);
    expect(printed).toContain('| lcp-landing | 1001 ms LCP | — | — | ±0% / — | MISSED (≤ 1000 ms) |');
    expect(printed).toContain('| lcp-journal-1k | 1400 ms LCP | — | — | ±0% / — | ok (≤ 1500 ms) |');
  });

  it('prints a skipped case with its reason and never counts it as missed', () => {
    const judged = judge(
      [skipped('range-1mib-offload-1c', 'throughput', 'no X-Accel-Redirect')],
      budgets,
      'pglite',
    );
    expect(judged[0]?.missed).toBe(false);
    expect(table(judged)).toContain(
      '| range-1mib-offload-1c | — | — | — | — | skipped: no X-Accel-Redirect |',
    );
  });

  it('exits 1 on a missed budget in a full run, 0 when all are met, and never fails --quick on timings', () => {
    const missed = judge([row('upload-1gib-rss', 'rssMb', 80, 1)], budgets, 'pglite');
    const met = judge([row('upload-1gib-rss', 'rssMb', 10, 1)], budgets, 'pglite');
    expect(exitCodeFor(missed, { quick: false })).toBe(1);
    expect(exitCodeFor(met, { quick: false })).toBe(0);
    expect(exitCodeFor(missed, { quick: true })).toBe(0);
  });

  it('refuses a budget whose metric is not the one the case measures (a harness slip, not a verdict)', () => {
    expect(() => judge([row('upload-1gib-rss', 'throughput', 1, 1)], budgets, 'pglite')).toThrow(/rssMb/);
  });
});

describe('bench budgets of the Lighthouse cases (issue 25)', () => {
  const scores = (
    performance: number,
    accessibility: number,
    bp: number,
    seo: number,
    installable: boolean,
  ) => ({
    performance,
    accessibility,
    'best-practices': bp,
    seo,
    installable,
  });
  const lighthouse = (name: string, median: ReturnType<typeof scores>) => ({
    name,
    metric: 'lighthouse',
    app: { median, spread: 0.04 },
  });

  it('misses a page under any category minimum or not installable, and says which', () => {
    const judged = judge(
      [
        lighthouse('lighthouse-landing', scores(95, 100, 100, 92, true)),
        lighthouse('lighthouse-landing', scores(89, 100, 100, 92, true)),
        lighthouse('lighthouse-track', scores(95, 98, 100, 100, true)),
        lighthouse('lighthouse-track', scores(95, 100, 100, 100, false)),
      ],
      budgets,
      'pglite',
    );
    expect(judged.map((r) => r.missed)).toEqual([false, true, true, true]);
    expect(judged[0]?.verdict).toBe('ok (P ≥ 90, A 100, BP 100, SEO ≥ 90, installable)');
    expect(judged[1]?.verdict).toContain('performance 89 < 90');
    expect(judged[2]?.verdict).toContain('accessibility 98 < 100');
    expect(judged[3]?.verdict).toContain('not installable');
  });

  it('does not judge SEO on the signed-in journal, and prints the four scores in one cell', () => {
    const judged = judge(
      [lighthouse('lighthouse-journal-1k', scores(91, 100, 100, 60, true))],
      budgets,
      'pglite',
    );
    expect(judged[0]?.missed).toBe(false);
    expect(table(judged)).toContain(
      '| lighthouse-journal-1k | P 91 · A 100 · BP 100 · SEO 60 · installable | — | — | ±2% / — | ok (P ≥ 90, A 100, BP 100, installable) |',
    );
    const missed = judge(
      [lighthouse('lighthouse-journal-1k', scores(50, 100, 100, 100, true))],
      budgets,
      'pglite',
    );
    expect(exitCodeFor(missed, { quick: false })).toBe(1);
    expect(exitCodeFor(missed, { quick: true })).toBe(0);
  });
});

describe('bench budgets of the Subsonic stream cases (issue 26)', () => {
  it('misses /rest Range under half of nginx, and a transcode whose first byte takes over 300 ms (p50)', () => {
    const judged = judge(
      [
        row('rest-range-1mib-1c', 'throughput', 0.49e9, 1e9),
        row('rest-range-1mib-50c', 'throughput', 0.51e9, 1e9),
        row('rest-cached-transcode-range-1mib-1c', 'throughput', 0.4e9, 1e9),
        row('rest-transcode-ttfb', 'p50', 301, 1),
        row('rest-transcode-ttfb', 'p50', 120, 1),
      ],
      budgets,
      'pglite',
    );
    expect(judged.map((r) => r.missed)).toEqual([true, false, true, true, false]);
    expect(table(judged)).toContain('| rest-transcode-ttfb | 120.0 ms p50 | 1.00 ms p50 | 120.00 |');
  });
});

describe('bench budgets of the changing journal (issue 30, decision 0485)', () => {
  const absolute = (name: string, metric: string, app: number) => ({
    name,
    metric,
    app: { median: app, spread: 0 },
  });

  it('misses the list right after an edit over 3× bare Node, at 1k and 5k, judged on PostgreSQL only', () => {
    const rows = [
      row('journal-list-after-change-1k-1c', 'p99', 3.1, 1),
      row('journal-list-after-change-1k-50c', 'p99', 29, 10),
      row('journal-list-after-change-5k-1c', 'p99', 2.9, 1),
      row('journal-list-after-change-5k-50c', 'p99', 301, 100),
    ];
    expect(judge(rows, budgets, 'postgres').map((r) => r.missed)).toEqual([true, false, false, true]);
    expect(judge(rows, budgets, 'pglite').some((r) => r.missed)).toBe(false);
  });

  it('judges health while editing and the RSS after start on PGlite only, by their absolute budgets', () => {
    const rows = [
      row('health-while-editing-5k', 'p99', 21, 0.2),
      row('health-while-editing-5k', 'p99', 19, 0.2),
      absolute('rss-after-start', 'rssMbAbsolute', 251),
      absolute('rss-after-start', 'rssMbAbsolute', 250),
    ];
    expect(judge(rows, budgets, 'pglite').map((r) => r.missed)).toEqual([true, false, true, false]);
    expect(judge(rows, budgets, 'postgres').some((r) => r.missed)).toBe(false);
    // The whole resident size, told apart from the growth rows' "+x MB".
    expect(table(judge([rows[2]!], budgets, 'pglite'))).toContain(
      '| rss-after-start | 251.0 MB RSS (whole) | — | — | ±0% / — | MISSED (≤ 250 MB) |',
    );
  });

  it('misses auth-user at 50 connections under 0.3× bare Node, and offload p99 over 1.5× nginx', () => {
    const judged = judge(
      [
        row('auth-user-50c', 'reqPerSec', 2900, 10000),
        row('auth-user-50c', 'reqPerSec', 3100, 10000),
        row('range-1mib-offload-1c-p99', 'p99', 1.6, 1),
        row('range-1mib-offload-50c-p99', 'p99', 140, 100),
      ],
      budgets,
      'pglite',
    );
    expect(judged.map((r) => r.missed)).toEqual([true, false, true, false]);
  });

  it('compares sub-millisecond references and names them (no 2 ÷ 0 any more)', () => {
    const fast = {
      ...row('journal-list-1k-1c', 'p99', 1.1, 0.41),
      reference: { median: 0.41, spread: 0.1, label: 'bare Fastify' },
    };
    const [judged] = judge([fast], budgets, 'postgres');
    expect(judged?.ratio).toBeCloseTo(2.68, 2);
    expect(judged?.missed).toBe(false);
    expect(table([judged!])).toContain(
      '| journal-list-1k-1c | 1.10 ms p99 | 0.41 ms p99 (bare Fastify) | 2.68 |',
    );
  });

  it('keeps every run of a pair, derives a second row from them and prints the further figures', async () => {
    const figures = {
      reference: [0.3, 0.5, 0.4].map((p99) => ({
        p99,
        patchP99: p99 / 10,
        throughput: 100,
        requests: 9,
        bad: 0,
      })),
      app: [4, 6, 5].map((p99) => ({ p99, patchP99: p99 * 2, throughput: 90, requests: 9, bad: 0 })),
    };
    const next = { reference: 0, app: 0 };
    const paired = await pair(
      'journal-list-after-change-1k-1c',
      'p99',
      async (side) => figures[side][next[side]++]!,
      { reference: 'bare Node', details: [{ label: 'PATCH p99', key: 'patchP99', unit: 'ms' }] },
    );
    expect(paired.app?.median).toBe(5);
    expect(paired.reference?.median).toBe(0.4);
    expect(paired.reference?.label).toBe('bare Node');
    expect(derive(paired, 'other', 'throughput').app?.median).toBe(90);
    expect(detailsTable([paired])).toContain(
      '| journal-list-after-change-1k-1c | PATCH p99 | 10.0 ms | 0.04 ms | 250.00 |',
    );
    // A failed request breaks the harness rather than being timed.
    await expect(
      pair('x', 'p99', async () => ({ p99: 1, requests: 10, bad: 1 }), { rounds: 1 }),
    ).rejects.toThrow(/1 of 10/);
  });
});

// Issue 48: npm run bench:scale (bench/scale-cases.mjs) judges three figures per route on the seeded
// instance and two reference cases (bench/reference-pg.mjs), all as PostgreSQL budgets.
describe('bench budgets of the scale cases (issue 48)', () => {
  const absolute = (name: string, metric: string, app: number) => ({
    name,
    metric,
    app: { median: app, spread: 0 },
  });
  const ROUTES: [string, number][] = [
    ['journal-first-page', 30],
    ['journal-filtered-page', 30],
    ['search', 100],
    ['equipment-tracks-using', 50],
    ['public-profile', 30],
    ['collective-page', 30],
    ['inbox', 30],
    ['track-comments', 30],
    ['subsonic-search3-sync', 100],
  ];

  it.each(ROUTES)('%s: p99 at one connection within %i ms, on PostgreSQL only', (route, maxMs) => {
    const over = [absolute(`scale-${route}-1c`, 'p99', maxMs + 1)];
    expect(judge(over, budgets, 'postgres')[0]?.missed).toBe(true);
    expect(judge([absolute(`scale-${route}-1c`, 'p99', maxMs)], budgets, 'postgres')[0]?.missed).toBe(false);
    expect(judge(over, budgets, 'pglite')[0]?.missed).toBe(false);
  });

  it.each(ROUTES)('%s: at 50 connections ≥ 0.5× the empty instance, health p99 ≤ 20 ms', (route) => {
    const judged = judge(
      [
        row(`scale-${route}-50c`, 'reqPerSec', 49, 100),
        row(`scale-${route}-50c`, 'reqPerSec', 51, 100),
        absolute(`scale-${route}-health`, 'p99', 21),
        absolute(`scale-${route}-health`, 'p99', 19),
      ],
      budgets,
      'postgres',
    );
    expect(judged.map((r) => r.missed)).toEqual([true, false, true, false]);
  });

  it('the list right after a change within 3× bare Node + one round trip; auth-user ≥ 0.5× Fastify + session', () => {
    const judged = judge(
      [
        row('scale-journal-after-change-1c', 'p99', 3.1, 1),
        row('scale-journal-after-change-50c', 'p99', 2.9, 1),
        absolute('scale-journal-after-change-50c-health', 'p99', 21),
        row('scale-auth-user-50c', 'reqPerSec', 499, 1000),
        row('scale-auth-user-50c', 'reqPerSec', 501, 1000),
        absolute('scale-auth-user-50c-health', 'p99', 20),
      ],
      budgets,
      'postgres',
    );
    expect(judged.map((r) => r.missed)).toEqual([true, false, true, true, false, false]);
  });
});

describe('bench budgets of the client asset (decision 0955)', () => {
  it('misses under 0.5× bare @fastify/static on either database; the nginx rows are not judged', () => {
    const rows = [
      row('client-asset-1c', 'reqPerSec', 490, 1000),
      row('client-asset-50c', 'reqPerSec', 510, 1000),
      row('client-asset-1c-nginx', 'reqPerSec', 100, 1000),
    ];
    for (const database of ['pglite', 'postgres'])
      expect(judge(rows, budgets, database).map((r) => r.missed)).toEqual([true, false, false]);
  });
});
