// Largest Contentful Paint of the production build in Chromium (issue 11 item 4): each load in a new
// browser context (no cache, no service worker, cookies only as given), read from a
// PerformanceObserver registered before the page's own scripts run.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The system Chromium, launched as the Playwright stories launch it (playwright.config.ts). */
export async function launchChromium() {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/**
 * One cold load of `url`: waits until `ready` (a text or regex the finished page shows) is visible
 * and the network is idle, then answers the last LCP candidate in ms. `cookie` ("name=value")
 * signs the context in.
 */
export async function coldLcp(browser, url, { cookie, ready }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (cookie) {
      const [name, ...value] = cookie.split('=');
      await context.addCookies([{ name, value: value.join('='), url }]);
    }
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.getByText(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const lcp = await page.evaluate(() => window.__lcp);
    if (!lcp) throw new Error(`no largest-contentful-paint entry for ${url}`);
    return lcp;
  } finally {
    await context.close();
  }
}
