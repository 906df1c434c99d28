import { request, type Page } from '@playwright/test';
import { expect, newUser, operatorUrl, signUpWith, test } from '../fixtures';
import { screenshots, signInStaffThroughUi } from './staff-helpers';

// This journey has a server of its own without demo accounts (playwright.config.ts), so every figure is known.
const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What the original system held: two plans, one customer's subscriptions in four states, two open chats, a deletion request. */
function oldSystem(now: number) {
  const t = (ms: number) => String(now + ms);
  const subscription = (status: string, plan: 'ov-basic' | 'ov-pro', startDaysAgo: number, dueInDays: number) => ({
    Status: status,
    ServiceId: plan,
    ServiceTitle: plan === 'ov-basic' ? 'Overview Basic' : 'Overview Pro',
    Price: plan === 'ov-basic' ? '49.99' : '119.99',
    Amount: plan === 'ov-basic' ? 4999 : 11999,
    Recurring: plan === 'ov-basic' ? 'month' : 'year',
    StartDate: t(-startDaysAgo * DAY),
    DueDate: t(dueInDays * DAY),
  });
  const message = (id: string, who: 'user' | 'support', ago: number, text: string) => ({ id, MessageType: 'text', TextMessage: text, MessengerType: who, SentTimestamp: t(-ago), Status: 'OPEN' });
  return {
    Services: {
      'ov-basic': { title: 'Overview Basic', price: '49.99', amount: 4999, recurring: 'month', description: 'Monthly', visibility: 'visible' },
      'ov-pro': { title: 'Overview Pro', price: '119.99', amount: 11999, recurring: 'year', description: 'Yearly', visibility: 'visible' },
    },
    Users: { ovann: { Name: 'Ann Overview', Email: 'ovann@example.com', UserId: 'ovann', Timestamp: t(-400 * DAY) } },
    UserSubscriptions: {
      ovann: {
        'ov-active': subscription('ACTIVE', 'ov-basic', 70, 20),
        'ov-pending': subscription('ACTIVE_PENDING_UPDATE', 'ov-pro', 70, 290),
        'ov-nonpayment': subscription('INACTIVE_NONPAYMENT', 'ov-basic', 100, -10),
        'ov-cancelled': subscription('CANCELLED', 'ov-basic', 100, 5),
      },
    },
    UserChats: {
      ovann: {
        'ov-waiting': { m1: { Reason: 'Billing', SentTimestamp: t(-(2 * DAY + 3 * HOUR + 10 * MINUTE)) } },
        'ov-answered': { m1: { Reason: 'App question', SentTimestamp: t(-DAY) } },
      },
    },
    Chats: {
      'ov-waiting': { m1: message('m1', 'user', 2 * DAY + 3 * HOUR + 10 * MINUTE, 'Is my invoice ready?') },
      'ov-answered': { m1: message('m1', 'user', DAY, 'When is my app live?'), m2: message('m2', 'support', 20 * HOUR, 'Tomorrow.') },
    },
    AccountDeletionRequest: {
      'ov-deletion': { name: 'Dee Leet', email: 'dee@example.com', reason: 'Closing', status: 'pending', requestedAt: t(-DAY), userId: 'guest' },
    },
  };
}

/** A new customer's two subscriptions this month (as a paid checkout makes them); the monthly one is then cancelled. */
async function customerOfThisMonth(baseURL: string) {
  const api = await request.newContext({ baseURL });
  const customer = newUser('overview');
  await signUpWith(api, customer);
  const seed = async (planId: string) => {
    const res = await api.post(operatorUrl('/api/operator/onboarding/subscriptions'), { headers: OPERATOR, data: { email: customer.email, planId } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { subscriptionId: string }).subscriptionId;
  };
  const monthly = await seed('ov-basic');
  await seed('ov-pro');
  const cancelled = await api.post(`/api/subscriptions/${monthly}/cancel`, { data: { reason: 'unused' } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await api.dispose();
}

const figure = (page: Page, label: string) => page.getByRole('main').locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');

test('staff see the business at a glance, every figure exactly as the seeded subscriptions and chats give it', async ({ page, baseURL }) => {
  const migrated = await page.request.post(operatorUrl('/api/operator/migration'), { headers: OPERATOR, data: { database: oldSystem(Date.now()) } });
  expect(migrated.status(), await migrated.text()).toBe(200);
  expect((await migrated.json()).refused).toEqual([]);
  await customerOfThisMonth(baseURL!);

  await signInStaffThroughUi(page, baseURL!);
  const nav = page.getByRole('navigation', { name: 'Staff' });
  await expect(nav.getByRole('link').first()).toHaveText('Overview');
  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/staff\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  // The console has no public footer (store badges and social links are for customers).
  await expect(page.getByRole('contentinfo')).toHaveCount(0);

  // Active: the migrated monthly and yearly ones and this month's yearly one.
  // MRR: (49.99 x 12 + 119.99 + 119.99) / 12 = $69.99 (69.9883 before rounding to the cent).
  const expected: Record<string, string> = {
    'Active subscriptions': '3',
    'Monthly recurring revenue': '$69.99',
    'New this month': '2',
    'Cancelled this month': '1',
    'Renewals in retry': '0',
    'Inactive (non-payment)': '1',
    'Open chats': '2',
    'Longest unanswered wait': '2 d 3 h',
    'Deletion requests pending': '1',
  };
  for (const [label, value] of Object.entries(expected)) await expect(figure(page, label), label).toHaveText(value);

  const plans = page.getByRole('table').first();
  await expect(plans.getByRole('row')).toHaveText([/^Plan\s*Active\s*MRR$/, /^Overview Basic\s*1\s*\$49\.99$/, /^Overview Pro\s*2\s*\$20\.00$/]);

  // The charts end with this month; every earlier month's end after the migrated start dates counts all four
  // migrated subscriptions (those that ended, ended at the import): (49.99 x 3 x 12 + 119.99) / 12 = $159.97.
  const thisMonth = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await expect(page.getByRole('img', { name: new RegExp(`^MRR at each month's end, .+: highest \\$159\\.97, ${thisMonth} \\$69\\.99\\.$`) })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^New subscriptions per month, .+: highest 2, ${thisMonth} 2\\.$`) })).toBeVisible();
  await page.getByText("The charts' figures as a table").click();
  const months = page.getByRole('table', { name: 'MRR and new subscriptions by month' });
  await expect(months.getByRole('row')).toHaveCount(13);
  await expect(months.getByRole('row').last()).toHaveText(new RegExp(`^${thisMonth}\\s*\\$69\\.99\\s*2$`));
  await expect(page.getByText(/Discounts \(promo codes, a retention offer\) are not taken off it/)).toBeVisible();

  await screenshots(page, 'overview');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('heading', { name: 'The last 12 months' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('staff-overview-charts-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('heading', { name: 'The last 12 months' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('staff-overview-charts-1280.png') });
});
