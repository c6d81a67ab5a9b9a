#!/usr/bin/env node
// `npm test`: the one command that says whether the project is green. Three stages; a stage
// starts only when the one before it passed, and the run exits non-zero on the first failing stage:
//   1. side by side: biome check . (lint + format), npm run depcruise (the architecture's rules,
//      decision 0465), npm run licences (decision 0810), npm run decisions (the decision records'
//      index, decision 0865), tsc --noEmit (typecheck), npm run build
//      (client + server, once: the browser stories and the first-route size test both use it)
//   2. vitest run, projects 'server' and 'client' (unit, API on PGlite, React components), then
//      vitest run --project slow (real server processes, memory under big uploads), each alone on
//      the machine (decision 0958)
//   3. playwright test (browser stories, against stage 1's build). The stories are skipped with a
//      loud notice when Chromium is missing, unless CI=true, where that is a failure.
// Steps that run side by side print their output when they end. The last lines are each step's
// time and `N passed, N failed`: test counts from vitest and Playwright; a step without tests of
// its own (lint, typecheck, build) that fails counts as one failure. Decision 0155. Above them: each
// step's CPU time and the load as it ended, and the slowest test files and stories (decision 0435).
import { existsSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { runE2e } from './e2e.mjs';
import {
  banner,
  childCpuSeconds,
  chromiumPath,
  duration,
  failedStoryAccounts,
  isCi,
  machineCpuTicks,
  missingChromiumNotice,
  ROOT,
  removeReport,
  run,
  runCaptured,
  slowestStories,
  slowestVitestFiles,
  VITEST_REPORT,
  VITEST_SLOW_REPORT,
  vitestCounts,
} from './steps.mjs';

/** FIRST_ROUTE_FILE_ENV of scripts/vite-precompress.ts (plain node cannot import the .ts). */
const FIRST_ROUTE_FILE_ENV = 'JOURNAL_FIRST_ROUTE_FILE';
const started = Date.now();
const totals = { passed: 0, failed: 0 };
const notes = [];
const timings = [];
/**
 * Each step's CPU time (user + system of its processes), the 1-minute load when it ended, and how
 * busy the whole machine was meanwhile (the one figure that counts Chromium's renderers too).
 */
const cpuTimes = [];
let cpuMark = childCpuSeconds();
let machineMark = machineCpuTicks();
let e2eSkipped = false;
/** Steps that ran in this run: only their reports are read for the slowest lists (no stale ones). */
const ran = new Set();

/** Records the CPU time the children used since the last mark, under `name` (decision 0435). */
function markCpu(name) {
  const now = childCpuSeconds();
  const machine = machineCpuTicks();
  if (now === undefined || cpuMark === undefined) return;
  const busy =
    machine && machineMark && machine.total > machineMark.total
      ? `, machine ${Math.round((100 * (machine.busy - machineMark.busy)) / (machine.total - machineMark.total))} % busy`
      : '';
  cpuTimes.push(`${name} ${duration(now - cpuMark)} (load ${loadavg()[0].toFixed(1)}${busy})`);
  cpuMark = now;
  machineMark = machine;
}

function finish(code) {
  const skipped = 'npm test: green, but the browser stories were SKIPPED (no Chromium)';
  const slowest = [
    ['slowest test files (server, client)', ran.has('vitest') ? slowestVitestFiles(VITEST_REPORT) : []],
    ['slowest test files (slow)', ran.has('slow') ? slowestVitestFiles(VITEST_SLOW_REPORT, 5) : []],
    ['slowest browser stories', ran.has('e2e') ? slowestStories() : []],
  ];
  for (const [title, lines] of slowest) {
    if (lines.length > 0) console.log(`\n${title}:\n${lines.map((l) => `  ${l}`).join('\n')}`);
  }
  const accounts = ran.has('e2e') ? failedStoryAccounts() : [];
  if (accounts.length > 0)
    console.log(`\nfailed browser stories, as their browsers saw them:\n${accounts.join('\n\n')}`);
  banner(code !== 0 ? 'npm test: FAILED' : e2eSkipped ? skipped : 'npm test: all green');
  for (const note of notes) console.log(`  ${note}`);
  if (cpuTimes.length > 0) console.log(`  cpu: ${cpuTimes.join(' · ')}`);
  console.log(`  time: ${timings.join(' · ')} · total ${duration((Date.now() - started) / 1000)}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

/** Prints a side-by-side step's held-back output under its banner; records its result. */
function report(title, result) {
  banner(`${title} (${duration(result.seconds)})`);
  process.stdout.write(result.output);
  timings.push(`${title.split(':')[0]} ${duration(result.seconds)}`);
  if (result.code !== 0) {
    totals.failed += 1;
    notes.push(`${title}: FAILED (exit ${result.code})`);
  } else {
    notes.push(`${title}: ok`);
  }
  return result.code === 0;
}

/** Adds a vitest report's counts to the totals; false when the run failed. */
function countVitest(name, code, file) {
  const counts = vitestCounts(file);
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
  }
  if (code !== 0) {
    if (!counts || counts.failed === 0) totals.failed += 1;
    notes.push(
      `${name}: FAILED (exit ${code})${counts ? ` ${counts.passed} passed, ${counts.failed} failed` : ''}`,
    );
    return false;
  }
  notes.push(`${name}: ${counts ? `${counts.passed} passed` : 'ok'}`);
  return true;
}

const vitestArgs = (file, projects) => [
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];

// 1. Lint, typecheck and build side by side. The build leaves the client's first-route sizes for
// src/test/first-route-size.test.ts, so stage 2 does not build the client again (decision 0154).
banner('1/3 lint, architecture, licences, decision records, typecheck and build, side by side');
const firstRouteFile = path.join(ROOT, 'test-results', 'first-route.json');
rmSync(firstRouteFile, { force: true });
const stage1 = await Promise.all([
  runCaptured('biome', ['check', '.']),
  runCaptured('npm', ['run', '--silent', 'depcruise']),
  runCaptured('npm', ['run', '--silent', 'licences']),
  runCaptured('npm', ['run', '--silent', 'decisions']),
  runCaptured('tsc', ['--noEmit', '-p', 'tsconfig.json']),
  runCaptured('npm', ['run', 'build'], { [FIRST_ROUTE_FILE_ENV]: firstRouteFile }),
]);
const stage1Ok = [
  report('lint: biome check .', stage1[0]),
  report('architecture: npm run depcruise', stage1[1]),
  report('licences: npm run licences', stage1[2]),
  report('decision records: npm run decisions', stage1[3]),
  report('typecheck: tsc --noEmit -p tsconfig.json', stage1[4]),
  report('build: npm run build', stage1[5]),
].every(Boolean);
markCpu('lint+typecheck+build');
if (!stage1Ok) finish(1);

// 2. Unit, API and client tests, then the slow process-level tests.
banner(
  '2/3 unit, API and client tests (vitest --project server --project client --project client-isolated) and slow tests (--project slow)',
);
removeReport(VITEST_REPORT);
removeReport(VITEST_SLOW_REPORT);
const vitestStarted = Date.now();
const vitestCode = await run('vitest', vitestArgs(VITEST_REPORT, ['server', 'client', 'client-isolated']), {
  [FIRST_ROUTE_FILE_ENV]: existsSync(firstRouteFile) ? firstRouteFile : '',
});
timings.push(`vitest ${duration((Date.now() - vitestStarted) / 1000)}`);
markCpu('vitest');
ran.add('vitest');
const vitestOk = countVitest('vitest (server, client)', vitestCode, VITEST_REPORT);
if (!vitestOk) finish(vitestCode);
// The slow tests after vitest and before the browser stories, each alone on the machine. Beside
// vitest they made client tests time out (3 min 57 s, against 2 min 08 s + 1 min 10 s in a row).
// Beside the stories (decision 0936) they cost more than in a row: both fill the two cores
// (decision 0954), and a story slowed by the competition keeps its pages drawing and its waits
// polling for longer. Side by side the stage took about 1,790 s of the machine's CPU; in a row,
// 1,580 s and 1,670 s in two runs (decision 0958).
const slowStarted = Date.now();
const slowCode = await run('vitest', vitestArgs(VITEST_SLOW_REPORT, ['slow']));
timings.push(`slow ${duration((Date.now() - slowStarted) / 1000)}`);
markCpu('slow');
ran.add('slow');
if (!countVitest('vitest (slow)', slowCode, VITEST_SLOW_REPORT)) finish(slowCode || 1);

// 3. The browser stories.
banner('3/3 browser stories: playwright test');
if (!existsSync(chromiumPath())) {
  console.log(missingChromiumNotice(chromiumPath()));
  if (isCi()) {
    totals.failed += 1;
    notes.push(`e2e: FAILED (CI=true and no Chromium at ${chromiumPath()})`);
    finish(1);
  }
  e2eSkipped = true;
  notes.push(`e2e: SKIPPED (no Chromium at ${chromiumPath()}; set CHROMIUM_PATH or install chromium)`);
  finish(0);
}
const e2eStarted = Date.now();
const e2e = await runE2e([], { build: false });
timings.push(`e2e ${duration((Date.now() - e2eStarted) / 1000)}`);
markCpu('e2e');
ran.add('e2e');
if (e2e.counts) {
  totals.passed += e2e.counts.passed;
  totals.failed += e2e.counts.failed;
}
if (e2e.code !== 0) {
  if (!e2e.counts || e2e.counts.failed === 0) totals.failed += 1;
  notes.push(`e2e: FAILED in ${e2e.failedStep} (exit ${e2e.code})`);
  finish(e2e.code);
}
notes.push(`e2e: ${e2e.counts ? `${e2e.counts.passed} passed` : 'ok'}`);
finish(0);
