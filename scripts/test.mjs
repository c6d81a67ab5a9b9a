#!/usr/bin/env node
// `npm test`: the one command that says whether the project is green. Steps run in order and the
// first failure stops the run with a non-zero exit:
//   1. biome check .            lint + format
//   2. tsc --noEmit             typecheck
//   3. vitest run               unit, API (PGlite) and client tests, all projects
//   4. npm run build + playwright test   browser stories (skipped with a loud notice when Chromium is
//      missing, unless CI=true, where a missing Chromium is a failure)
// The last line is `N passed, N failed`: test counts from vitest and Playwright; a step without
// tests of its own (lint, typecheck, build) that fails counts as one failure.
import { existsSync } from 'node:fs';
import { runE2e } from './e2e.mjs';
import {
  banner,
  chromiumPath,
  isCi,
  missingChromiumNotice,
  removeReport,
  run,
  VITEST_REPORT,
  vitestCounts,
} from './steps.mjs';

const totals = { passed: 0, failed: 0 };
const notes = [];

let e2eSkipped = false;

function finish(code) {
  const skipped = 'npm test: green, but the browser stories were SKIPPED (no Chromium)';
  banner(code !== 0 ? 'npm test: FAILED' : e2eSkipped ? skipped : 'npm test: all green');
  for (const note of notes) console.log(`  ${note}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

async function checkStep(title, command, args) {
  banner(title);
  const code = await run(command, args);
  if (code !== 0) {
    totals.failed += 1;
    notes.push(`${title}: FAILED (exit ${code})`);
    finish(code);
  }
  notes.push(`${title}: ok`);
}

await checkStep('1/4 lint: biome check .', 'biome', ['check', '.']);
await checkStep('2/4 typecheck: tsc --noEmit -p tsconfig.json', 'tsc', ['--noEmit', '-p', 'tsconfig.json']);

banner('3/4 unit, API and client tests: vitest run');
removeReport(VITEST_REPORT);
const vitestCode = await run('vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_REPORT}`,
]);
const vitest = vitestCounts();
if (vitest) {
  totals.passed += vitest.passed;
  totals.failed += vitest.failed;
}
if (vitestCode !== 0) {
  if (!vitest || vitest.failed === 0) totals.failed += 1;
  notes.push(
    `vitest: FAILED (exit ${vitestCode})${vitest ? ` ${vitest.passed} passed, ${vitest.failed} failed` : ''}`,
  );
  finish(vitestCode);
}
notes.push(`vitest: ${vitest ? `${vitest.passed} passed` : 'ok'}`);

banner('4/4 browser stories: npm run build + playwright test');
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
const e2e = await runE2e();
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
