import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';

const SIGNED_IN_PAGES = [
  '/dashboard', '/my-subscriptions', '/my-projects', '/projects/abc', '/subscription-details/abc', '/completion-steps/abc',
  '/payment-methods', '/account-settings', '/support', '/support/chat/abc', '/create-chat', '/faqs', '/help-guides',
  '/payment-history', '/checkout', '/questionnaire/abc',
];

test('signed-out visitors on any signed-in page are sent to /', async ({ page }) => {
  for (const path of SIGNED_IN_PAGES) {
    await page.goto(path);
    await expect(page, `visiting ${path}`).toHaveURL(/\/$/);
  }
});

test('signed-in users are sent from / and /login to /dashboard', async ({ page }) => {
  await signUpThroughApi(page, newUser('guard'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await expectAccessible(page);
});

test('the signed-out header and the footer link where spec §2 says', async ({ page }) => {
  await page.goto('/terms');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, path] of [['How It Works', '/how-it-works'], ['Portfolio', '/portfolio'], ['Pricing', '/select-plan'], ['Login / Sign Up', '/login']] as const) {
    await expect(nav.getByRole('link', { name })).toHaveAttribute('href', path);
  }
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('© 2025')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Request Data Deletion' })).toHaveAttribute('href', '/request-account-deletion');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  for (const name of ['Instagram', 'Facebook', 'TikTok', 'X']) await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', /^https:\/\//);
  await expect(footer.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /^https:\/\//);
  await expect(footer.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', /^https:\/\//);
  await footer.getByRole('link', { name: 'Request Data Deletion' }).click();
  await expect(page).toHaveURL(/\/request-account-deletion$/);
});

test('the account menu works by keyboard and lists every group of spec §2', async ({ page }) => {
  const user = await signUpThroughApi(page, newUser('menu'));
  await page.goto('/dashboard');
  const trigger = page.getByRole('button', { name: `Account menu for ${user.name}` });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  for (const group of ['Account', 'Billing', 'Help & Support']) await expect(menu.getByText(group, { exact: true })).toBeVisible();
  const items = ['My Subscription', 'My Projects', 'Account Settings', 'Payment History', 'Payment Methods', 'Contact Us', 'FAQs', 'Help & Guides', 'Logout'];
  for (const name of items) await expect(menu.getByRole('menuitem', { name })).toBeVisible();
  await expectAccessible(page);
  // Opened by keyboard, the first item has focus; arrow keys move through the items; Enter follows one.
  await expect(menu.getByRole('menuitem', { name: 'My Subscription' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'My Projects' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-projects$/);
  await expect(page.getByRole('link', { name: 'Your Business Your App home' })).toHaveAttribute('href', '/dashboard');
});

// `/` is the prerendered landing page with its own small script; /terms is the app.
for (const start of ['/', '/terms']) {
  test(`the header collapses into a menu on a phone, on ${start}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(start);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'How It Works' })).toBeHidden();
    const button = nav.getByRole('button', { name: 'Open menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    const close = nav.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#mobile-nav').getByRole('link')).toHaveCount(4);
    await close.click();
    await expect(nav.getByRole('link', { name: 'Pricing' })).toBeHidden();
    await button.click();
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/select-plan$/);
    await expect(nav.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
