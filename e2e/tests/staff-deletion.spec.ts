import { randomUUID } from 'node:crypto';
import { request } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { firstPlan, subscribeThroughApi, usd } from './billing-helpers';
import { confirmDeletionByMail } from './mail-notify-helpers';
import { pngFile } from './onboarding-helpers';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

test('staff carry out a deletion request: the account cannot sign in, its files answer 404, its payment stays anonymised, no renewal charges it', async ({ page, browser, baseURL }) => {
  await signInStaffThroughUi(page, baseURL!);
  const plan = await firstPlan(page.request);
  const { page: customer, user } = await customerInNewContext(browser, baseURL!, 'erase');
  const userId = (await (await customer.request.get('/api/me')).json()).user.id as string;
  await subscribeThroughApi(customer, plan.id);
  await customer.goto('/account-settings');
  await customer.locator('input[type=file][aria-label="Choose a profile photo"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngFile(64, 64, [20, 120, 90]) });
  const photo = customer.getByRole('img', { name: 'Profile photo' });
  await expect(photo).toHaveAttribute('src', /^\/api\/files\//);
  const photoUrl = (await photo.getAttribute('src'))!;
  const asked = await customer.request.post('/api/account-deletion-requests', { data: { name: user.name, email: user.email, reason: 'Closing the shop' } });
  expect(asked.status()).toBe(201);
  await confirmDeletionByMail(customer.request, user.email);
  // A second, guest request for an address with no account.
  const nobody = `nobody-${randomUUID().slice(0, 8)}@example.com`;
  const kept = `kept-${randomUUID().slice(0, 8)}@example.com`;
  const guest = await request.newContext({ baseURL });
  expect((await guest.post('/api/account-deletion-requests', { data: { name: 'No One', email: nobody } })).status()).toBe(201);
  expect((await guest.post('/api/account-deletion-requests', { data: { name: 'Kay Kept', email: kept } })).status()).toBe(201);
  // Only a request confirmed through the link mailed to its address reaches staff.
  await confirmDeletionByMail(guest, nobody);
  await confirmDeletionByMail(guest, kept);
  await guest.dispose();

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Deletion requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deletion requests' })).toBeVisible();
  const pending = page.getByRole('list', { name: 'Pending deletion requests' });
  const row = pending.getByRole('listitem').filter({ hasText: user.email });
  await expect(row).toContainText('Closing the shop');
  await expect(row).toContainText('while signed in');
  await expectAccessible(page);
  await screenshots(page, 'deletion-requests');

  await row.getByRole('button', { name: `Carry out the request of ${user.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Erase the account of ${user.email}?` });
  await expect(dialog).toContainText('This cannot be undone.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Erase the account' }).click();
  await expect(dialog).toBeHidden();
  await expect(pending.getByRole('listitem').filter({ hasText: user.email })).toHaveCount(0);

  // The guest's request: no account, closed as such.
  await pending.getByRole('listitem').filter({ hasText: nobody }).getByRole('button', { name: `Carry out the request of ${nobody}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Erase the account' }).click();
  // A refusal needs a reason.
  await pending.getByRole('listitem').filter({ hasText: kept }).getByRole('button', { name: `Refuse the request of ${kept}` }).click();
  const refuse = page.getByRole('dialog', { name: `Refuse the request of ${kept}` });
  await refuse.getByRole('button', { name: 'Refuse request' }).click();
  await expect(refuse.getByText('Please say why the request is refused.')).toBeVisible();
  await refuse.getByLabel('Reason').fill('We could not confirm this e-mail belongs to the requester.');
  await refuse.getByRole('button', { name: 'Refuse request' }).click();
  await expect(refuse).toBeHidden();
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Refused' }).click();
  await expect(page.getByRole('list', { name: 'Refused deletion requests' }).getByRole('listitem').filter({ hasText: kept })).toContainText('Refused: We could not confirm');
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Done' }).click();
  const done = page.getByRole('list', { name: 'Done deletion requests' });
  await expect(done.getByRole('listitem').filter({ hasText: user.email })).toContainText('Carried out');
  await expect(done.getByRole('listitem').filter({ hasText: nobody })).toContainText('Closed: no account has this e-mail');
  await expect(done.getByRole('listitem').filter({ hasText: nobody })).toContainText('as a guest');

  // The customer is signed out everywhere and cannot sign in again.
  expect((await (await customer.request.get('/api/me')).json()).user).toBeNull();
  await customer.goto('/login');
  await customer.getByLabel('Email').fill(user.email);
  await customer.getByLabel('Password').fill(user.password);
  await customer.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(customer.getByRole('alert')).toBeVisible();
  await expect(customer).toHaveURL(/\/login/);

  // Files answer 404, even to staff.
  expect((await page.request.get(photoUrl)).status()).toBe(404);

  // The payment stays, under the erased name; the subscription is cancelled (billing-renewals.spec.ts moves the
  // clock past the due date of such an account and sees no renewal).
  await page.goto(`/staff/customers/${userId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Deleted account' })).toBeVisible();
  await expect(page.getByText(user.email)).toHaveCount(0);
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByRole('row')).toHaveCount(2); // the header and the one first payment
  await expect(payments).toContainText(usd(plan.amount));
  await expect(page.getByRole('region', { name: 'Subscriptions' })).toContainText('CANCELLED');
});
