import { rehearsalPlan, rehearsalTake } from '../src/test/rehearsal-audio';
import { expect, screenshotsOf } from './fixtures';
import { person, signInHome, test } from './support/collectives';
import { csrfHeader, unique } from './support/playlists';

// Issue 47, splitting a long recording: Sol uploads a six-minute rehearsal with three songs, opens
// its page and finds the two pauses marked on the waveform; she nudges one with the arrow keys,
// splits it into three takes and opens the first of them from the summary.

const shot = screenshotsOf('split');
const sol = person('sol-split', 'Sol', 'Split');

test('the owner splits a long rehearsal at the proposed pauses', async ({ page, journalWithPeople }) => {
  test.setTimeout(180_000);
  await signInHome(page, journalWithPeople, sol);
  const name = unique('Rehearsal');
  const plan = rehearsalPlan(360, 3);
  const upload = await page.request.post('/api/tracks', {
    headers: await csrfHeader(page),
    multipart: {
      name,
      audio: { name: 'rehearsal.mp3', mimeType: 'audio/mpeg', buffer: rehearsalTake(plan) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const id = ((await upload.json()) as { id: number }).id;
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/tracks/${id}/split`)).json()) as { points: number[] }).points
          .length,
      {
        timeout: 120_000,
      },
    )
    .toBe(2);

  await page.goto(`/track/${id}`);
  const markers = page.getByRole('slider', { name: /Split point/ });
  await expect(markers).toHaveCount(2);
  const split = page.getByRole('button', { name: 'Split into 3 takes' });
  await expect(split).toBeVisible();
  await shot(page, '1-proposed-points');

  await markers.first().focus();
  const before = Number(await markers.first().getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await expect(markers.first()).toHaveAttribute('aria-valuenow', String(before + 1));
  await split.click();
  await expect(page.getByText('Split into 3 takes', { exact: true }).first()).toBeVisible();
  const result = page.getByTestId('split-result');
  await expect(result.getByRole('link')).toHaveCount(3);
  await shot(page, '2-split-summary');

  await result.getByRole('link', { name: `${name} – part 1` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} – part 1` })).toBeVisible();
});
