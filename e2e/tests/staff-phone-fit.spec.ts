import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createChatThroughUi } from './support-helpers';
import { firstPlan, subscribeThroughApi } from './billing-helpers';
import { customerInNewContext, screenshots, signInStaffThroughUi } from './staff-helpers';

/** Every page of the staff console but a customer's and a conversation (they need data: added in the journey). */
const SECTIONS = [
  '/staff',
  '/staff/overview',
  '/staff/customers',
  '/staff/projects',
  '/staff/plans',
  '/staff/promo-codes',
  '/staff/questionnaire',
  '/staff/step-templates',
  '/staff/faqs',
  '/staff/help-guides',
  '/staff/banners',
  '/staff/portfolio',
  '/staff/trusted-by',
  '/staff/content',
  '/staff/deletion-requests',
  '/staff/team',
];

/** Buttons and links drawn (partly) outside the window's width, named so that a failure says which. */
function controlsOffTheEdge(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Unseen (display: none), or drawn only for screen readers until focused (the skip link).
        if (box.width <= 1 || box.height <= 1) return false;
        // Controls inside a region that scrolls sideways of its own are reached by scrolling it.
        for (let up = element.parentElement; up; up = up.parentElement) {
          if (up.scrollWidth > up.clientWidth && ['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return false;
        }
        return box.left < -0.5 || box.right > window.innerWidth + 0.5;
      })
      .map((element) => `${element.tagName} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`),
  );
}

/** Soft: one run names every page that does not fit. */
async function expectFits(page: Page, path: string, width: number) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { level: 2, name: /./ })).first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `${path} is wider than the window`).toBeLessThanOrEqual(width);
  expect.soft(await controlsOffTheEdge(page), `${path} has controls off the edge`).toEqual([]);
}

test('every staff page fits a phone and a wide screen: no sideways scrolling, no control off the edge', async ({ page, browser, baseURL }) => {
  // Eighteen pages at two widths.
  test.setTimeout(180_000);
  await signInStaffThroughUi(page, baseURL!);
  const customer = await customerInNewContext(browser, baseURL!, 'phone-fit');
  // A paid subscription: a card and a payment to show.
  await subscribeThroughApi(customer.page, (await firstPlan(customer.page.request)).id);
  const chatId = await createChatThroughUi(customer.page, 'Billing & Payments', 'A question about my invoice from a long e-mail address.');
  await customer.page.context().close();

  await page.goto('/staff/customers');
  await page.getByLabel('Search customers').fill(customer.user.email);
  const customerPath = new URL((await page.getByRole('link', { name: customer.user.name }).getAttribute('href'))!, baseURL).pathname;

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of [...SECTIONS, customerPath, `/staff/chats/${chatId}`]) await expectFits(page, path, width);
    // The conversation's main action is on screen.
    await expect(page.getByRole('button', { name: 'Close chat' })).toBeInViewport({ ratio: 1 });
  }

  // On a phone the tables stack each row into lines and stay tables for screen readers.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff/customers');
  await page.getByLabel('Search customers').fill(customer.user.email);
  await expect(page.getByRole('row', { name: new RegExp(customer.user.email) })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'E-mail' })).toBeAttached();
  await screenshots(page, 'customers-phone-fit');
  await page.goto(customerPath);
  await expect(page.getByRole('region', { name: 'Payments' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('heading', { level: 1, name: customer.user.name })).toBeVisible();
  await screenshots(page, 'customer-phone-fit', page.getByRole('region', { name: 'Payments' }));
  await page.goto(`/staff/chats/${chatId}`);
  await expect(page.getByRole('button', { name: 'Close chat' })).toBeVisible();
  await screenshots(page, 'chat-phone-fit');
});
