import {
  expect,
  expectJournalShell,
  expectLandingPage,
  GOOGLE_USER,
  signInAsDemo,
  signInWithGoogle,
  test,
} from './fixtures';

// Spec sections 1 and 2: the signed-out landing page, the demo user, Google sign-in and sign-out.

test('shows the landing texts', async ({ page }) => {
  await page.goto('/');
  await expectLandingPage(page);
  const warning = page.getByText(/highly experimental/i);
  await expect(warning).toBeVisible();
  // "a red warning": the text is drawn in a red hue. Tailwind 4 gives oklch() colours, so let a
  // canvas turn the computed colour into sRGB before comparing channels.
  const [r = 0, g = 0, b = 0] = await warning.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return [];
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
  expect(r, `warning colour is rgb(${r}, ${g}, ${b})`).toBeGreaterThan(Math.max(g, b) + 40);
  await expect(page.getByRole('button', { name: 'Continue as Demo User' })).toBeVisible();
});

test('signs in as the demo user from /test-auth and reaches the journal shell', async ({ page }) => {
  await page.goto('/test-auth');
  await expect(page.getByRole('button', { name: 'Check Auth Status' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Google OAuth' })).toBeVisible();
  await signInAsDemo(page);
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  const user = await me.json();
  expect(user.id).toBe('demo-user');
  expect(user.claims.isDemo).toBe(true);
});

test('continues as the demo user from the landing page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Demo User' }).click();
  await expectJournalShell(page);
});

test('signs out back to the landing page', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expectLandingPage(page);
  // The session is really gone: a reload stays signed out and the API no longer knows the user.
  await page.reload();
  await expectLandingPage(page);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('signs in with Google (local OIDC) and reaches the shell, named from the ID token', async ({ page }) => {
  await signInWithGoogle(page);
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  const user = await me.json();
  expect(user).toMatchObject({
    email: GOOGLE_USER.email,
    firstName: GOOGLE_USER.firstName,
    lastName: GOOGLE_USER.lastName,
    claims: { isDemo: false },
  });
  // The profile screen greets the user by the name the ID token carried.
  await page.goto('/profile');
  await expect(
    page.getByRole('heading', { name: `${GOOGLE_USER.firstName} ${GOOGLE_USER.lastName}` }),
  ).toBeVisible();
  await expect(page.getByText(GOOGLE_USER.email)).toBeVisible();
});
