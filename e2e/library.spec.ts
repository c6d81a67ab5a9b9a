import type { Page } from '@playwright/test';
import { expect, screenshotsOf } from './fixtures';
import { inviteCode, joinInOwnBrowser, person, postJson, signInHome, test } from './support/collectives';
import { unique } from './support/playlists';

// Issue 13, library management (decisions 0120-0124): Olga runs a collective with Pete and Quinn.
// Pete, a plain member, sees no Settings or Invite links. Olga makes an invite link that expires
// in a day and revokes it, promotes Pete to admin, removes Quinn, deletes a playlist (it leaves the
// collective), hands the collective to Pete and leaves; Pete deletes it.

const shot = screenshotsOf('library');

const olga = person('olga-lib', 'Olga', 'Owner');
const pete = person('pete-lib', 'Pete', 'Promoted');
const quinn = person('quinn-lib', 'Quinn', 'Quiet');

const membersPanel = (page: Page) => page.getByRole('complementary', { name: 'Members' });
const toast = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true }).first()).toBeVisible();

async function memberAction(page: Page, who: string, action: string) {
  await membersPanel(page)
    .getByRole('button', { name: `Actions for ${who}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('manages members and roles, expiring invites, and deletes a playlist and the collective', async ({
  page,
  browser,
  baseURL,
  journalWithPeople: journal,
}) => {
  test.setTimeout(150_000);
  if (!baseURL) throw new Error('no baseURL');

  // Olga's collective with two playlists shared into it (through the API: other stories walk those screens).
  await signInHome(page, journal, olga);
  const collectiveName = unique('Tape Loop Society');
  const { id: collectiveId } = await postJson<{ id: number }>(page, '/api/collectives', {
    name: collectiveName,
  });
  const doomed = unique('Scratch Pad');
  const kept = unique('Keepers');
  for (const name of [kept, doomed]) {
    const { id } = await postJson<{ id: number }>(page, '/api/playlists', { name });
    await postJson(page, `/api/playlists/${id}/share`, { collectiveIds: [collectiveId] }, 200);
  }
  const code = await inviteCode(page, collectiveId, 'multi');
  const p = await joinInOwnBrowser(browser, baseURL, journal, pete, code);
  const q = await joinInOwnBrowser(browser, baseURL, journal, quinn, code);

  // Pete, a plain member, is offered only what he may use.
  await p.page.goto(`/collective/${collectiveId}`);
  await expect(p.page.getByRole('heading', { name: collectiveName })).toBeVisible();
  await expect(membersPanel(p.page).getByText(olga.name)).toBeVisible();
  await expect(p.page.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await expect(p.page.getByRole('button', { name: 'Invite Members' })).toHaveCount(0);
  await expect(p.page.getByRole('button', { name: 'Collective settings' })).toHaveCount(0);
  await expect(membersPanel(p.page).getByRole('button', { name: `Actions for ${olga.name}` })).toHaveCount(0);
  await shot(p.page, '1-member-sees-no-settings');

  // Olga makes a link that expires in a day, sees its expiry, and revokes it.
  await page.goto(`/collective/${collectiveId}/invites`);
  await page.getByRole('group', { name: 'Expires after' }).getByText('1 day').click();
  await page.getByRole('button', { name: 'Invite one person' }).click();
  await toast(page, 'Single-use invite link generated');
  const dayRow = page.getByRole('row').filter({ hasText: 'Expires in 1 day' });
  await expect(dayRow).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Never expires' })).toHaveCount(1);
  await shot(page, '2-invite-expiry');
  const dayUrl = ((await dayRow.getByTestId('invite-url').textContent()) ?? '').trim();
  await dayRow.getByRole('button', { name: `Revoke ${dayUrl}` }).click();
  const revoke = page.getByRole('alertdialog', { name: 'Revoke this invite link?' });
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await toast(page, 'Invite link revoked');
  await expect(dayRow).toHaveCount(0);
  await q.page.goto(dayUrl);
  await expect(
    q.page.getByText('This invite link is invalid, expired, or has already been used.'),
  ).toBeVisible();

  // Olga promotes Pete to admin from his row; his browser now offers Invite Members, not Settings.
  await page.goto(`/collective/${collectiveId}`);
  await memberAction(page, pete.name, 'Make admin');
  await toast(page, `${pete.name} is now an admin`);
  await expect(
    membersPanel(page)
      .getByRole('listitem')
      .filter({ hasText: pete.name })
      .getByRole('img', { name: 'Admin' }),
  ).toBeVisible();
  await expect(p.page.getByRole('button', { name: 'Invite Members' })).toBeVisible();
  await expect(p.page.getByRole('button', { name: 'Settings' })).toHaveCount(0);

  // Olga removes Quinn after confirming; Quinn loses the collective.
  await memberAction(page, quinn.name, 'Remove from collective');
  const remove = page.getByRole('alertdialog', { name: `Remove ${quinn.name} from ${collectiveName}?` });
  await shot(page, '3-remove-confirmation');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await toast(page, `${quinn.name} is no longer in the collective`);
  await expect(membersPanel(page).getByText(quinn.name)).toHaveCount(0);
  await q.page.goto(`/collective/${collectiveId}`);
  await expect(q.page.getByText('Collective not found')).toBeVisible();

  // Olga deletes a playlist from its page: back to the journal, gone from her sidebar and the collective.
  await page
    .getByRole('navigation', { name: 'Collectives' })
    .getByRole('button', { name: 'Your Journal' })
    .click();
  // From the journal's sidebar: until the journal replaces the collective, its activity feed links
  // the same playlist too.
  await page
    .getByRole('complementary', { name: 'Playlists' })
    .getByRole('link', { name: new RegExp(doomed) })
    .click();
  await expect(page.getByRole('heading', { name: doomed })).toBeVisible();
  await page.getByRole('button', { name: 'More playlist actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete Playlist' }).click();
  const del = page.getByRole('alertdialog', { name: `Delete "${doomed}"?` });
  await shot(page, '4-delete-playlist-confirmation');
  await del.getByRole('button', { name: 'Delete Playlist' }).click();
  await toast(page, `"${doomed}" has been deleted`);
  await page.waitForURL(`${baseURL}/`);
  await expect(page.getByRole('link', { name: new RegExp(doomed) })).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(kept) })).toBeVisible();
  const petePlaylists = p.page.getByRole('region', { name: 'Member Playlists' });
  await expect(petePlaylists.getByRole('button', { name: new RegExp(doomed) })).toHaveCount(0);
  await expect(petePlaylists.getByRole('button', { name: new RegExp(kept) })).toBeVisible();

  // Olga hands the collective to Pete and leaves it.
  await page.goto(`/collective/${collectiveId}`);
  await memberAction(page, pete.name, 'Transfer ownership');
  await page
    .getByRole('alertdialog', { name: `Make ${pete.name} the owner of ${collectiveName}?` })
    .getByRole('button', { name: 'Transfer ownership' })
    .click();
  await toast(page, `${pete.name} now owns the collective; you are an admin`);
  await memberAction(page, olga.name, 'Leave collective');
  await page
    .getByRole('alertdialog', { name: `Leave ${collectiveName}?` })
    .getByRole('button', { name: 'Leave' })
    .click();
  await toast(page, `You left ${collectiveName}`);
  await page.waitForURL(`${baseURL}/`);
  await expect(
    page.getByRole('navigation', { name: 'Collectives' }).getByRole('button', { name: collectiveName }),
  ).toHaveCount(0);

  // Pete, now the owner, has Settings and deletes the collective there.
  await p.page.goto(`/collective/${collectiveId}`);
  await p.page.getByRole('button', { name: 'Settings' }).click();
  await p.page.getByRole('button', { name: 'Delete Collective' }).click();
  const confirmDelete = p.page.getByRole('alertdialog', { name: `Delete ${collectiveName}?` });
  await shot(p.page, '5-delete-collective-confirmation');
  await confirmDelete.getByRole('button', { name: 'Delete Collective' }).click();
  await toast(p.page, `${collectiveName} has been deleted`);
  await p.page.waitForURL(`${baseURL}/`);
  await expect(
    p.page.getByRole('navigation', { name: 'Collectives' }).getByRole('button', { name: collectiveName }),
  ).toHaveCount(0);
  await shot(p.page, '6-collective-deleted');

  await p.context.close();
  await q.context.close();
});
