import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures';
import { createChatThroughUi } from './support-helpers';
import { customerInNewContext, openStaffSection, screenshots, signInStaffThroughUi } from './staff-helpers';

/** The count in front of the tab title, "(3) ...", or 0 without one. */
const titleCount = async (page: Page) => Number(/^\((\d+)\+?\) /.exec(await page.title())?.[1] ?? 0);

/** On a phone the conversation replaces the list: back to it. */
async function backToInbox(page: Page) {
  const back = page.getByRole('link', { name: 'Back to the inbox' });
  if (await back.isVisible()) await back.click();
}

for (const width of [1280, 390]) {
  test.describe(`the team inbox at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    });

    test('staff assign a chat to themselves, find it under Mine, and write a private note the customer never sees', async ({ page, browser, baseURL }) => {
      const staff = await signInStaffThroughUi(page, baseURL!);
      const customer = await customerInNewContext(browser, baseURL!, 'team');
      await createChatThroughUi(customer.page, 'Billing & Payments', 'My invoice shows the wrong company name.');

      await page.getByLabel('Search chats').fill(customer.user.email);
      const row = page.getByRole('list', { name: 'Chats' }).getByRole('link', { name: customer.user.email });
      await expect(row).toContainText('Unassigned');
      const assigned = page.getByRole('group', { name: 'Assignment' });
      await assigned.getByRole('button', { name: 'Mine' }).click();
      await expect(page.getByText('No chats match.')).toBeVisible();
      await assigned.getByRole('button', { name: 'Unassigned' }).click();
      await row.click();

      await page.getByRole('button', { name: 'Assign to me' }).click();
      await expect(page.getByLabel('Assigned to')).toHaveValue(/.+/);
      await expect(page.getByLabel('Assigned to').locator('option:checked')).toHaveText(`${staff.name} (me)`);
      await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);

      const note = `Checked with billing ${Date.now()}: the old company name comes from the card, not from us.`;
      await page.getByRole('textbox', { name: 'Private note', exact: true }).fill(note);
      await page.getByRole('button', { name: 'Add note' }).click();
      const notes = page.getByRole('list', { name: 'Private notes' });
      await expect(notes.getByText(note)).toBeVisible();
      await expect(notes).toContainText(staff.name);
      await expect(page.getByRole('log', { name: 'Messages' }).getByText(note)).toHaveCount(0);
      await expectAccessible(page);
      await screenshots(page, 'team-inbox-note', page.getByRole('region', { name: 'Private notes' }));
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });

      // Staff reply too: the customer's chat refetches live, and still shows no note, then or after a reload.
      await page.getByRole('combobox', { name: 'Message' }).fill('We are looking into it.');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const customerLog = customer.page.getByRole('log', { name: 'Messages' });
      await expect(customerLog.getByText('We are looking into it.')).toBeVisible();
      await expect(customer.page.getByText(note)).toHaveCount(0);
      await customer.page.reload();
      await expect(customerLog.getByText('We are looking into it.')).toBeVisible();
      await expect(customer.page.getByText(note)).toHaveCount(0);
      await customer.page.goto('/support');
      await expect(customer.page.getByText('We are looking into it.')).toBeVisible();
      await expect(customer.page.getByText(note)).toHaveCount(0);

      // Mine lists it, Unassigned no longer does.
      await backToInbox(page);
      await assigned.getByRole('button', { name: 'Unassigned' }).click();
      await expect(page.getByText('No chats match.')).toBeVisible();
      await assigned.getByRole('button', { name: 'Mine' }).click();
      await expect(row).toContainText(`Assigned to ${staff.name}`);
      await expectAccessible(page);
      await customer.page.context().close();
    });

    test('staff insert a saved reply by typing /, and the tab title counts a chat that arrives and a reply to their own chat', async ({ page, browser, baseURL }) => {
      await signInStaffThroughUi(page, baseURL!);
      const title = `Refund timing ${width} ${Date.now()}`;
      const body = `Refunds reach your card in 5 to 10 business days (${width}).`;
      await openStaffSection(page, 'Saved replies');
      await page.getByRole('button', { name: 'New saved reply' }).click();
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Reply', { exact: true }).fill(body);
      await page.getByRole('button', { name: 'Create reply' }).click();
      await expect(page.getByRole('list', { name: 'Saved replies' }).getByText(title)).toBeVisible();
      await expectAccessible(page);

      await openStaffSection(page, 'Inbox');
      await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
      // Other journeys leave chats on this server: the count goes up from whatever it is now.
      await page.waitForTimeout(500);
      const before = await titleCount(page);
      const customer = await customerInNewContext(browser, baseURL!, 'slash');
      await createChatThroughUi(customer.page, 'General Inquiry', 'When will my refund arrive?');
      await expect.poll(() => titleCount(page)).toBe(before + 1);

      await page.getByLabel('Search chats').fill(customer.user.email);
      await page.getByRole('list', { name: 'Chats' }).getByRole('link', { name: customer.user.email }).click();
      await page.getByRole('button', { name: 'Assign to me' }).click();
      await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
      // Opened, it is read: nothing waits.
      await expect.poll(() => titleCount(page)).toBe(before);

      const box = page.getByRole('combobox', { name: 'Message' });
      await box.fill(`/${title.slice(0, 13)}`);
      const listbox = page.getByRole('listbox', { name: 'Saved replies' });
      const option = listbox.getByRole('option', { name: new RegExp(title) });
      await expect(option).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      await expectAccessible(page);
      await screenshots(page, 'team-inbox-slash');
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      if (width === 1280) {
        // By keyboard: the options go round, Enter inserts the one chosen.
        for (let i = 0; i < 20 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await box.press('ArrowDown');
        await box.press('Enter');
      } else {
        await option.click();
      }
      await expect(box).toHaveValue(body);
      await expect(listbox).toHaveCount(0);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(customer.page.getByRole('log', { name: 'Messages' }).getByText(body)).toBeVisible();

      // The customer answers in the chat assigned to this staff member, who is elsewhere in the console.
      await openStaffSection(page, 'Saved replies');
      await customer.page.getByPlaceholder('Type a message...').fill('Thanks, and can I get it sooner?');
      await customer.page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => titleCount(page)).toBe(before + 1);

      // The count is this staff member's to switch off.
      await openStaffSection(page, 'Alerts');
      await page.getByLabel('Count in the tab title').uncheck();
      await expect.poll(() => titleCount(page)).toBe(0);
      await expectAccessible(page);
      await page.getByLabel('Count in the tab title').check();
      await expect.poll(() => titleCount(page)).toBe(before + 1);
      await customer.page.context().close();
    });
  });
}
