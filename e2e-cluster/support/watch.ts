import type { Page } from '@playwright/test';

/** What one page saw: each answer with the instance that sent it, failures, and error toasts. */
export interface Watched {
  responses: {
    method: string;
    path: string;
    status: number;
    instance: string | undefined;
    /** Answered from the browser's cache: its headers are those of an earlier answer. */
    fromCache: boolean;
    /** When the browser sent the request (ms since the epoch). */
    sentAt: number;
    at: number;
  }[];
  /** Requests that got no answer at all (the page would have to handle a network error). */
  failed: { method: string; path: string; error: string; at: number }[];
  /** The text of every destructive (error) toast shown so far. */
  errorToasts(): Promise<string[]>;
  /** The instance that holds the page's newest event stream, if it has one. */
  eventStreamInstance(): string | undefined;
}

/**
 * Records, from now on, what a user of `page` could notice: answers (with X-Instance, decision 0106),
 * requests that failed, and error toasts (the app's destructive variant), kept by an init script in
 * the page so a toast that has gone by is still counted.
 */
export async function watch(page: Page): Promise<Watched> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __errorToasts: string[] }).__errorToasts = seen;
    new MutationObserver((mutations) => {
      for (const m of mutations)
        for (const node of m.addedNodes)
          if (node instanceof HTMLElement && node.matches('.destructive, .destructive *'))
            seen.push(node.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  const watched: Watched = {
    responses: [],
    failed: [],
    errorToasts: () =>
      page.evaluate(() => (window as unknown as { __errorToasts?: string[] }).__errorToasts ?? []),
    eventStreamInstance: () => watched.responses.findLast((r) => r.path === '/api/events')?.instance,
  };
  page.on('response', async (res) => {
    const url = new URL(res.url());
    const at = Date.now();
    // No server address: the browser's cache answered.
    const fromCache = (await res.serverAddr().catch(() => null)) === null;
    watched.responses.push({
      method: res.request().method(),
      path: url.pathname,
      status: res.status(),
      instance: res.headers()['x-instance'],
      fromCache,
      sentAt: res.request().timing().startTime,
      at,
    });
  });
  page.on('requestfailed', (req) => {
    watched.failed.push({
      method: req.method(),
      path: new URL(req.url()).pathname,
      error: req.failure()?.errorText ?? 'failed',
      at: Date.now(),
    });
  });
  return watched;
}
