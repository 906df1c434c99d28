import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { advanceClock, CARD_REFUSED, CARDS, fillCard, firstPlan, operator, refuseCardAtSquare, subscribeThroughApi, usd } from './billing-helpers';
import { linkIn, mailsTo, screenshotMail, waitForMail } from './mail-notify-helpers';
import { signInAsNewStaff } from './staff-helpers';

// The renewal journey moves the server's clock (CLOCK_SPECS in playwright.config.ts), so these run one after another.
test.describe.configure({ mode: 'serial' });

test('a checkout sends a receipt with amount, plan, card and date', async ({ page }) => {
  const plan = await firstPlan(page.request);
  const user = await signUpThroughApi(page, newUser('receipt'));
  await page.goto(`/checkout?plan=${plan.id}`);
  await fillCard(page, CARDS.visa);
  await page.getByRole('button', { name: `Pay ${usd(plan.amount)}` }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Success! 🎉' })).toBeVisible({ timeout: 20_000 });

  const receipt = await waitForMail(page.request, user.email, /^Your receipt: /);
  expect(receipt.subject).toBe(`Your receipt: ${usd(plan.amount)} for ${plan.title}`);
  for (const text of [usd(plan.amount), plan.title, 'ending in 1111', 'Payment reference', 'All rights reserved.']) expect(receipt.text).toContain(text);
  expect((await mailsTo(page.request, user.email)).filter((m) => m.subject.startsWith('Your receipt'))).toHaveLength(1);
  await screenshotMail(page, receipt, 'receipt');

  // The mail's link leads to the same payment in the portal.
  await page.goto(linkIn(receipt, '/payment-history'));
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'New Subscription' })).toContainText('Complete');
});

test('support replies to a chat the customer has closed: one e-mail, whose link opens the chat', async ({ page, baseURL }) => {
  const user = await signUpThroughApi(page, newUser('chat-mail'));
  const created = await page.request.post('/api/support/chats', { data: { reason: 'Technical Support', initialMessage: 'My menu does not sync.' } });
  const { chatId } = (await created.json()) as { chatId: string };
  const chatPage = await page.context().newPage();
  await chatPage.goto(`/support/chat/${chatId}`);
  await expect(chatPage.getByText('My menu does not sync.')).toBeVisible();
  await chatPage.close();

  const staff = await signInAsNewStaff(baseURL!);
  for (const text of ['Thanks, looking into it.', 'Fixed: please open the app again.']) {
    const sent = await staff.post(`/api/staff/chats/${chatId}/messages`, { data: { messageType: 'text', textMessage: text } });
    expect(sent.status()).toBe(201);
  }
  await staff.dispose();

  const mail = await waitForMail(page.request, user.email, /^Support replied to your chat/);
  expect(mail.text).toContain('Fixed: please open the app again.');
  // One mail for the burst, not one per message.
  await page.waitForTimeout(3000);
  expect((await mailsTo(page.request, user.email)).filter((m) => m.subject.startsWith('Support replied'))).toHaveLength(1);
  await screenshotMail(page, mail, 'support-reply');

  await page.goto(linkIn(mail, `/support/chat/${chatId}`));
  await expect(page.getByText('Fixed: please open the app again.')).toBeVisible();
});

test('a failed renewal e-mails the reason and a fix-your-card link that leads to a renewal that works', async ({ page }) => {
  const plan = await firstPlan(page.request);
  const user = await signUpThroughApi(page, newUser('renewal-mail'));
  const { subscriptionId, cardId } = await subscribeThroughApi(page, plan.id);
  await refuseCardAtSquare(page.request, cardId);
  await advanceClock(page.request, 32);

  const failed = await waitForMail(page.request, user.email, /^We could not renew /);
  expect(failed.text).toContain(`Reason: ${CARD_REFUSED}`);
  await screenshotMail(page, failed, 'renewal-failed');
  const fix = linkIn(failed, `/subscription-details/${subscriptionId}`);

  await page.goto(fix);
  await expect(page.getByRole('heading', { name: plan.title })).toBeVisible();
  const dunning = page.getByRole('alert').filter({ hasText: 'Reason' }).or(page.getByRole('alert').filter({ hasText: 'failed' }));
  await expect(dunning.first()).toContainText(CARD_REFUSED);
  await expect(page.getByRole('button', { name: 'Update card and pay now' })).toBeVisible();
  await page.goto('/payment-methods');
  await page.getByRole('button', { name: 'Add Card' }).click();
  await fillCard(page, CARDS.mastercard);
  await page.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByText('Card saved.')).toBeVisible();
  // The refused card goes; the new one takes over the subscription.
  await page.getByRole('button', { name: 'Delete Visa ending in 1111' }).click();
  const takeOver = page.getByRole('dialog', { name: 'Which card takes over?' });
  await takeOver.getByRole('radio', { name: /Mastercard •••• 5100/ }).check();
  await takeOver.getByRole('button', { name: 'Delete and switch' }).click();
  await expect(takeOver).toBeHidden();

  // The next retry charges the new card: a renewal receipt follows.
  await advanceClock(page.request, 1);
  await expect
    .poll(async () => (await mailsTo(page.request, user.email)).filter((m) => m.subject.startsWith('Your receipt')).length, { timeout: 20_000 })
    .toBe(2);
  await page.goto(fix);
  await expect(page.getByRole('heading', { name: plan.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update card and pay now' })).toHaveCount(0);
});

test('a deletion request takes effect only through the link mailed to the address', async ({ page, baseURL }) => {
  const email = `deleting-${Date.now()}@example.com`;
  await page.goto('/request-account-deletion');
  await page.getByLabel('Full Name').fill('Dora Delete');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Request Deletion' }).click();
  await expect(page.getByRole('status')).toContainText('Your account deletion request has been submitted. We will process it shortly.');
  await expect(page.getByRole('status')).toContainText(`To confirm it, follow the link we sent to ${email}.`);
  const listed = async () =>
    (
      await (
        await page.request.get(`/api/operator/account-deletion-requests?email=${encodeURIComponent(email)}`, {
          headers: { authorization: 'Bearer e2e-operator-token-0123456789' },
        })
      ).json()
    ).requests as Array<{ status: string }>;
  expect(await listed()).toEqual([]);

  const mail = await waitForMail(page.request, email, /^Confirm your account deletion request$/);
  await screenshotMail(page, mail, 'deletion-confirm');
  const link = linkIn(mail, '/request-account-deletion/confirm');
  expect(link.startsWith(baseURL!)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm Data Deletion' })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/deletion-confirm-page-390.png' });
  await page.getByRole('button', { name: 'Confirm Deletion Request' }).click();
  await expect(page.getByRole('status')).toContainText('Your account deletion request is confirmed. We will process it shortly.');
  expect(await listed()).toEqual([expect.objectContaining({ status: 'pending' })]);
  await waitForMail(page.request, email, /^We received your account deletion request$/);

  // A used link says so and offers a new request.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm Deletion Request' }).click();
  await expect(page.getByRole('alert')).toHaveText('This confirmation link is invalid or has already been used.');
  await page.getByRole('link', { name: 'Request deletion again' }).click();
  await expect(page).toHaveURL(/\/request-account-deletion$/);
});

test('account settings turn support and project e-mails off and on; the choice is kept', async ({ page }) => {
  await signUpThroughApi(page, newUser('prefs'));
  await page.goto('/account-settings');
  const support = page.getByRole('checkbox', { name: /Support replies/ });
  const projects = page.getByRole('checkbox', { name: /Project updates/ });
  await expect(support).toBeChecked();
  await expect(projects).toBeChecked();
  await expect(page.getByText('Receipts, billing notices and security e-mails are always sent.')).toBeVisible();
  await support.uncheck();
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail preferences were saved.' })).toBeVisible();
  await page.reload();
  await expect(support).not.toBeChecked();
  await expect(projects).toBeChecked();
  expect(await (await page.request.get('/api/me/mail-preferences')).json()).toEqual({ supportReplies: false, projectUpdates: true, renewalReminders: true, projectPreviews: true, projectDecisions: true, projectStages: true });
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const section = page.locator('section, div').filter({ has: page.getByRole('heading', { name: 'E-mail notifications' }) }).last();
    await section.screenshot({ path: `test-results/mail-preferences-${width}.png` });
  }
});

test('a card that expires before the next renewal: one e-mail, and a notice on the subscription', async ({ page }) => {
  const plan = await firstPlan(page.request);
  const user = await signUpThroughApi(page, newUser('expiring'));
  // The server's own (movable) clock says which month a card must end in to expire before next month's renewal.
  const clock = await page.request.post('/api/operator/billing/clock', { headers: operator, data: { advanceDays: 0 } });
  const now = new Date(((await clock.json()) as { now: number }).now);
  const expiry = `${String(now.getUTCMonth() + 1).padStart(2, '0')} / ${String(now.getUTCFullYear()).slice(-2)}`;
  await page.goto(`/checkout?plan=${plan.id}`);
  await fillCard(page, CARDS.visa, expiry);
  await page.getByRole('button', { name: `Pay ${usd(plan.amount)}` }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Success! 🎉' })).toBeVisible({ timeout: 20_000 });

  const mail = await waitForMail(page.request, user.email, /expires before your next renewal$/);
  expect(mail.subject).toBe('Your Visa ending in 1111 expires before your next renewal');
  await page.goto(linkIn(mail, '/subscription-details/'));
  await expect(page.getByText(/Your Visa •••• 1111 expires \d\d\/\d{4}, before this subscription renews on/)).toBeVisible();
  await page.waitForTimeout(2500);
  expect((await mailsTo(page.request, user.email)).filter((m) => m.subject.includes('expires before'))).toHaveLength(1);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/card-expiry-notice-${width}.png` });
  }
});
