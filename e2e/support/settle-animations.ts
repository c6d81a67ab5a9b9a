import type { Page } from '@playwright/test';

/**
 * Waits for the page's finite CSS animations and transitions (a dialog fading in, a sheet sliding
 * up) to end: axe reads colours as they are drawn, so a half-faded dialog fails contrast that the
 * finished one meets, and hit-testing a sheet still on its way finds its controls elsewhere.
 * Endless ones (spinners, pulses) are not waited for; nor is anything past two seconds.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.allSettled(finite.map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}
