#!/usr/bin/env node
// `npm run test:e2e`: builds the app once, then runs the Playwright stories against the build.
// Extra arguments go to `playwright test`, e.g. `npm run test:e2e -- --grep "404"`.
// The Playwright global setup (e2e/global-setup.ts) starts the local OIDC issuer and the server.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  banner,
  chromiumPath,
  E2E_REPORT,
  failedStoryAccounts,
  missingChromiumNotice,
  playwrightCounts,
  removeReport,
  run,
} from './steps.mjs';

/**
 * Build (unless `build: false`: the caller just built), then `playwright test`; resolves to
 * { code, counts } where counts are the stories' results.
 */
export async function runE2e(playwrightArgs = [], { build = true } = {}) {
  if (build) {
    banner('e2e: npm run build');
    const built = await run('npm', ['run', 'build']);
    if (built !== 0) return { code: built, counts: undefined, failedStep: 'npm run build' };
  }

  banner('e2e: playwright test');
  removeReport(E2E_REPORT);
  // The build is fresh: tell the global setup not to build again.
  // The browser found here (the headless shell when installed) is the one playwright.config.ts launches.
  const code = await run('playwright', ['test', ...playwrightArgs], {
    JOURNAL_E2E_SKIP_BUILD: '1',
    CHROMIUM_PATH: chromiumPath(),
  });
  return { code, counts: playwrightCounts(), failedStep: code === 0 ? undefined : 'playwright test' };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync(chromiumPath())) {
    console.log(missingChromiumNotice(chromiumPath()));
    process.exit(1);
  }
  const args = process.argv.slice(2);
  // Stories picked by file or --grep run without the whole suite that `chromium-alone` waits for
  // (playwright.config.ts); a run of everything keeps the order.
  const picked = args.some((a) => a.endsWith('.spec.ts') || a.startsWith('--grep') || a === '-g');
  const { code, counts } = await runE2e(
    picked && !args.includes('--no-deps') ? [...args, '--no-deps'] : args,
  );
  for (const account of failedStoryAccounts()) console.log(`\n${account}`);
  if (counts) console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
  process.exit(code);
}
