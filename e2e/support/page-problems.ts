import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';

/**
 * What a story's browsers went through, kept so that a failed story says more than "waited for a
 * button": page errors, console errors, failed and refused requests, navigations, crashes, and at
 * the end what each page showed (its accessibility tree). CI keeps only the printed output, not
 * the screenshots or traces, so this is the one account of a failure that happened there only.
 */

/** Lines of one story, oldest first (a worker runs one story at a time). */
let events: string[] = [];
let pages: { page: Page; label: string }[] = [];
let startedAt = Date.now();

// Printed at the end of a CI run, whose shown tail is short: the latest events, the top of each page.
const MAX_EVENTS = 30;
const HEAD_LINES = 20;
const TAIL_LINES = 12;

const since = () => `${((Date.now() - startedAt) / 1000).toFixed(1)}s`;
const pathOf = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
};

function note(line: string) {
  events.push(`${since()} ${line}`);
  if (events.length > MAX_EVENTS * 2) events = events.slice(-MAX_EVENTS);
}

export function watchPage(page: Page, label: string): void {
  pages.push({ page, label });
  page.on('pageerror', (error) => note(`${label} page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(`${label} console error: ${message.text().slice(0, 300)}`);
  });
  page.on('crash', () => note(`${label} CRASHED`));
  page.on('requestfailed', (request) =>
    note(`${label} failed ${request.method()} ${pathOf(request.url())}: ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      note(`${label} ${response.status()} ${response.request().method()} ${pathOf(response.url())}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`${label} at ${pathOf(frame.url())}`);
  });
}

function watchContext(context: BrowserContext, label: string) {
  for (const [n, page] of context.pages().entries()) watchPage(page, `${label}#${n + 1}`);
  context.on('page', (page) => watchPage(page, `${label}#${context.pages().length}`));
}

/**
 * Starts a story's account: its own page, and every context the story opens on `browser` (a second
 * person's browser, a phone). Returns the function that puts things back once the story is over.
 */
export function startWatching(browser: Browser, page: Page): () => void {
  events = [];
  pages = [];
  startedAt = Date.now();
  watchPage(page, 'page');
  const newContext = browser.newContext;
  let opened = 0;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext.apply(browser, args);
    opened += 1;
    watchContext(context, `browser${opened + 1}`);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/** The account of a failed story: what happened, then what each open page showed at the end. */
export async function describeFailure(testInfo: TestInfo): Promise<string> {
  const parts = [`What the browsers went through (${testInfo.title}):`, ...events.slice(-MAX_EVENTS)];
  for (const { page, label } of pages) {
    if (page.isClosed()) continue;
    const snapshot = await page
      .locator('body')
      .ariaSnapshot({ timeout: 3_000 })
      .catch((error: unknown) => `(no snapshot: ${String(error).split('\n')[0]})`);
    // The top (the shell or whatever replaced it) and the end, where dialogs, toasts and alerts go.
    const lines = snapshot.split('\n');
    const shown =
      lines.length <= HEAD_LINES + TAIL_LINES
        ? lines
        : [
            ...lines.slice(0, HEAD_LINES),
            `  … ${lines.length - HEAD_LINES - TAIL_LINES} lines …`,
            ...lines.slice(-TAIL_LINES),
          ];
    parts.push(`${label} at ${pathOf(page.url())} showed:`, ...shown);
  }
  return parts.join('\n');
}
