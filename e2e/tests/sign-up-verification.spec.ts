import {
  expect,
  expectAccessible,
  MAIL_ARRIVES_WITHIN_MS,
  mailsTo,
  newUser,
  signInThroughUi,
  signUpThroughApi,
  startSignUpWith,
  test,
  VERIFY_SUBJECT,
  verificationLinkFor,
} from '../fixtures';
import { linkIn, screenshotMail, waitForMail } from './mail-notify-helpers';

const planCard = (page: import('@playwright/test').Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Fills in and sends the Create Account form of /login, already open on it. */
async function createAccount(page: import('@playwright/test').Page, user: ReturnType<typeof newUser>) {
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Phone Number').fill(user.phone);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

for (const width of [1280, 390]) {
  test(`sign-up from pricing with a plan: "Check your email", then the mailed link lands on that plan's checkout (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/select-plan');
    await planCard(page, 'Growth Bundle').getByRole('button', { name: 'Sign Up Today' }).click();
    await expect(page).toHaveURL(/\/login\?plan=growth&fromCheckout=1$/);
    const user = newUser(`plan${width}`);
    await createAccount(page, user);

    // Nobody is signed in yet: the page names the address, keeps the plan, and offers another link.
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`We sent an email to ${user.email}. Follow the link in it to finish creating your account and sign in.`);
    await expect(page.getByText('Your plan: Growth Bundle · $99.99 / month')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend' })).toBeVisible();
    expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
    await expectAccessible(page);
    await page.screenshot({ path: `docs/screenshots/sign-up-check-email-${width}.png`, fullPage: true });

    const mail = await waitForMail(page.request, user.email, new RegExp(`^${VERIFY_SUBJECT}$`));
    if (width === 390) await screenshotMail(page, mail, 'sign-up-verification');
    const link = new URL(linkIn(mail, '/api/auth/verify-email'));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/checkout\?plan=growth$/);
    await expect(page.getByRole('heading', { name: 'Review Your Subscription' })).toBeVisible();
    await expect(page.getByText('Growth Bundle').first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Account menu for ${user.name}` })).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/sign-up-verified-checkout-${width}.png` });
  });
}

test('a sign-up for an address that has an account looks the same, and its owner is mailed the ways back in', async ({ page }) => {
  const owner = await signUpThroughApi(page, newUser('owner'));
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await createAccount(page, { ...newUser('intruder'), email: owner.email });
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`We sent an email to ${owner.email}. Follow the link in it to finish creating your account and sign in.`);
  expect((await (await page.request.get('/api/me')).json()).user).toBeNull();

  const warning = await waitForMail(page.request, owner.email, /^Someone tried to create an account with your e-mail address$/);
  expect(warning.text).toContain('This address already has an account, so no new one was made and nothing in yours changed.');
  expect(linkIn(warning, '/login')).toMatch(/\/login$/);
  expect(linkIn(warning, '/forgot-password')).toMatch(/\/forgot-password$/);
  await screenshotMail(page, warning, 'sign-up-existing-account');
  // The owner's one verification mail is from their own sign-up.
  expect((await mailsTo(page.request, owner.email)).filter((m) => m.subject === VERIFY_SUBJECT)).toHaveLength(1);
});

test('signing in before following the link says so and sends a new one on request; a broken link offers the way back', async ({ page }) => {
  const user = await startSignUpWith(page.request, newUser('early'));
  await verificationLinkFor(page.request, user.email);
  await signInThroughUi(page, user);
  await expect(page.getByRole('alert')).toHaveText('Please verify your email address first: follow the link we emailed you, or send a new one.');
  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText(`We sent a new link to ${user.email}.`)).toBeVisible();
  // Another one only after a wait (the server limits them per address as well).
  await expect(page.getByText(/You can ask for another link in \d+ s\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend' })).toHaveCount(0);
  await expectAccessible(page);

  await expect.poll(async () => (await mailsTo(page.request, user.email)).filter((m) => m.subject === VERIFY_SUBJECT).length, { timeout: MAIL_ARRIVES_WITHIN_MS }).toBe(2);
  const link = await verificationLinkFor(page.request, user.email);
  // A link that was tampered with says so, and leads back to sign-in.
  await page.goto(link.replace(/token=([^&]+)/, (_, token: string) => `token=${token.slice(0, -3)}abc`));
  await expect(page.getByText('This verification link has expired or is not valid.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to get a new link' })).toBeVisible();

  await page.goto(link);
  // A new account with no plan goes on to pricing (spec §4).
  await expect(page).toHaveURL(/\/select-plan$/);
  await expect(page.getByRole('button', { name: `Account menu for ${user.name}` })).toBeVisible();
});
