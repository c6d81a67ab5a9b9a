import { expect, expectNoSeriousA11yViolations, signInAsDemo, test } from './fixtures';

// Spec section 2: any path the router does not know shows the 404 page, signed in or not.

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'not-found: signed out');
});

test('an unknown path shows the 404 page to a signed-in user too', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
