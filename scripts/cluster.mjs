#!/usr/bin/env node
// `npm run test:cluster`: builds the app, then runs the cluster story (e2e-cluster/, its own
// Playwright config) against PostgreSQL, the S3-protocol server, two instances and nginx, all started
// by the story's fixture (e2e-cluster/support/cluster.ts; docs/deploy.md). Not part of `npm test`.
// Extra arguments go to `playwright test`. CLUSTER_SKIP_BUILD=1 tests the dist/ already built.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  banner,
  chromiumPath,
  missingChromiumNotice,
  playwrightCounts,
  ROOT,
  removeReport,
  run,
} from './steps.mjs';

const REPORT = path.join(ROOT, 'test-results', 'cluster-report.json');
const OUTPUT = path.join(ROOT, 'test-results', 'cluster');

function finish(code, counts) {
  const passed = counts?.passed ?? 0;
  // A failed step without tests of its own (the build, no Chromium) counts as one failure.
  const failed = Math.max(counts?.failed ?? 0, code === 0 ? 0 : 1);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(code);
}

/** On failure, the end of every log the cluster left (instances, nginx), as CI shows only output. */
function printLogs() {
  if (!existsSync(OUTPUT)) return;
  for (const name of readdirSync(OUTPUT).filter((f) => f.endsWith('.log'))) {
    const lines = readFileSync(path.join(OUTPUT, name), 'utf8').trimEnd().split('\n');
    banner(`test:cluster: last lines of test-results/cluster/${name}`);
    console.log(lines.slice(-40).join('\n'));
  }
}

if (!existsSync(chromiumPath())) {
  console.log(missingChromiumNotice(chromiumPath()));
  finish(1);
}

// CLUSTER_SKIP_BUILD=1: the dist/ already there is the one to test (reruns while debugging).
if (process.env.CLUSTER_SKIP_BUILD !== '1') {
  banner('test:cluster: npm run build');
  const built = await run('npm', ['run', 'build']);
  if (built !== 0) finish(built);
}

banner('test:cluster: playwright test -c playwright.cluster.config.ts');
removeReport(REPORT);
const code = await run(
  'playwright',
  ['test', '-c', 'playwright.cluster.config.ts', ...process.argv.slice(2)],
  { CHROMIUM_PATH: chromiumPath() },
);
if (code !== 0) printLogs();
finish(code, playwrightCounts(REPORT));
