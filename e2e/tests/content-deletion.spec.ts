import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { deletionRequestsFor } from './content-helpers';
import { confirmDeletionByMail } from './mail-notify-helpers';

const SUCCESS = 'Your account deletion request has been submitted. We will process it shortly.';

test('a guest requests deletion: the request is stored as pending for guest, and the form clears', async ({
  page,
  baseURL,
}) => {
  const email = `guest-${Date.now()}@example.com`;
  await page.goto('/request-account-deletion');
  await expect(page.getByText(/permanent and irreversible/)).toBeVisible();
  const name = page.getByLabel('Full Name');
  await expect(name).toHaveValue('');
  await expect(page.getByLabel('Email Address')).toHaveAttribute('type', 'email');
  await expect(name).toHaveAttribute('required', '');

  // Blank after trimming: the browser's own check passes, the form's message does not.
  await name.fill('   ');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Request Deletion' }).click();
  await expect(page.getByRole('alert')).toHaveText('Name and email are required.');

  await name.fill('Gwen Guest');
  await page.getByLabel('Reason (optional)').fill('I closed my bakery.');
  const before = Date.now();
  await page.getByRole('button', { name: 'Request Deletion' }).click();
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
  await expect(name).toHaveValue('');
  await expect(page.getByLabel('Email Address')).toHaveValue('');
  await expect(page.getByLabel('Reason (optional)')).toHaveValue('');
  await expectAccessible(page);

  await confirmDeletionByMail(page.request, email);
  const [stored, ...others] = await deletionRequestsFor(baseURL!, email);
  expect(others).toEqual([]);
  expect(stored).toMatchObject({
    name: 'Gwen Guest',
    email,
    reason: 'I closed my bakery.',
    status: 'pending',
    userId: 'guest',
  });
  expect(stored!.requestedAt).toBeGreaterThanOrEqual(before - 60_000);
  expect(stored!.requestedAt).toBeLessThanOrEqual(Date.now() + 60_000);
});

test("a signed-in user's form is prefilled, and the request carries their user id", async ({
  page,
  baseURL,
}) => {
  const user = await signUpThroughApi(page, newUser('deleting'));
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  await page.goto('/request-account-deletion');
  await expect(page.getByLabel('Full Name')).toHaveValue(user.name);
  await expect(page.getByLabel('Email Address')).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Request Deletion' }).click();
  await expect(page.getByText(SUCCESS)).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('');

  await confirmDeletionByMail(page.request, user.email);
  expect(await deletionRequestsFor(baseURL!, user.email)).toEqual([
    expect.objectContaining({
      name: user.name,
      email: user.email,
      reason: null,
      status: 'pending',
      userId: me.user.id,
    }),
  ]);
});

test('a failed request says so and keeps what was typed; Go Back returns', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/terms');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Request Data Deletion' }).click();
  await page.route('**/api/account-deletion-requests', (route) =>
    route.fulfill({ status: 429, json: { error: { code: 'RATE_LIMITED', message: 'Too many.' } } }),
  );
  await page.getByLabel('Full Name').fill('Fay Failure');
  await page.getByLabel('Email Address').fill('fay@example.com');
  await page.getByRole('button', { name: 'Request Deletion' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to submit deletion request. Please try again.');
  await expect(page.getByLabel('Full Name')).toHaveValue('Fay Failure');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/terms$/);
});
