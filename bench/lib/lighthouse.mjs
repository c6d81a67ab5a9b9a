// Lighthouse in the bench (issue 25, decision 0370): lighthouse-landing, lighthouse-journal-<size>
// and lighthouse-track. Lighthouse 12's node API drives a Chromium started by chrome-launcher (the
// system one), with Lighthouse's defaults: mobile form factor and screen, simulated throttling
// (slow 4G, CPU slowed 4×). Lighthouse 12 has no PWA category: installability is asked of the same
// Chromium on the same page through CDP (Page.getInstallabilityErrors).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CATEGORIES } from './measure.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '../..');
/** Where each run's JSON report is kept (git-ignored), to read the audits behind a score. */
export const REPORT_DIR = path.join(root, 'test-results', 'lighthouse');
const CATEGORY_IDS = CATEGORIES.map(([id]) => id);

/**
 * Lighthouse and chrome-launcher (146 packages, 107 MB) are not root dependencies since issue 48:
 * they live in tools/bench, which `npm run bench` installs on first use (scripts/ensure-tools.mjs),
 * and are loaded from there only when the Lighthouse rows run.
 */
async function benchTools() {
  const require = createRequire(path.join(root, 'tools', 'bench', 'package.json'));
  const load = async (name) => {
    try {
      return await import(pathToFileURL(require.resolve(name)).href);
    } catch (error) {
      throw new Error(`${name} is not installed: run \`node scripts/ensure-tools.mjs bench\` (${error})`);
    }
  };
  return { chromeLauncher: await load('chrome-launcher'), lighthouse: (await load('lighthouse')).default };
}

/** `chromium --version`, for the results (Lighthouse's scores move with the browser). */
export function chromiumVersion() {
  try {
    return execFileSync(CHROMIUM, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return `${CHROMIUM}: version unknown`;
  }
}

/** The median of numbers; a null (a category Lighthouse could not score) counts as the lowest. */
const median = (values) =>
  [...values].sort((a, b) => (a ?? -1) - (b ?? -1))[Math.floor(values.length / 2)] ?? null;

/**
 * The audits that cost a category points: those with a score under 1 (under 0.9 for performance,
 * where most metrics score a little under 1) that count (not informative, manual or not applicable).
 */
export function failingAudits(lhr, category) {
  const limit = category === 'performance' ? 0.9 : 1;
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < limit)
    .filter(({ ref, audit }) => ref.weight > 0 || audit.scoreDisplayMode === 'metricSavings')
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue,
    }));
}

/** 0–100 per category, as the report shows them; null when Lighthouse could not score one. */
const scoresOf = (lhr) =>
  Object.fromEntries(
    CATEGORY_IDS.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  );

/** What limits performance: the metrics, and the LCP element as Lighthouse saw it. */
function performanceNotes(lhr) {
  const value = (id) => lhr.audits[id]?.displayValue ?? '—';
  const lcpItem = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
  const lcpNode = lcpItem?.items?.[0]?.node ?? lcpItem?.node;
  return {
    metrics: `FCP ${value('first-contentful-paint')}, LCP ${value('largest-contentful-paint')}, TBT ${value('total-blocking-time')}, CLS ${value('cumulative-layout-shift')}, SI ${value('speed-index')}`,
    lcpElement: lcpNode
      ? `${lcpNode.nodeLabel ?? ''} (${lcpNode.selector ?? lcpNode.snippet ?? '?'})`
      : undefined,
    unusedJs: value('unused-javascript'),
  };
}

/**
 * Installability as Chromium decides it for `url` (the app's manifest, icons, service worker): the
 * page opened in the same browser, then Page.getInstallabilityErrors, asked again for a few seconds
 * while there are errors (a service worker still starting). The same load, on Lighthouse's mobile
 * screen, also names the LCP element: Lighthouse 12.2's own audit of it fails on Chromium 156
 * ("RootCauses … frame_sequence").
 */
async function installability(browser, url, cookie) {
  const context = browser.contexts()[0];
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      mobile: true,
    });
    if (cookie) await page.setExtraHTTPHeaders({ cookie });
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const el = entry.element;
          const text = (el?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
          const id = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}` : '(gone)';
          window.__lcpElement = `${id} "${text}" at ${Math.round(entry.startTime)} ms (unthrottled)`;
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle').catch(() => {});
    const lcpElement = await page.evaluate(() => window.__lcpElement).catch(() => undefined);
    let errors = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      ({ installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors'));
      if (!errors.length) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const { url: manifestUrl } = await cdp.send('Page.getAppManifest').catch(() => ({ url: '' }));
    return {
      installable: errors.length === 0,
      errors: errors.map((e) =>
        e.errorArguments?.length
          ? `${e.errorId} (${e.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ')})`
          : e.errorId,
      ),
      manifestUrl: manifestUrl || undefined,
      lcpElement,
    };
  } finally {
    await page.close();
  }
}

/** Lighthouse runs that fail to record (NO_NAVSTART on a loaded machine) are run again this often. */
const ATTEMPTS = 3;

/**
 * Each page starts signed out: the app may have set a cookie on an earlier run. Playwright is
 * connected only for that and let go before Lighthouse loads the page: while connected it hooks
 * every page it sees (bindings, an isolated world, console reports), which showed as main-thread
 * time in the journal's runs (decision 0380).
 */
async function clearCookies(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0].clearCookies();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run of `page` (signed out unless it has a cookie); a failed recording is retried. */
async function auditPage(lighthouse, port, page, say) {
  for (let attempt = 1; ; attempt++) {
    await clearCookies(port);
    const result = await lighthouse(
      page.url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORY_IDS,
        ...(page.cookie ? { extraHeaders: { cookie: page.cookie } } : {}),
      },
      undefined,
    );
    if (!result) throw new Error(`${page.name}: Lighthouse returned nothing`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    const message = `${page.name}: Lighthouse: ${error.code} ${error.message}`;
    if (attempt >= ATTEMPTS) throw new Error(message);
    say(`${message} — running it again`);
  }
}

/**
 * The Lighthouse rows: each page `rounds` times (in turn, so a busy moment of the machine falls on
 * several pages rather than on all runs of one), the median score per category, and installability.
 * `pages`: [{ name, url, cookie? }]. Each run's report is written to REPORT_DIR/<name>-<n>.json.
 */
export async function lighthouseRows({ pages, rounds, say }) {
  mkdirSync(REPORT_DIR, { recursive: true });
  const { chromeLauncher, lighthouse } = await benchTools();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox'],
    handleSIGINT: false,
    logLevel: 'silent',
  });
  let cdpBrowser;
  try {
    const runs = Object.fromEntries(pages.map((p) => [p.name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const page of pages) {
        say(`${page.name} (${round + 1}/${rounds})`);
        const result = await auditPage(lighthouse, chrome.port, page, say);
        const { lhr } = result;
        const report = path.join(REPORT_DIR, `${page.name}-${round + 1}.json`);
        writeFileSync(report, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
        runs[page.name].push({ lhr, report, scores: scoresOf(lhr) });
      }
    }
    const rows = [];
    cdpBrowser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    for (const page of pages) {
      await cdpBrowser.contexts()[0].clearCookies();
      const install = await installability(cdpBrowser, page.url, page.cookie);
      const list = runs[page.name];
      const scores = Object.fromEntries(
        CATEGORY_IDS.map((id) => [id, median(list.map((run) => run.scores[id]))]),
      );
      const performances = list.map((run) => run.scores.performance ?? 0);
      const mid = scores.performance ?? 0;
      // The run whose performance is the median one: its audits are the ones printed.
      const typical = list.find((run) => run.scores.performance === scores.performance) ?? list[0];
      rows.push({
        name: page.name,
        metric: 'lighthouse',
        app: {
          median: { ...scores, installable: install.installable },
          spread: mid ? (Math.max(...performances) - Math.min(...performances)) / mid : 0,
        },
        reference: undefined,
        lighthouse: {
          url: page.url,
          runs: list.map((run) => run.scores),
          reports: list.map((run) => path.relative(root, run.report)),
          benchmarkIndex: median(list.map((run) => run.lhr.environment?.benchmarkIndex ?? null)),
          userAgent: typical.lhr.environment?.hostUserAgent,
          performance: performanceNotes(typical.lhr),
          failing: Object.fromEntries(CATEGORY_IDS.map((id) => [id, failingAudits(typical.lhr, id)])),
          installability: install,
        },
      });
    }
    return rows;
  } finally {
    await cdpBrowser?.close().catch(() => {});
    chrome.kill();
  }
}

/**
 * The lines printed under the table for each Lighthouse row: its runs, what limits performance,
 * installability, and — for each category under its budget — the audits that cost it points, so
 * people know what to fix.
 */
export function lighthouseDetails(judged, budgets) {
  const lines = [];
  for (const row of judged) {
    if (row.metric !== 'lighthouse' || !row.lighthouse) continue;
    const info = row.lighthouse;
    const budget = budgets[row.name] ?? {};
    lines.push(`${row.name}: ${info.url}`);
    lines.push(
      `  runs: ${info.runs.map((s) => CATEGORY_IDS.map((id) => s[id] ?? '—').join('/')).join(', ')} (P/A/BP/SEO); Lighthouse benchmarkIndex ${info.benchmarkIndex ?? '?'}`,
    );
    lines.push(`  performance: ${info.performance.metrics}; unused JS ${info.performance.unusedJs}`);
    lines.push(
      `  LCP element: ${info.performance.lcpElement ?? info.installability.lcpElement ?? '—'}${info.performance.lcpElement ? '' : ' (seen by the installability load; Lighthouse could not name it)'}`,
    );
    const install = info.installability;
    lines.push(
      `  installable: ${install.installable ? 'yes' : `no — ${install.errors.join('; ')}`}${install.manifestUrl ? ` (manifest ${install.manifestUrl})` : ' (no manifest)'}`,
    );
    for (const id of CATEGORY_IDS) {
      const score = row.app.median[id];
      const min = budget.min?.[id];
      const under = min !== undefined ? !(score >= min) : score !== null && score < 100;
      if (!under || !info.failing[id].length) continue;
      lines.push(`  ${id} ${score ?? '—'}${min !== undefined ? ` (budget ${min})` : ''}, audits to fix:`);
      for (const audit of info.failing[id]) {
        const value = audit.displayValue ? ` — ${audit.displayValue}` : '';
        lines.push(`    - ${audit.id}: ${audit.title} (score ${audit.score})${value}`);
      }
    }
    lines.push(`  reports: ${info.reports.join(', ')}`);
  }
  return lines.join('\n');
}
