import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshotsOf } from './fixtures';
import { browserFor, person, postJson, signInAs, signInHome, test } from './support/collectives';
import { coverPng, unique, uploadTrack } from './support/playlists';

// Spec sections 2 and 4: Mona creates a collective with an avatar, makes a single-use invite link
// and shares a playlist into it; Ben opens the link signed out, signs in, joins, plays Mona's track
// and comments; Mona sees the comment; Cleo, too late, finds the link used up.

const shot = screenshotsOf('collectives');

const audioTime = (page: Page) =>
  page.getByTestId('audio-player').evaluate((el) => (el as HTMLAudioElement).currentTime);

const mona = person('mona', 'Mona', 'Mixer');
const ben = person('ben', 'Ben', 'Beats');
const cleo = person('cleo', 'Cleo', 'Late');

test('creates a collective, invites with a single-use link, shares a playlist, joins, plays and comments', async ({
  page,
  browser,
  baseURL,
  journalWithPeople: journal,
}) => {
  // Three people, two browsers, playback and five axe runs: 1.8-2.2 min on a busy 2-core machine.
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('no baseURL');

  // Mona signs in and creates a collective with an avatar from the rail's plus button.
  await signInHome(page, journal, mona);
  const collectiveName = unique('Tape Club');
  await page.getByRole('button', { name: 'Create Collective' }).click();
  const create = page.getByRole('dialog', { name: 'Create Collective' });
  await expect(create.getByText('JPG, PNG or WebP, square, max 5MB')).toBeVisible();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Name is required')).toBeVisible();
  await create.getByLabel('Avatar file').setInputFiles(coverPng());
  await expect(create.getByRole('img', { name: 'Avatar preview' })).toBeVisible();
  await create.getByLabel('Name').fill(collectiveName);
  await create.getByLabel('Description').fill('Cassette loops and late-night sketches.');
  await shot(page, '1-create-dialog');
  await expectNoSeriousA11yViolations(page, 'collectives: 1-create-dialog');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Collective created successfully', { exact: true })).toBeVisible();
  await page.waitForURL(/\/collective\/\d+$/);
  const collectiveId = Number(new URL(page.url()).pathname.split('/').pop());
  const rail = page.getByRole('navigation', { name: 'Collectives' });
  const railButton = rail.getByRole('button', { name: collectiveName });
  await expect(railButton).toHaveAttribute('aria-current', 'page');
  // The avatar made it: the rail shows the image, not the letter.
  await expect(railButton.locator('img')).toBeVisible();
  await expect(page.getByRole('heading', { name: collectiveName })).toBeVisible();
  await expect(page.getByText('No playlists available')).toBeVisible();
  const members = page.getByRole('complementary', { name: 'Members' });
  await expect(members.getByText('Mona Mixer')).toBeVisible();
  await expect(members.getByRole('img', { name: 'Owner' })).toBeVisible();

  // A playlist with one of Mona's tracks, shared into the collective (through the API, as the
  // playlist page's Share button belongs to another issue).
  const trackName = unique('Reel One');
  const trackId = await uploadTrack(page, trackName, 4);
  const playlistName = unique('Basement Tapes');
  const playlist = await postJson<{ id: number }>(page, '/api/playlists', {
    name: playlistName,
    description: 'Four-track experiments',
  });
  await postJson(page, `/api/playlists/${playlist.id}/tracks`, { trackId });
  await postJson(page, `/api/playlists/${playlist.id}/share`, { collectiveIds: [collectiveId] }, 200);
  await page.reload();
  const memberPlaylists = page.getByRole('region', { name: 'Member Playlists' });
  await expect(memberPlaylists.getByRole('button', { name: new RegExp(playlistName) })).toBeVisible();
  await expect(page.getByRole('heading', { name: playlistName })).toBeVisible();

  // A single-use invite link from Manage Invites.
  await page.getByRole('button', { name: 'Invite Members' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Invites' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite one person' }).click();
  await expect(page.getByText('Single-use invite link generated', { exact: true })).toBeVisible();
  const linkRow = page.getByRole('row').filter({ hasText: '/join/' });
  await expect(linkRow).toHaveCount(1);
  const link = ((await linkRow.locator('p.font-mono').textContent()) ?? '').trim();
  expect(link).toMatch(new RegExp(`^${baseURL}/join/[A-Za-z0-9_-]{16}$`));
  await expect(linkRow.getByRole('cell').nth(1)).toHaveText('0/1');
  await expect(linkRow.getByRole('switch')).toBeChecked();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await linkRow.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link Copied', { exact: true })).toBeVisible();
  await expect(linkRow.getByRole('button', { name: 'Link copied' })).toBeVisible();
  await shot(page, '2-invite-link');
  await expectNoSeriousA11yViolations(page, 'collectives: 2-invite-link');

  // Ben opens the link signed out, signs in from the prompt and lands back on the join page.
  const b = await browserFor(browser, baseURL);
  await b.page.goto(link);
  await expect(b.page.getByRole('heading', { name: "You've been invited to a collective" })).toBeVisible();
  await expect(b.page.getByRole('button', { name: 'Continue as Demo User' })).toBeVisible();
  await shot(b.page, '3-join-signed-out');
  await expectNoSeriousA11yViolations(b.page, 'collectives: 3-join-signed-out');
  await signInAs(b.page, journal, ben);
  await expect(b.page.getByRole('heading', { name: collectiveName })).toBeVisible();
  expect(new URL(b.page.url()).pathname).toBe(new URL(link).pathname);
  await expect(b.page.getByText('Invited by Mona Mixer')).toBeVisible();
  await expect(b.page.getByText('Cassette loops and late-night sketches.')).toBeVisible();
  // The collective's avatar, loaded from its -128.webp variant.
  await expect(b.page.getByRole('main').locator('img[src*="-128.webp"]')).toBeVisible();
  await shot(b.page, '4-join-signed-in');
  await expectNoSeriousA11yViolations(b.page, 'collectives: 4-join-signed-in');
  await b.page.getByRole('button', { name: 'Join Collective' }).click();
  await expect(b.page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(b.page.getByText(`You've joined ${collectiveName}!`, { exact: true })).toBeVisible();
  await b.page.waitForURL(new RegExp(`/collective/${collectiveId}$`));

  // Ben sees the shared playlist, plays Mona's track and comments.
  await expect(b.page.getByRole('heading', { name: playlistName })).toBeVisible();
  const bMembers = b.page.getByRole('complementary', { name: 'Members' });
  await expect(bMembers.getByText('Ben Beats')).toBeVisible();
  await expect(bMembers.getByText('Mona Mixer')).toBeVisible();
  const stream = b.page.waitForResponse((res) => res.url().endsWith(`/api/tracks/${trackId}/stream`));
  await b.page.getByRole('button', { name: 'Play all' }).click();
  expect([200, 206]).toContain((await stream).status());
  await expect.poll(() => audioTime(b.page), { timeout: 10_000 }).toBeGreaterThan(0.3);
  const player = b.page.getByRole('region', { name: 'Player' });
  await expect(player.getByText(trackName)).toBeVisible();
  // Mona's track, not Ben's recording: the player names her (decision 0112).
  await expect(player.getByText(mona.name, { exact: true })).toBeVisible();
  await expect(player.getByText('Your Recording')).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: `Pause ${trackName}` })).toBeAttached();
  await expect(b.page.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  const comment = `Love the hiss on this one ${Date.now().toString(36)}`;
  await b.page.getByRole('textbox', { name: 'Add a comment' }).fill(comment);
  await b.page.getByRole('textbox', { name: 'Add a comment' }).press('Enter');
  await expect(b.page.getByText('Comment added', { exact: true })).toBeVisible();
  const bComments = b.page.getByRole('list', { name: 'Comments' });
  await expect(bComments.getByText(comment)).toBeVisible();
  await expect(bComments.getByText('Ben Beats')).toBeVisible();
  await shot(b.page, '5-member-playing-and-commenting');
  await expectNoSeriousA11yViolations(b.page, 'collectives: 5-member-playing-and-commenting');

  // Ben is a member: settings and invites are not his to change, so no navigation leads there
  // (his abilities, decision 0121); typed in, the addresses still explain.
  await expect(b.page.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: 'Invite Members' })).toHaveCount(0);
  await expect(b.page.getByRole('link', { name: 'Invite' })).toHaveCount(0);
  await b.page.goto(`/collective/${collectiveId}/settings`);
  await expect(b.page.getByText("You don't have permission to access these settings")).toBeVisible();
  await b.page.goto(`/collective/${collectiveId}/invites`);
  await expect(b.page.getByText('Only the owner and admins can manage invites')).toBeVisible();
  // Picking the playlist in the sidebar brings the collective page back with it selected.
  await b.page
    .getByRole('region', { name: 'Member Playlists' })
    .getByRole('button', { name: new RegExp(playlistName) })
    .click();
  await b.page.waitForURL(new RegExp(`/collective/${collectiveId}$`));
  await expect(b.page.getByRole('heading', { name: playlistName })).toBeVisible();

  // Mona edits the collective's about text in its settings.
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Collective Settings' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(collectiveName);
  await page.getByLabel('About').fill('Cassette loops, late-night sketches and tape hiss.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Collective updated successfully!', { exact: true })).toBeVisible();
  await expect(page.getByText('Coming Soon')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Permissions & Roles' })).toBeVisible();
  await shot(page, '5b-settings');
  await expectNoSeriousA11yViolations(page, 'collectives: 5b-settings');

  // Mona sees Ben's comment, and the link is used up.
  await page.goto(`/collective/${collectiveId}`);
  const aComments = page.getByRole('list', { name: 'Comments' });
  await expect(aComments.getByText(comment)).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Members' }).getByText('Ben Beats')).toBeVisible();
  await shot(page, '6-owner-sees-comment');
  await expectNoSeriousA11yViolations(page, 'collectives: 6-owner-sees-comment');
  await page.goto(`/collective/${collectiveId}/invites`);
  const usedRow = page.getByRole('row').filter({ hasText: '/join/' });
  await expect(usedRow.getByRole('cell').nth(1)).toHaveText('1/1');
  await expect(usedRow.getByRole('switch')).toBeDisabled();
  await expect(usedRow.getByText('Inactive')).toBeVisible();
  await shot(page, '7-link-used-up');
  await expectNoSeriousA11yViolations(page, 'collectives: 7-link-used-up');

  // The collective playlist page: Back returns to the collective.
  await page.goto(`/collective/${collectiveId}/playlist/${playlist.id}`);
  await expect(page.getByRole('heading', { name: playlistName })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Comments' }).getByText(comment)).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL(new RegExp(`/collective/${collectiveId}$`));

  // Cleo tries the same link: it has been used.
  const c = await browserFor(browser, baseURL);
  await c.page.goto(link);
  await signInAs(c.page, journal, cleo);
  await expect(
    c.page.getByText('This invite link is invalid, expired, or has already been used.'),
  ).toBeVisible();
  await expect(c.page.getByText('Invalid invite link', { exact: true })).toBeVisible();
  await expect(c.page.getByRole('button', { name: 'Join Collective' })).toHaveCount(0);
  await shot(c.page, '8-invalid-link');
  await expectNoSeriousA11yViolations(c.page, 'collectives: 8-invalid-link');

  await b.context.close();
  await c.context.close();
});
