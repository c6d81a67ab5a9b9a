import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectJournalShell, picture } from '../e2e/fixtures';
import { browserFor, type Person, person, postJson } from '../e2e/support/collectives';
import { mediaDir, writeWav } from '../e2e/support/media';
import { audioTime, seekOnWaveform } from '../e2e/support/profiles';
import { type Cluster, test } from './support/cluster';
import { type Watched, watch } from './support/watch';

// Issue 12, "Proof": two instances of the built app on one PostgreSQL database and one bucket,
// nginx round robin in front (deploy/nginx-journal.conf), Chromium talking only to nginx. Mona
// uploads, plays and seeks; Ben, in another browser, sees her comment arrive live while his event
// stream is held by the other instance; both show online; then the instance holding Ben's stream is
// killed and both carry on through the survivor without seeing an error.

const shot = (page: Page, name: string) => picture(page, `cluster--${name}.png`, { fullPage: true });
const row = (page: Page, name: string): Locator => page.getByTestId('track-row').filter({ hasText: name });
const comments = (page: Page) => page.getByRole('list', { name: 'Comments' });
const run = Date.now().toString(36);
const mona = person(`mona-${run}`, 'Mona', 'Mixer');
const ben = person(`ben-${run}`, 'Ben', 'Beats');

async function signIn(page: Page, cluster: Cluster, who: Person) {
  cluster.oidc.setUser(who.claims);
  const callback = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/callback');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await callback;
}

/** Every regular file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** Posts a comment from the page's comment box; resolves to the instance that stored it. */
async function comment(page: Page, text: string): Promise<string | undefined> {
  const posted = page.waitForResponse(
    (res) => res.request().method() === 'POST' && /\/comments$/.test(new URL(res.url()).pathname),
  );
  await page.getByRole('textbox', { name: 'Add a comment' }).fill(text);
  await page.getByRole('textbox', { name: 'Add a comment' }).press('Enter');
  const res = await posted;
  expect(res.status()).toBe(201);
  await expect(comments(page).getByText(text)).toBeVisible();
  return res.headers()['x-instance'];
}

/**
 * Real presence (issue 12): both people are under "Online" in the members panel, nobody under
 * "Offline". Written against today's panel (an "Online n" heading over its list).
 */
async function expectBothOnline(page: Page) {
  const members = page.getByRole('complementary', { name: 'Members' });
  await expect(members.getByRole('heading', { name: /^Online\s*2$/ })).toBeVisible({ timeout: 15_000 });
  await expect(members.getByRole('heading', { name: /^Offline/ })).toHaveCount(0);
  for (const who of [mona, ben]) await expect(members.getByText(who.name)).toBeVisible();
}

/** Comment `text` reaches `page` live, without a reload. */
async function expectArrives(page: Page, text: string) {
  await expect(comments(page).getByText(text)).toBeVisible({ timeout: 15_000 });
}

/** What a user could have noticed, over the whole story. */
function noticeable(watched: Watched) {
  return {
    serverErrors: watched.responses.filter((r) => r.status >= 500),
    // An audio element dropping a request it no longer needs, and the event stream of the killed
    // instance breaking off, are not something a user sees; anything else is.
    failures: watched.failed.filter((f) => f.error !== 'net::ERR_ABORTED' && f.path !== '/api/events'),
  };
}

test('two instances behind nginx: upload, play and seek, a live comment across instances, presence, and one instance killed', async ({
  page,
  browser,
  cluster,
}) => {
  test.setTimeout(240_000);
  const monaSaw = await watch(page);

  // Mona signs in through the balancer (the OIDC redirect comes back to it, whichever instance
  // started the sign-in: the session is in the shared database).
  await page.goto('/');
  await signIn(page, cluster, mona);
  await expectJournalShell(page);

  // She uploads a 20 s recording from the journal.
  const trackName = `Cluster Take ${run}`;
  const wav = writeWav(mediaDir('cluster-'), `${trackName}.wav`, 20);
  const keysBefore = await cluster.bucket.keys();
  const uploaded = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/tracks',
  );
  await page.getByTestId('track-file-input').setInputFiles(wav);
  const upload = await uploaded;
  expect(upload.status(), await upload.text()).toBe(201);
  const trackId = ((await upload.json()) as { id: number }).id;
  await expect(row(page, trackName)).toBeVisible({ timeout: 20_000 });
  await expect(row(page, trackName).getByText('Processing…')).toHaveCount(0, { timeout: 60_000 });
  await expect(row(page, trackName)).not.toContainText('Could not process');

  // It is in the bucket, and on neither instance's disk.
  const added = (await cluster.bucket.keys()).filter((k) => !keysBefore.includes(k));
  expect(added.length, 'objects the upload added to the bucket').toBeGreaterThan(0);
  console.log(`[cluster] the upload added ${added.length} object(s) to the bucket: ${added.join(', ')}`);
  for (const instance of cluster.instances)
    expect(filesUnder(instance.dataDir), `files in instance ${instance.name}'s DATA_DIR`).toEqual([]);

  // She plays it and seeks on the waveform: the audio comes through nginx with Range (206).
  const streamed: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === `/api/tracks/${trackId}/stream`) streamed.push(res.status());
  });
  await row(page, trackName)
    .getByRole('button', { name: `Play ${trackName}` })
    .click();
  await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
  const player = page.getByRole('region', { name: 'Player' });
  await seekOnWaveform(page, player, 0.75);
  await expect.poll(() => audioTime(page)).toBeGreaterThan(13);
  expect(streamed, 'statuses of the stream requests the page made').toContain(206);
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  await shot(page, '1-played-and-seeked');

  // Either instance serves any byte range of it, whichever one received the upload.
  const rangeFrom = new Set<string>();
  for (let i = 0; i < 8 && rangeFrom.size < 2; i++) {
    const res = await page.request.get(`/api/tracks/${trackId}/stream`, {
      headers: { Range: 'bytes=1000-1999' },
    });
    expect(res.status()).toBe(206);
    expect(res.headers()['content-range']).toMatch(/^bytes 1000-1999\/\d+$/);
    expect((await res.body()).length).toBe(1000);
    rangeFrom.add(res.headers()['x-instance'] ?? '?');
  }
  expect([...rangeFrom].sort(), 'instances that answered the Range requests').toEqual(['a', 'b']);

  // A collective with the track in a shared playlist, and a single-use invite for Ben.
  const collective = await postJson<{ id: number }>(page, '/api/collectives', {
    name: `Cluster Club ${run}`,
  });
  const playlist = await postJson<{ id: number }>(page, '/api/playlists', { name: `Shared Tapes ${run}` });
  await postJson(page, `/api/playlists/${playlist.id}/tracks`, { trackId });
  await postJson(page, `/api/playlists/${playlist.id}/share`, { collectiveIds: [collective.id] }, 200);
  const invite = await postJson<{ code: string }>(page, `/api/collectives/${collective.id}/invite-links`, {
    type: 'single',
  });

  // Ben, in his own browser, opens the link, signs in and joins.
  const b = await browserFor(browser, cluster.baseURL);
  const benSaw = await watch(b.page);
  await b.page.goto(`/join/${invite.code}`);
  await signIn(b.page, cluster, ben);
  await b.page.getByRole('button', { name: 'Join Collective' }).click();
  await b.page.waitForURL(new RegExp(`/collective/${collective.id}$`));
  await expect(b.page.getByRole('heading', { name: `Shared Tapes ${run}` })).toBeVisible();

  // Mona opens the collective too.
  await page.goto(`/collective/${collective.id}`);
  await expect(page.getByRole('heading', { name: `Shared Tapes ${run}` })).toBeVisible();

  // Which instance holds Ben's event stream; Mona comments until her comment is stored by the other
  // one (round robin alternates, but other requests come in between).
  await expect.poll(() => benSaw.eventStreamInstance(), { timeout: 15_000 }).toBeDefined();
  const benStream = benSaw.eventStreamInstance();
  let first = '';
  for (let attempt = 1; attempt <= 6; attempt++) {
    first = `Lovely hiss, take ${attempt} ${run}`;
    const storedBy = await comment(page, first);
    if (benStream === undefined || (storedBy !== undefined && storedBy !== benStream)) break;
    if (attempt === 6) throw new Error(`every comment went to instance ${benStream}, Ben's stream's`);
    // A comment and the refetch after it are two requests: without one more in between, round robin
    // would send every comment to the same instance.
    await page.request.get('/api/health');
  }
  await expectArrives(b.page, first);
  await shot(b.page, '2-comment-arrived');

  // Both are online in both members panels.
  await expectBothOnline(page);
  await expectBothOnline(b.page);

  // The instance holding Ben's event stream dies (SIGKILL: no goodbye to anyone).
  const victim = cluster.instance(benStream ?? 'a');
  const survivor = cluster.instances.find((i) => i !== victim)!;
  await victim.kill();
  const killedAt = Date.now();

  // Ben's stream comes back through the survivor.
  await expect
    .poll(
      () => benSaw.responses.some((r) => r.path === '/api/events' && r.at > killedAt && r.status === 200),
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(benSaw.eventStreamInstance()).toBe(survivor.name);

  // The session goes on: Mona comments again, Ben gets it, Ben plays the playlist.
  const second = `Still here after the crash ${run}`;
  expect(await comment(page, second)).toBe(survivor.name);
  await expectArrives(b.page, second);
  await b.page.getByRole('button', { name: 'Play all' }).click();
  await expect.poll(() => audioTime(b.page), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await expectBothOnline(page);
  await expectBothOnline(b.page);
  await shot(b.page, '3-after-the-crash-ben');
  const benToasts = await benSaw.errorToasts();
  // Ben leaves and Mona reloads: their event streams end, and nginx logs a request when it ends.
  await b.context.close();
  await page.reload();
  await expect(comments(page).getByText(second)).toBeVisible();
  await shot(page, '3-after-the-crash-mona');

  // Nothing a user could notice: no server error, no failed request, no error toast; and every API
  // answer since the kill came from the survivor.
  for (const [who, saw] of [
    ['Mona', monaSaw],
    ['Ben', benSaw],
  ] as const) {
    expect(noticeable(saw), `${who}'s page`).toEqual({ serverErrors: [], failures: [] });
    // API answers only: hashed assets and images come from the browser's cache with the headers
    // they were first sent with.
    const elsewhere = saw.responses.filter(
      (r) =>
        r.sentAt > killedAt && r.path.startsWith('/api/') && !r.fromCache && r.instance !== survivor.name,
    );
    expect(elsewhere, `${who}'s requests since the kill not answered by ${survivor.name}`).toEqual([]);
  }
  expect(await monaSaw.errorToasts(), "Mona's error toasts").toEqual([]);
  expect(benToasts, "Ben's error toasts").toEqual([]);

  // nginx did the hiding: the first request that went to the dead instance was moved on to the
  // survivor (proxy_next_upstream in deploy/nginx-journal.conf).
  const moved = () =>
    cluster.balancer
      .accessLog()
      .split('\n')
      .filter((line) => line.includes(`upstream=${victim.address}, ${survivor.address} `));
  await expect
    .poll(() => moved().length, { message: 'requests nginx moved from the killed instance to the survivor' })
    .toBeGreaterThan(0);
});
