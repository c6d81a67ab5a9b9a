// autocannon runs, paired and interleaved (reference, app, reference, app…), and the one table.
import autocannon from 'autocannon';

/** One autocannon run; resolves with the figures the table compares. `stopWith` ends it early. */
export function load(options) {
  let instance;
  const done = new Promise((resolve, reject) => {
    instance = autocannon({ ...options, timeout: 30 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
  const figures = done.then((r) => {
    // A run cut by `amount` still ends on autocannon's next one-second tick, so its length says
    // nothing: rates then come from the latencies (closed loop: connections ÷ mean latency).
    const reqPerSec =
      options.amount === undefined
        ? r.requests.total / Math.max(r.duration, 0.01)
        : ((options.connections ?? 1) * 1000) / Math.max(r.latency.mean, 0.01);
    return {
      p50: r.latency.p50,
      p99: r.latency.p99,
      reqPerSec,
      throughput: reqPerSec * (r.throughput.total / Math.max(r.requests.total, 1)),
      requests: r.requests.total,
      bad: r.non2xx + r.errors + r.timeouts,
    };
  });
  return { figures, stop: () => instance.stop() };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Runs `makeRun('reference')` then `makeRun('app')`, `rounds` times, and returns the medians of
 * `metric` and the spread ((max - min) / median) for each. Any failed request breaks the harness.
 */
export async function pair(name, metric, makeRun, rounds = 3) {
  const samples = { reference: [], app: [] };
  for (let round = 0; round < rounds; round++) {
    for (const side of ['reference', 'app']) {
      const figures = await makeRun(side);
      if (figures.bad > 0 || figures.requests === 0) {
        throw new Error(
          `${name}: the ${side} answered ${figures.bad} of ${figures.requests} requests with errors`,
        );
      }
      samples[side].push(figures[metric]);
    }
  }
  const summary = (values) => {
    const mid = median(values);
    return { median: mid, spread: mid ? (Math.max(...values) - Math.min(...values)) / mid : 0 };
  };
  return { name, metric, app: summary(samples.app), reference: summary(samples.reference) };
}

const UNITS = {
  p50: (v) => `${v.toFixed(1)} ms p50`,
  p99: (v) => `${v.toFixed(1)} ms p99`,
  reqPerSec: (v) => `${Math.round(v)} req/s`,
  throughput: (v) => `${(v / 1e6).toFixed(0)} MB/s`,
};

/** Checks each row against bench/budgets.json; returns the rows with `verdict` filled in. */
export function judge(rows, budgets, database) {
  return rows.map((row) => {
    const ratio = row.reference.median ? row.app.median / row.reference.median : Number.NaN;
    const budget = budgets[row.name];
    let verdict = '—';
    if (budget && (!budget.database || budget.database === database)) {
      const ok =
        (budget.maxRatio === undefined || ratio <= budget.maxRatio) &&
        (budget.minRatio === undefined || ratio >= budget.minRatio) &&
        (budget.maxMs === undefined || row.app.median <= budget.maxMs);
      const limit =
        budget.maxMs !== undefined
          ? `≤ ${budget.maxMs} ms`
          : budget.maxRatio !== undefined
            ? `≤ ${budget.maxRatio}×`
            : `≥ ${budget.minRatio}×`;
      verdict = `${ok ? 'ok' : 'MISSED'} (${limit})`;
    }
    return { ...row, ratio, verdict, missed: verdict.startsWith('MISSED') };
  });
}

/** The one table, as Markdown. */
export function table(rows) {
  const lines = [
    '| case | app | reference | ratio (app ÷ ref) | spread app / ref | budget |',
    '|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const unit = UNITS[row.metric];
    const pct = (v) => `±${Math.round((v * 100) / 2)}%`;
    lines.push(
      `| ${row.name} | ${unit(row.app.median)} | ${unit(row.reference.median)} | ${row.ratio.toFixed(2)} | ${pct(row.app.spread)} / ${pct(row.reference.spread)} | ${row.verdict} |`,
    );
  }
  return lines.join('\n');
}
