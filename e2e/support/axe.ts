import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { settleAnimations } from './settle-animations';

// Issue 13, Accessibility: axe-core runs on every screen and dialog the stories visit, and a story
// fails on any critical or serious violation (decision 0180).

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** One line per check (label, viewport, findings), so a run can be summed up afterwards. */
export const A11Y_LOG = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'a11y-checks.jsonl');

/** The impacts that fail a story; moderate and minor ones are logged, not failed. */
const FAILING_IMPACTS = new Set(['critical', 'serious']);

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Runs axe on what the page shows now. axe is handed over through `page.evaluate` (the DevTools
 * protocol), which the app's Content-Security-Policy does not govern, so no `bypassCSP` is needed.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Once per document: a page the app moved on within (no reload) still has it, and compiling
  // axe's half a megabyte again cost every check tens of milliseconds of a busy CPU.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a page global injected just above
    const axe = (window as any).axe;
    const results = await axe.run(document, {
      resultTypes: ['violations'],
      // Experimental in axe 4 and so off by default, but it is the "accessible name does not
      // contain the visible text" rule (WCAG 2.5.3) the issue names: switched on.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return results.violations.map((v: AxeViolation) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

function describe(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n\s*/g, ' / ')}`)
        .join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help}\n${nodes}`;
    })
    .join('\n');
}

/**
 * Fails (with the rule, the elements and axe's summary for each) when the page as it is now has any
 * critical or serious axe violation. `label` names the screen state in the message and the log.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  await settleAnimations(page);
  const started = Date.now();
  let violations = await runAxe(page);
  // Something that appeared while axe looked (a toast arriving by the event stream) is read
  // mid-fade, at a fraction of its contrast: once it has settled, the page is looked at again. A
  // real violation is there both times.
  if (violations.some((v) => FAILING_IMPACTS.has(v.impact ?? ''))) {
    await settleAnimations(page);
    violations = await runAxe(page);
  }
  const ms = Date.now() - started;
  const failing = violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  const size = page.viewportSize();
  try {
    mkdirSync(path.dirname(A11Y_LOG), { recursive: true });
    appendFileSync(
      A11Y_LOG,
      `${JSON.stringify({
        label,
        url: new URL(page.url()).pathname,
        viewport: size ? `${size.width}x${size.height}` : 'unknown',
        ms,
        failing: failing.map((v) => ({
          id: v.id,
          impact: v.impact,
          targets: v.nodes.map((n) => n.target.join(' ')),
        })),
        other: violations
          .filter((v) => !FAILING_IMPACTS.has(v.impact ?? ''))
          .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })),
      })}\n`,
    );
  } catch {
    // The log is a convenience for counting; a read-only tree must not fail the story.
  }
  expect(
    failing.length,
    `${failing.length} serious/critical axe violation(s) on "${label}" (${page.url()}):\n${describe(failing)}`,
  ).toBe(0);
}
