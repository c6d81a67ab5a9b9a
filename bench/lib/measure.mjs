// autocannon runs, paired and interleaved (reference, app, reference, app…), absolute-only cases
// (LCP), the budget rule and the one table.
import autocannon from 'autocannon';

/** Nearest-rank percentile `p` (0–100) of ascending `sorted`. */
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

/**
 * One autocannon run; resolves with the figures the table compares. `stopWith` ends it early.
 * Latencies come from each answer's own time (autocannon's 'response' event, process.hrtime: a
 * fraction of a millisecond), not from its histogram, which holds whole milliseconds and made a
 * bare reference's p99 0 ms (issue 30, decision 0485).
 */
export function load(options) {
  let instance;
  const times = [];
  const done = new Promise((resolve, reject) => {
    // A run cut by `amount` ends only on autocannon's next sample tick: 100 ms rather than the
    // default second keeps --quick quick (totals and latencies do not depend on the tick).
    const sampleInt = options.amount === undefined ? 1000 : 100;
    instance = autocannon({ sampleInt, ...options, timeout: 30 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    // As autocannon's own latencies: 2xx answers only (any other fails the run anyway).
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  const figures = done.then((r) => {
    // A run cut by `amount` still ends on autocannon's next tick, so its length says little:
    // rates then come from the latencies (closed loop: connections ÷ mean latency).
    const reqPerSec =
      options.amount === undefined
        ? r.requests.total / Math.max(r.duration, 0.01)
        : ((options.connections ?? 1) * 1000) / Math.max(r.latency.mean, 0.01);
    const sorted = Float64Array.from(times).sort();
    return {
      p50: sorted.length ? percentile(sorted, 50) : r.latency.p50,
      p99: sorted.length ? percentile(sorted, 99) : r.latency.p99,
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
 * `reference` names the reference in the table ('bare Fastify', 'bare Node', 'nginx'); `details`
 * ([{ label, key, unit }]) are further figures of the same runs, printed under the table.
 */
export async function pair(name, metric, makeRun, { rounds = 3, reference, details } = {}) {
  const runs = { reference: [], app: [] };
  for (let round = 0; round < rounds; round++) {
    for (const side of ['reference', 'app']) {
      const figures = await makeRun(side);
      if (figures.bad > 0 || figures.requests === 0) {
        throw new Error(
          `${name}: the ${side} answered ${figures.bad} of ${figures.requests} requests with errors`,
        );
      }
      runs[side].push(figures);
    }
  }
  const of = (side, key) => runs[side].map((figures) => figures[key]);
  return {
    name,
    metric,
    app: summary(of('app', metric)),
    reference: { ...summary(of('reference', metric)), label: reference },
    runs,
    ...(details && {
      details: details.map((d) => ({
        ...d,
        app: median(of('app', d.key)),
        reference: median(of('reference', d.key)),
      })),
    }),
  };
}

/** The median of `values` and their spread ((max - min) / median). */
export const summary = (values) => {
  const mid = median(values);
  return { median: mid, spread: mid ? (Math.max(...values) - Math.min(...values)) / mid : 0 };
};

/** Another row from the runs of a pair() row: `metric` of the same figures, under its own name. */
export function derive(row, name, metric) {
  const of = (side) => row.runs[side].map((figures) => figures[metric]);
  return {
    name,
    metric,
    app: summary(of('app')),
    reference: { ...summary(of('reference')), label: row.reference.label },
  };
}

/** A case with no reference (LCP: its budget is absolute): `run()` `rounds` times, median kept. */
export async function single(name, metric, run, rounds = 3) {
  const values = [];
  for (let round = 0; round < rounds; round++) values.push(await run());
  return { name, metric, app: summary(values), reference: undefined };
}

/** A case that could not run here (e.g. the app does not offload): printed with the reason. */
export const skipped = (name, metric, reason) => ({ name, metric, skipped: reason });

// Milliseconds to two decimals under 10 ms: a bare reference answers within a fraction of one.
const ms = (v) => v.toFixed(v < 10 ? 2 : 1);
const UNITS = {
  p50: (v) => `${ms(v)} ms p50`,
  p95: (v) => `${ms(v)} ms p95`,
  p99: (v) => `${ms(v)} ms p99`,
  reqPerSec: (v) => `${Math.round(v)} req/s`,
  throughput: (v) => `${(v / 1e6).toFixed(0)} MB/s`,
  lcp: (v) => `${v.toFixed(0)} ms LCP`,
  // rssMb: a growth over the level before the work; rssMbAbsolute: the whole resident size.
  rssMb: (v) => `+${v.toFixed(1)} MB RSS`,
  rssMbAbsolute: (v) => `${v.toFixed(1)} MB RSS (whole)`,
  ms: (v) => `${v.toFixed(0)} ms`,
  msPerMinute: (v) => `${v.toFixed(0)} ms per audio minute`,
  lighthouse: (v) =>
    `${CATEGORIES.map(([key, short]) => `${short} ${v[key] ?? '—'}`).join(' · ')} · ${v.installable ? 'installable' : 'not installable'}`,
};

/** Lighthouse's categories as budgets.json names them (its ids), and their short names in the table. */
export const CATEGORIES = [
  ['performance', 'P'],
  ['accessibility', 'A'],
  ['best-practices', 'BP'],
  ['seo', 'SEO'],
];
const shortName = (key) => CATEGORIES.find(([id]) => id === key)?.[1] ?? key;

/**
 * A Lighthouse budget ({ min: { category: score }, installable: true }) against a row whose median
 * is { performance, accessibility, …: 0–100, installable: boolean }: which parts it misses.
 */
function lighthouseMisses(budget, figures) {
  const misses = Object.entries(budget.min ?? {})
    .filter(([key, min]) => !(figures[key] >= min))
    .map(([key, min]) => `${key} ${figures[key] ?? 'none'} < ${min}`);
  if (budget.installable && !figures.installable) misses.push('not installable');
  return misses;
}

const lighthouseLimits = (budget) => [
  ...Object.entries(budget.min ?? {}).map(([key, min]) => `${shortName(key)} ${min < 100 ? '≥ ' : ''}${min}`),
  ...(budget.installable ? ['installable'] : []),
];

/**
 * Checks each row against bench/budgets.json; returns the rows with `verdict` filled in. Ratio
 * budgets (maxRatio, minRatio) bound app ÷ reference; absolute ones bound the app's own median:
 * maxMs (a latency or LCP in ms) and maxMb (MB: an RSS growth, metric rssMb, or a whole resident
 * size, metric rssMbAbsolute). Lighthouse rows (issue 25) have
 * minimum scores per category (`min`) and `installable`. A skipped case misses nothing.
 */
export function judge(rows, budgets, database) {
  return rows.map((row) => {
    const ratio = row.reference?.median ? row.app.median / row.reference.median : Number.NaN;
    const budget = budgets[row.name];
    let verdict = '—';
    if (budget?.metric && budget.metric !== row.metric)
      throw new Error(
        `bench/budgets.json: ${row.name} budgets ${budget.metric}, the case measures ${row.metric}`,
      );
    if (row.skipped) verdict = `skipped: ${row.skipped}`;
    else if (budget && (!budget.database || budget.database === database)) {
      const app = row.app.median;
      if (row.metric === 'lighthouse') {
        const misses = lighthouseMisses(budget, app);
        const limits = lighthouseLimits(budget).join(', ');
        verdict = misses.length ? `MISSED (${limits}: ${misses.join(', ')})` : `ok (${limits})`;
        return { ...row, ratio, verdict, missed: misses.length > 0 };
      }
      const ok =
        (budget.maxRatio === undefined || ratio <= budget.maxRatio) &&
        (budget.minRatio === undefined || ratio >= budget.minRatio) &&
        (budget.maxMs === undefined || app <= budget.maxMs) &&
        (budget.maxMb === undefined || app <= budget.maxMb);
      const limits = [
        budget.maxMs !== undefined && `≤ ${budget.maxMs} ms`,
        budget.maxMb !== undefined && `≤ ${budget.maxMb} MB`,
        budget.maxRatio !== undefined && `≤ ${budget.maxRatio}×`,
        budget.minRatio !== undefined && `≥ ${budget.minRatio}×`,
      ].filter(Boolean);
      verdict = `${ok ? 'ok' : 'MISSED'} (${limits.join(', ')})`;
    }
    return { ...row, ratio, verdict, missed: verdict.startsWith('MISSED') };
  });
}

/**
 * The exit code of npm run bench once every case ran: 1 when a judged median missed its budget
 * (but never in --quick mode, whose small data says nothing about budgets), else 0.
 */
export const exitCodeFor = (judged, { quick }) => (!quick && judged.some((row) => row.missed) ? 1 : 0);

/** Sets the process's exit code from the verdicts (exitCodeFor) and names the budgets missed. */
export function exitWithVerdicts(judged, options) {
  process.exitCode = exitCodeFor(judged, options);
  const missed = judged.filter((row) => row.missed).map((row) => row.name);
  if (process.exitCode === 1) console.error(`Budgets missed: ${missed.join(', ')}`);
}

/** The one table, as Markdown. */
export function table(rows) {
  const lines = [
    '| case | app | reference | ratio (app ÷ ref) | spread app / ref | budget |',
    '|---|---|---|---|---|---|',
  ];
  const pct = (v) => `±${Math.round((v * 100) / 2)}%`;
  for (const row of rows) {
    const unit = UNITS[row.metric];
    if (row.skipped) {
      lines.push(`| ${row.name} | — | — | — | — | ${row.verdict} |`);
      continue;
    }
    const ref = row.reference;
    const refCell = ref ? `${unit(ref.median)}${ref.label ? ` (${ref.label})` : ''}` : '—';
    lines.push(
      `| ${row.name} | ${unit(row.app.median)} | ${refCell} | ${ref ? row.ratio.toFixed(2) : '—'} | ${pct(row.app.spread)} / ${ref ? pct(ref.spread) : '—'} | ${row.verdict} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The further figures of the rows that have them (pair()'s `details`: the edit loops' GET p50 and
 * PATCH latencies, loops a second), medians of the same runs, as Markdown; '' when none has any.
 * A row with no reference (health-while-importing) prints — for the reference and the ratio.
 */
export function detailsTable(rows) {
  const format = (v, unit) => (unit === 'ms' ? `${ms(v)} ms` : `${Math.round(v)}${unit}`);
  const lines = rows.flatMap((row) =>
    (row.details ?? []).map((d) =>
      d.reference === undefined
        ? `| ${row.name} | ${d.label} | ${format(d.app, d.unit)} | — | — |`
        : `| ${row.name} | ${d.label} | ${format(d.app, d.unit)} | ${format(d.reference, d.unit)} | ${(d.app / d.reference).toFixed(2)} |`,
    ),
  );
  if (!lines.length) return '';
  return ['| case | figure | app | reference | ratio |', '|---|---|---|---|---|', ...lines].join('\n');
}
