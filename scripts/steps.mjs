// Small helpers shared by scripts/test.mjs and scripts/e2e.mjs: banners, running a command with
// inherited output, finding Chromium, and reading the test counts the reporters leave behind.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const VITEST_REPORT = path.join(ROOT, 'test-results', 'vitest-report.json');
/** The 'slow' Vitest project's report: npm test runs it after the other projects, before the stories. */
export const VITEST_SLOW_REPORT = path.join(ROOT, 'test-results', 'vitest-slow-report.json');
export const E2E_REPORT = path.join(ROOT, 'test-results', 'e2e-report.json');

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

export function banner(title) {
  const line = '═'.repeat(Math.max(60, title.length + 8));
  console.log(`\n${line}\n▶  ${title}\n${line}`);
}

/** Runs a command from the repository root with inherited output; resolves to its exit code. */
export function run(command, args, env = {}) {
  const file = existsSync(bin(command)) ? bin(command) : command;
  console.log(`$ ${[command, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/**
 * Runs a command from the repository root with its output held back, for steps that run side by
 * side; resolves to { code, output, seconds }. The caller prints the output when the step ends.
 */
export function runCaptured(command, args, env = {}) {
  const file = existsSync(bin(command)) ? bin(command) : command;
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks = [`$ ${[command, ...args].join(' ')}\n`];
    const child = spawn(file, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env },
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk.toString()));
    child.stderr.on('data', (chunk) => chunks.push(chunk.toString()));
    const done = (code) => resolve({ code, output: chunks.join(''), seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => {
      chunks.push(`Could not start ${command}: ${error.message}\n`);
      done(127);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

/** Seconds as `2 min 05 s` or `41 s`. */
export function duration(seconds) {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}

/**
 * Debian's headless shell of the same Chromium build (package chromium-headless-shell), the browser
 * Playwright itself runs headless: the stories took 11 % less time in it than in the full browser's
 * new headless mode (decision 0760).
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The Chromium the browser stories use: CHROMIUM_PATH, else the headless shell, else /usr/bin/chromium. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}

export function isCi() {
  return process.env.CI === 'true' || process.env.CI === '1';
}

export function missingChromiumNotice(where) {
  const bar = '!'.repeat(72);
  return [
    '',
    bar,
    `!!  CHROMIUM NOT FOUND at ${where}`,
    '!!  The browser stories (Playwright, e2e/*.spec.ts) need a Chromium binary.',
    '!!  Install it:   sudo apt-get install -y chromium     (gives /usr/bin/chromium)',
    '!!  (and chromium-headless-shell, which the stories prefer: decision 0760)',
    '!!  or point to one:   CHROMIUM_PATH=/path/to/chromium npm test',
    '!!  (`npx playwright install` cannot download browsers on this machine.)',
    bar,
    '',
  ].join('\n');
}

export function removeReport(file) {
  rmSync(file, { force: true });
}

/** { passed, failed } from a vitest JSON report (the main run's by default), or undefined when there is none. */
export function vitestCounts(file = VITEST_REPORT) {
  if (!existsSync(file)) return undefined;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    // A file that fails to load (syntax error, failing beforeAll) has no failed test but is a failure.
    const brokenFiles = (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
    ).length;
    return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + brokenFiles };
  } catch {
    return undefined;
  }
}

/** { passed, failed } from a Playwright JSON report (the stories' by default), or undefined when there is none. */
export function playwrightCounts(report = E2E_REPORT) {
  if (!existsSync(report)) return undefined;
  try {
    const { stats, errors } = JSON.parse(readFileSync(report, 'utf8'));
    return {
      passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
      // Errors outside tests (global setup, a spec file that does not load) count as one failure each.
      failed: (stats?.unexpected ?? 0) + (errors?.length ?? 0),
    };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (user + system) used so far by this process's children that have ended, with their
 * own ended children (Linux: cutime + cstime of /proc/self/stat); undefined where there is no /proc.
 * On a shared machine the wall time of a step says as much about the neighbours as about the step;
 * its CPU time hardly moves with load, so it is what a before/after comparison reads (decision 0435).
 */
export function childCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after "(comm) ": state is field 3, cutime field 16, cstime field 17 (man 5 proc).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/**
 * The whole machine's CPU ticks so far, busy (user, nice, system, irq, softirq, steal) and in all,
 * from the first line of /proc/stat (`readStat` gives its text); undefined where there is none.
 * childCpuSeconds misses what Chromium's renderers use: the zygote that forks them is not waited
 * for by the browser Playwright ends, so their time never reaches our rusage. A stage of 16 min 48 s
 * read 1,125 s of CPU there while 90 % of both cores were busy in a sample of its stories alone
 * (decision 0954).
 */
export function machineCpuTicks(readStat = () => readFileSync('/proc/stat', 'utf8')) {
  try {
    const line = readStat().split('\n', 1)[0];
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return undefined;
  }
}

/** The slowest `count` test files of a vitest JSON report, as `seconds  path` lines (none without a report). */
export function slowestVitestFiles(file, count = 10) {
  if (!existsSync(file)) return [];
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return (report.testResults ?? [])
      .map((r) => ({
        seconds: ((r.endTime ?? 0) - (r.startTime ?? 0)) / 1000,
        name: path.relative(ROOT, r.name),
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, count)
      .map((r) => `${r.seconds.toFixed(1).padStart(6)} s  ${r.name}`);
  } catch {
    return [];
  }
}

/**
 * The accounts e2e/support/page-problems.ts attached to failed stories ('page-problems'): what
 * their browsers went through and showed. CI prints output only, so this is what it can tell.
 */
export function failedStoryAccounts(report = E2E_REPORT) {
  if (!existsSync(report)) return [];
  try {
    const accounts = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const result of spec.tests.flatMap((t) => t.results ?? [])) {
          for (const a of result.attachments ?? []) {
            if (a.name === 'page-problems' && a.body) accounts.push(Buffer.from(a.body, 'base64').toString());
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites ?? []) walk(suite);
    return accounts;
  } catch {
    return [];
  }
}

/** The slowest `count` stories of a Playwright JSON report, as `seconds  file › title` lines. */
export function slowestStories(report = E2E_REPORT, count = 10) {
  if (!existsSync(report)) return [];
  try {
    const stories = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        const seconds = spec.tests
          .flatMap((t) => t.results ?? [])
          .reduce((sum, r) => sum + (r.duration ?? 0) / 1000, 0);
        stories.push({ seconds, name: `${spec.file} › ${spec.title}` });
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites ?? []) walk(suite);
    return stories
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, count)
      .map((s) => `${s.seconds.toFixed(1).padStart(6)} s  ${s.name}`);
  } catch {
    return [];
  }
}
