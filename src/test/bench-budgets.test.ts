import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judge, table } from '../../bench/lib/measure.mjs';

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
