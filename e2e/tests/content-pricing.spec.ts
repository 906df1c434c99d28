import { expect, expectAccessible, newUser, signUpThroughApi, test, verificationLinkFor } from '../fixtures';
import { subscribeThroughApi } from './billing-helpers';

const HEADER = 'Sign up in less than 30 seconds. Upgrade at anytime, no questions, no hassle.';
const planCard = (page: import('@playwright/test').Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('pricing shows the visible plans in order, the first recommended, the fallback description', async ({
  page,
}) => {
  await page.goto('/select-plan');
  await expect(page.getByRole('heading', { name: HEADER })).toBeVisible();
  const titles = page.getByRole('article').getByRole('heading', { level: 2 });
  await expect(titles).toHaveText(['Starter App', 'Growth Bundle', 'Pro Suite']);
  await expect(page.getByText('Legacy Plan')).toHaveCount(0);
  await expect(planCard(page, 'Starter App').getByText('RECOMMENDED')).toBeVisible();
  await expect(page.getByText('RECOMMENDED')).toHaveCount(1);
  await expect(planCard(page, 'Growth Bundle').getByText('$99.99 / mo')).toBeVisible();
  await expect(planCard(page, 'Pro Suite').getByText('Standard features included.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up Today' })).toHaveCount(3);
  await expectAccessible(page);
});

test('signed out, Sign Up Today goes to /login with the plan, survives a reload, and continues to checkout', async ({
  page,
}) => {
  await page.goto('/select-plan');
  await planCard(page, 'Growth Bundle').getByRole('button', { name: 'Sign Up Today' }).click();
  await expect(page).toHaveURL(/\/login\?plan=growth&fromCheckout=1$/);
  await page.reload();
  await expect(page).toHaveURL(/\/login\?plan=growth&fromCheckout=1$/);

  // It opens on Create Account, with the chosen plan and its price, and the password rule before it is broken.
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByText('Your plan: Growth Bundle · $99.99 / month')).toBeVisible();
  const password = page.getByLabel('Password');
  await expect(password).toHaveAccessibleDescription('At least 12 characters.');
  await password.fill('short');
  await page.getByRole('button', { name: 'Show', pressed: false }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: 'Show', pressed: true })).toBeVisible();
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `docs/screenshots/login-from-pricing-${width}.png` });
  }

  const user = newUser('pricing');
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone Number').fill(user.phone);
  await password.fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await verificationLinkFor(page.request, user.email));
  await expect(page).toHaveURL(/\/checkout\?plan=growth$/);
});

test('signed in, Sign Up Today goes to /checkout with the plan, which survives a reload', async ({
  page,
}) => {
  await signUpThroughApi(page, newUser('pricing-in'));
  await page.goto('/select-plan');
  await planCard(page, 'Pro Suite').getByRole('button', { name: 'Sign Up Today' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=pro$/);
  await page.reload();
  await expect(page).toHaveURL(/\/checkout\?plan=pro$/);
});

test('pricing says when there are no plans, and when they cannot be loaded', async ({ page }) => {
  await page.route('**/api/plans', (route) => route.fulfill({ json: { plans: [] } }));
  await page.goto('/select-plan');
  await expect(page.getByText('No subscription plans are currently available.')).toBeVisible();

  await page.unroute('**/api/plans');
  await page.route('**/api/plans', (route) =>
    route.fulfill({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'Gone.' } } }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(
    'Failed to load subscription plans. Please try again later.',
  );
  await expectAccessible(page);
});

test('signed in with a plan, pricing marks it as the current plan and leads to its subscription to change plan', async ({ page }) => {
  await signUpThroughApi(page, newUser('pricing-held'));
  const { subscriptionId } = await subscribeThroughApi(page, 'pro');
  await page.goto('/select-plan');
  const pro = planCard(page, 'Pro Suite');
  await expect(pro.getByText('Current plan')).toBeVisible();
  await expect(pro.getByRole('button', { name: 'Sign Up Today' })).toHaveCount(0);
  await expect(page.getByText('Current plan')).toHaveCount(1);
  await expect(planCard(page, 'Starter App').getByRole('button', { name: 'Sign Up Today' })).toBeVisible();
  await expectAccessible(page);
  await pro.getByRole('button', { name: 'Change plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription-details/${subscriptionId}$`));
  await expect(page.getByRole('button', { name: 'Change plan' })).toBeVisible();
});

test('a plan already held: checkout says so before any card is asked for, and the dashboard says what another plan adds', async ({ page }) => {
  await signUpThroughApi(page, newUser('checkout-held'));
  const { subscriptionId } = await subscribeThroughApi(page, 'pro');
  await page.goto('/checkout?plan=pro');
  await expect(page.getByRole('status').filter({ hasText: 'You already have Pro Suite.' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `docs/screenshots/checkout-plan-held-${width}.png` });
  }
  await page.getByRole('link', { name: 'View your subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription-details/${subscriptionId}$`));

  await page.goto('/dashboard');
  const services = page.getByRole('region', { name: 'Our Services' });
  await expect(services.getByRole('link', { name: /Pro Suite/ })).toContainText('Change plan');
  await expect(services.getByRole('link', { name: /Starter App/ })).toContainText('Add a second subscription');
  await expect(services).toContainText('Another plan is added as a separate subscription.');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await services.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/dashboard-services-held-${width}.png` });
  }
});
