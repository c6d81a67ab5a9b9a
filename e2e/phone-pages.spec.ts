import type { Page } from '@playwright/test';
import { expect, storyAddress } from './fixtures';
import { inviteCode, type Person, person, postJson, signInAs, test } from './support/collectives';
import {
  expectNoSidewaysOverflow,
  PHONE_CONTEXT,
  patchJson,
  phoneShots,
  signedOutPhone,
  signInAsDemoOnPhone,
} from './support/phone';
import { unique } from './support/playlists';
import { tagTrack } from './support/profiles';
import { expectTapTargets } from './support/tap-targets';

// Issue 25, tap targets (decision 0365), the screens e2e/phone.spec.ts leaves out: at 390 × 844 with
// touch, with something on them, every control on the equipment list (search's Equipment results),
// an equipment page (comments, 'Tracks Using', edit mode), Manage Invites, the invite landing
// (signed out and signed in), a collective's settings and its members takes taps over 44 × 44 px.

test.use(PHONE_CONTEXT);

const shot = phoneShots('phone-pages');

/** The screen fits the phone's width, and its controls (within `scope`) are big enough. */
async function audit(page: Page, screen: string, scope?: string) {
  await expectNoSidewaysOverflow(page, screen);
  await expectTapTargets(page, screen, scope);
}

test('on a phone the equipment list and an equipment page take taps over 44 × 44 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemoOnPhone(page);
  const tracks = (await (await page.request.get('/api/tracks')).json()) as Array<{ id: number }>;
  const [first, second] = tracks;
  if (!first || !second) throw new Error('the demo journal has fewer than two tracks');

  // Two tracks shared to equipment pages use one synth; the first also uses a pedal.
  const synth = unique('Pocket Synth');
  const synthId = await tagTrack(page, first.id, synth);
  await tagTrack(page, second.id, synth);
  await tagTrack(page, first.id, unique('Pocket Pedal'));
  for (const track of [first, second])
    await patchJson(page, `/api/tracks/${track.id}`, { shareToEquipmentPages: true });
  await postJson(page, `/api/equipment/${synthId}/comments`, { content: 'Lovely bass, try the sub osc.' });

  // The equipment list: search's Equipment results.
  await page.goto(`/search?${new URLSearchParams({ q: 'Pocket', type: 'equipment' })}`);
  const results = page.getByRole('region', { name: 'Equipment results' });
  await expect(results.getByRole('link', { name: new RegExp(synth) })).toBeVisible();
  await shot(page, '1-equipment-list');
  await audit(page, 'the equipment list');

  // The equipment page: its comments, then the tracks using it.
  await results.getByRole('link', { name: new RegExp(synth) }).tap();
  await expect(page.getByRole('heading', { level: 1, name: synth })).toBeVisible();
  await page.getByRole('list', { name: 'Comments' }).scrollIntoViewIfNeeded();
  await shot(page, '2-equipment-comments');
  await audit(page, "an equipment page's comments");
  await page.getByRole('tab', { name: /Tracks Using/ }).tap();
  await expect(page.getByTestId('equipment-track-row')).toHaveCount(2);
  await page.getByRole('table', { name: /Tracks Using/ }).scrollIntoViewIfNeeded();
  await shot(page, '3-equipment-tracks');
  await audit(page, "an equipment page's tracks");

  // Edit mode, and its category list.
  await page.getByRole('button', { name: 'Edit', exact: true }).tap();
  const form = page.getByRole('form', { name: 'Edit equipment' });
  await expect(form).toBeVisible();
  await shot(page, '4-equipment-edit');
  await audit(page, "an equipment page's edit mode");
  await form.getByRole('combobox', { name: 'Category' }).tap();
  await expect(page.getByRole('listbox')).toBeVisible();
  await shot(page, '5-equipment-categories');
  await audit(page, 'the category list', '[role="listbox"]');
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Cancel' }).tap();
  await expect(form).toHaveCount(0);
});

/** Signs `who` in with Google from the page's own sign-in button, then waits for the phone's shell. */
async function signInOnPhone(page: Page, journal: Parameters<typeof signInAs>[1], who: Person) {
  await signInAs(page, journal, who);
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
}

test('on a phone Manage Invites, the invite landing, settings and members take taps over 44 × 44 px', async ({
  page,
  browser,
  baseURL,
  journalWithPeople: journal,
}) => {
  test.setTimeout(150_000);
  const owner = person('olga', 'Olga', 'Owner');
  const ben = person('ben', 'Ben', 'Beats');
  await page.goto('/');
  await signInOnPhone(page, journal, owner);
  const name = unique('Pocket Club');
  const collective = await postJson<{ id: number }>(page, '/api/collectives', {
    name,
    description: 'Field recordings, on the go.',
  });
  const single = await inviteCode(page, collective.id, 'single');
  await postJson(page, `/api/collectives/${collective.id}/invite-links`, { type: 'multi', expiresIn: '7d' });

  // Ben opens the single-use link signed out, signs in from it and joins.
  const guest = await signedOutPhone(browser, baseURL, storyAddress(test.info()));
  try {
    await guest.page.goto(`/join/${single}`);
    await expect(
      guest.page.getByRole('heading', { name: "You've been invited to a collective" }),
    ).toBeVisible();
    await shot(guest.page, '6-invite-signed-out');
    await audit(guest.page, 'the invite landing, signed out');
    await signInOnPhone(guest.page, journal, ben);
    await expect(guest.page.getByRole('heading', { name })).toBeVisible();
    await shot(guest.page, '7-invite-signed-in');
    await audit(guest.page, 'the invite landing, signed in');
    await guest.page.getByRole('button', { name: 'Join Collective' }).tap();
    await expect(guest.page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  } finally {
    await guest.context.close();
  }

  // Manage Invites: the used-up single link and the multi-use one, and a revoke's question.
  await page.goto(`/collective/${collective.id}/invites`);
  await expect(page.getByTestId('invite-link')).toHaveCount(2);
  await expect(page.getByText('Used up')).toBeVisible();
  await shot(page, '8-invites');
  await audit(page, 'Manage Invites');
  await page.getByTestId('invite-link').last().scrollIntoViewIfNeeded();
  await shot(page, '8b-invite-links');
  await page
    .getByRole('button', { name: /^Revoke / })
    .first()
    .tap();
  const revoke = page.getByRole('alertdialog', { name: 'Revoke this invite link?' });
  await expect(revoke).toBeVisible();
  await audit(page, "a revoke's question", '[role="alertdialog"]');
  await revoke.getByRole('button', { name: 'Cancel' }).tap();
  await expect(revoke).toHaveCount(0);

  // The collective's settings.
  await page.goto(`/collective/${collective.id}/settings`);
  await expect(page.getByRole('heading', { name: 'Collective Settings' })).toBeVisible();
  await shot(page, '9-settings');
  await audit(page, "a collective's settings");
  await page.getByRole('button', { name: 'Delete Collective' }).scrollIntoViewIfNeeded();
  await shot(page, '9b-settings-end');

  // The drawer in the collective, its members and what the owner may do to Ben.
  await page.getByRole('button', { name: 'Open navigation' }).tap();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.getByRole('button', { name: 'Invite Members' })).toBeVisible();
  await shot(page, '10-collective-drawer');
  await audit(page, "a collective's drawer", '[role="dialog"]');
  await drawer.getByRole('button', { name: /^Members/ }).tap();
  const members = page.getByRole('complementary', { name: 'Members' });
  await expect(members.getByText(ben.name)).toBeVisible();
  await shot(page, '11-members');
  await audit(page, 'the members', '[role="dialog"]');
  await members.getByRole('button', { name: `Actions for ${ben.name}` }).tap();
  await expect(page.getByRole('menuitem', { name: 'Make admin' })).toBeVisible();
  await shot(page, '12-member-menu');
  await audit(page, "a member's menu", '[role="menu"]');
  await page.keyboard.press('Escape');
});
