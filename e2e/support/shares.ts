import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in page's API call as the app's client makes it: the session's cookie and its CSRF token. */
export function api(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const { csrfToken } = await (await fetch('/api/auth/csrf-token')).json();
      const res = await fetch(url, {
        method,
        // No Content-Type without a body: Fastify refuses an empty JSON body (a 400).
        headers: {
          'x-csrf-token': csrfToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    { method, url, body },
  );
}

/** Uploads `file` from the journal and waits until it is processed: its row and its id. */
export async function uploadProcessed(
  page: Page,
  file: string,
  name: string,
): Promise<{ row: Locator; trackId: number }> {
  await page.getByTestId('track-file-input').setInputFiles(file);
  const row = page.getByTestId('track-row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('Processing…')).toHaveCount(0, { timeout: 40_000 });
  const trackId = Number((await row.getByRole('link', { name }).getAttribute('href'))?.split('/').pop());
  return { row, trackId };
}

/** Waits, checking every animation frame, until the page's player has passed `seconds`. */
export const playedPast = (page: Page, seconds: number) =>
  page.waitForFunction(
    (s) =>
      ((document.querySelector('[data-testid="audio-player"]') as HTMLAudioElement | null)?.currentTime ??
        0) > s,
    seconds,
    { polling: 'raf', timeout: 30_000 },
  );

/** Resolves at the page player's next `ended` event (the player repeats by default). */
export const nextEnd = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        document
          .querySelector('[data-testid="audio-player"]')
          ?.addEventListener('ended', () => resolve(), { once: true }),
      ),
  );

/** The player's position when the next seek starts (its last time update before `seeking`). */
export function positionBeforeSeek(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const audio = document.querySelector('[data-testid="audio-player"]') as HTMLAudioElement;
        let last = audio.currentTime;
        const onTime = () => {
          last = audio.currentTime;
        };
        audio.addEventListener('timeupdate', onTime);
        audio.addEventListener(
          'seeking',
          () => {
            audio.removeEventListener('timeupdate', onTime);
            resolve(last);
          },
          { once: true },
        );
      }),
  );
}
