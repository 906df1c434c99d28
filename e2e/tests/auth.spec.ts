import { expect, expectAccessible, newUser, signInThroughUi, signUpThroughApi, signUpThroughUi, startSignUpWith, test, verificationLinkFor } from '../fixtures';

test('a new user creates an account, lands on pricing, signs out and signs in again', async ({ page }) => {
  const user = newUser('signup');
  await signUpThroughUi(page, user);
  await expect(page).toHaveURL(/\/select-plan$/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'My Subscription' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login / Sign Up' })).toBeVisible();

  await signInThroughUi(page, user);
  // No active subscription yet: spec §4 sends the user to pricing.
  await expect(page).toHaveURL(/\/select-plan$/);
  await expect(page.getByRole('button', { name: `Account menu for ${user.name}` })).toBeVisible();
});

test('a wrong password shows a readable message and keeps the user on /login', async ({ page }) => {
  const user = await signUpThroughApi(page, newUser('wrongpw'));
  await page.context().clearCookies();
  await signInThroughUi(page, { email: user.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password. Please try again.');
  await expect(page).toHaveURL(/\/login$/);
});

test('sign-up requires every field, and answers a used e-mail as a new one (its owner is told by e-mail)', async ({ page }) => {
  const existing = await signUpThroughApi(page, newUser('dupe'));
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(page.getByLabel('Phone Number')).toHaveAttribute('type', 'tel');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Full Name is required.')).toBeVisible();
  await expect(page.getByText('Phone Number is required.')).toBeVisible();
  await page.getByLabel('Full Name').fill('Sam');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Phone Number').fill('555 000 1111');
  await page.getByLabel('Password').fill('another-password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Continue with Google signs in through the local provider and creates the profile with the picture', async ({ page, baseURL }) => {
  const picture = `${baseURL}/favicon.svg`;
  await page.goto('/login');
  await expect(page.getByText('OR', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a test Google account' })).toBeVisible();
  const email = `google-${Date.now()}@example.com`;
  await page.getByLabel('Name').fill('Gina Google');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Picture URL (optional)').fill(picture);
  await page.getByRole('button', { name: 'Continue' }).click();
  // A new account goes to pricing (spec §4).
  await expect(page).toHaveURL(/\/select-plan$/);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.user).toMatchObject({ name: 'Gina Google', email, profileImageUrl: picture });
  await expect(page.getByRole('button', { name: 'Account menu for Gina Google' }).locator('img')).toHaveAttribute('src', picture);

  // Signing in again: the provider remembers its session (as Google does) and the same account comes back.
  await page.getByRole('button', { name: 'Account menu for Gina Google' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/select-plan$/);
  expect((await (await page.request.get('/api/me')).json()).user.id).toBe(me.user.id);
});

test('coming from pricing with a plan, sign-up continues to checkout with that plan', async ({ page }) => {
  const user = newUser('fromplan');
  await signUpThroughUi(page, user, '/login?plan=demo-plan&fromCheckout=1');
  await expect(page).toHaveURL(/\/checkout\?plan=demo-plan$/);
});

test('a Google sign-in never takes over a password account whose e-mail is unverified', async ({ page }) => {
  const user = await startSignUpWith(page.request, newUser('linked'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByRole('alert')).toHaveText(
    'An account with this email already exists. Please sign in with your email and password.',
  );
  expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
  // The owner follows the link mailed to the address, and is in the account they made, not in Google's.
  await page.goto(await verificationLinkFor(page.request, user.email));
  await expect(page.getByText(`Thank you: your email address ${user.email} is verified.`)).toBeVisible();
  expect((await (await page.request.get('/api/me')).json()).user).toMatchObject({ name: user.name, email: user.email });
});

test("the whole app shows 'Loading Application...' while the sign-in state loads", async ({ page, baseURL }) => {
  // A session cookie (here one the server no longer knows) means the sign-in state must be asked for.
  await page.context().addCookies([{ name: 'better-auth.session_token', value: 'ended.session', url: baseURL! }]);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/how-it-works');
  await expect(page.getByText('Loading Application...')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  release();
  await expect(page.getByText('Loading Application...')).toBeHidden();
  await expect(page.getByRole('banner')).toBeVisible();
});

test("a signed-in page's frame shows on the first load while the page's own code is still coming", async ({ page }) => {
  await signUpThroughApi(page, newUser('frame'));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/payment-history-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/payment-history');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Your Business Your App home' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Loading...');
  release();
  await expect(page.getByRole('heading', { name: 'Payment History', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText('Loading...', { exact: true })).toHaveCount(0);
});

test('a visitor with no session cookie sees public pages at once: signed out for sure, nothing to load', async ({ page }) => {
  const asked: string[] = [];
  await page.route('**/api/me', async (route) => {
    asked.push(route.request().url());
    await route.continue();
  });
  for (const path of ['/', '/how-it-works']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Login / Sign Up' })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Your Brand, Our Platform, Launched in Days', level: 1 })).toBeVisible();
  expect(asked).toEqual([]);
});
