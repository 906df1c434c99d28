import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dayInputToMs, earliestEffectiveDay, msToDayInput } from '@portal/contracts/price-changes';
import { expect, expectAccessible, mailsTo, test } from '../fixtures';
import { CARDS, fillCard, usd } from './billing-helpers';
import { customerInNewContext, openStaffSection, screenshots, signInStaffThroughUi } from './staff-helpers';

const shortDate = (ms: number) => new Date(ms).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

test('staff create a 3-month code and schedule a price change; the customer sees the discount on the receipt and the coming price on the subscription page (phone)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const code = `QTR-${randomUUID().slice(0, 6).toUpperCase()}`;
  const title = `Repriced ${Date.now()}`;
  await signInStaffThroughUi(page, baseURL!);

  // A code that lasts 3 months: the months are asked for, in words, before it saves.
  await openStaffSection(page, 'Promo codes');
  await page.getByRole('button', { name: 'New promo code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promo code' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Percent off (1 to 100)').fill('20');
  await dialog.getByLabel('Discount lasts').selectOption('For a number of months');
  await dialog.getByLabel('Max redemptions (empty: no limit)').fill('5');
  await dialog.getByLabel('Uses per customer (empty: no limit)').fill('9');
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await expect(dialog.getByText('Enter for how many months the discount lasts, from 1 to 36.')).toBeVisible();
  await expect(dialog.getByText('A customer cannot use it more often than it can be used in all (5): enter at most that, or leave it empty.')).toBeVisible();
  await dialog.getByLabel('Months (1 to 36, from the first payment)').fill('3');
  await dialog.getByLabel('Uses per customer (empty: no limit)').fill('1');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create promo code' }).click();
  await expect(dialog).toBeHidden();
  const promoRow = page.getByRole('list', { name: 'Promo codes' }).getByRole('listitem').filter({ hasText: code });
  await expect(promoRow).toContainText('20% off · 3 months · Every plan');
  await expect(promoRow).toContainText('Redeemed 0 of 5 · once per customer');

  // A plan for this journey.
  await openStaffSection(page, 'Plans');
  await page.getByRole('button', { name: 'New plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'New plan' });
  await planDialog.getByLabel('Title').fill(title);
  await planDialog.getByLabel('Amount (US dollars)').fill('40');
  await planDialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(planDialog).toBeHidden();
  const planRow = page.getByRole('list', { name: 'Plans' }).getByRole('listitem').filter({ hasText: title });
  await expect(planRow).toContainText('$40.00 / month');
  const plans = (await (await page.request.get('/api/staff/plans')).json()) as { plans: { id: string; title: string }[] };
  const planId = plans.plans.find((p) => p.title === title)!.id;

  // The customer, on a phone, buys it with the code: 20% off, and the receipt e-mail shows the discount.
  const { page: customer, user } = await customerInNewContext(browser, baseURL!, 'coupon');
  await customer.setViewportSize({ width: 390, height: 844 });
  await customer.goto(`/checkout?plan=${planId}`);
  await customer.getByLabel('Promo code').fill(code.toLowerCase());
  await customer.getByRole('button', { name: 'Apply' }).click();
  await expect(customer.getByText(`Promo code applied! (${code})`)).toBeVisible();
  await fillCard(customer, CARDS.visa);
  await customer.getByRole('button', { name: `Pay ${usd(3200)}` }).click();
  await expect(customer.getByRole('dialog').getByRole('heading', { name: 'Success! 🎉' })).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => (await mailsTo(customer.request, user.email)).find((m) => m.subject === `Your receipt: ${usd(3200)} for ${title}`)?.text ?? '')
    .toContain(`Discount (${code})`);
  const receipt = (await mailsTo(customer.request, user.email)).find((m) => m.subject === `Your receipt: ${usd(3200)} for ${title}`)!;
  expect(receipt.text).toContain('-$8.00');

  const subs = (await (await customer.request.get('/api/subscriptions')).json()) as { subscriptions: { id: string; serviceId: string }[] };
  const subscriptionId = subs.subscriptions.find((s) => s.serviceId === planId)!.id;
  await customer.goto(`/subscription-details/${subscriptionId}`);
  await expect(customer.getByTestId('lasting-discount')).toContainText(`Promo code ${code}: 20% off renewals before`);
  await expect(customer.getByTestId('coming-price')).toHaveCount(0);

  // Staff schedule a new price: too soon is refused with what to do, 30 days on is taken.
  await planRow.getByRole('button', { name: `Change the price of ${title}` }).click();
  const change = page.getByRole('dialog', { name: `Change the price of ${title}` });
  await change.getByLabel('New price (US dollars)').fill('50');
  const earliest = earliestEffectiveDay(Date.now());
  await change.getByLabel(/^Takes effect on/).fill(msToDayInput(earliest - 86_400_000));
  await change.getByRole('button', { name: 'Schedule price change' }).click();
  await expect(change.getByText(/^Subscribers must hear of a new price at least 30 days ahead, as the Terms promise: choose .+ or later\.$/)).toBeVisible();
  await change.getByLabel(/^Takes effect on/).fill(msToDayInput(earliest));
  await expectAccessible(page);
  await change.getByRole('button', { name: 'Schedule price change' }).click();
  await expect(change).toBeHidden();
  await expect(planRow).toContainText(`Changes to $50.00 / month on ${shortDate(dayInputToMs(msToDayInput(earliest)))} (subscribers told)`);
  await expect(planRow.getByRole('button', { name: `Change the price of ${title}` })).toHaveCount(0);
  await screenshots(page, 'price-change', planRow);

  // The customer's open page shows the coming price live, and the notice is in the mailbox.
  await expect(customer.getByTestId('coming-price')).toContainText(`New price from ${shortDate(earliest)}: $50.00 / month`);
  await expect(customer.getByTestId('coming-price')).toContainText('(now $40.00)');
  await expect.poll(async () => (await mailsTo(customer.request, user.email)).filter((m) => m.subject.startsWith(`The price of ${title} changes on`)).length).toBe(1);
  await expectAccessible(customer);
  for (const width of [390, 1280]) {
    await customer.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await customer.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/billing-coming-price-${width}.png`, import.meta.url)), fullPage: true });
  }

  // Staff take the change back: the customer's page drops the coming price live, and the mail says the price stays.
  await planRow.getByRole('button', { name: `Withdraw the price change of ${title}` }).click();
  const withdraw = page.getByRole('dialog', { name: `Withdraw the new price of ${title}?` });
  await expect(withdraw).toContainText('Every subscriber told of it gets an e-mail that their price stays');
  await expectAccessible(page);
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw).toBeHidden();
  await expect(planRow).not.toContainText('Changes to $50.00');
  await expect(planRow.getByRole('button', { name: `Change the price of ${title}` })).toBeVisible();
  await expect(customer.getByTestId('coming-price')).toHaveCount(0);
  await expect.poll(async () => (await mailsTo(customer.request, user.email)).filter((m) => m.subject === `The price of ${title} is not changing`).length).toBe(1);
});
