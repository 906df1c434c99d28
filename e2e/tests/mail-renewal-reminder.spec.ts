import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { advanceClock, firstPlan, subscribeThroughApi, usd } from './billing-helpers';
import { linkIn, mailsTo, screenshotMail, waitForMail } from './mail-notify-helpers';

// These journeys move the server's clock (CLOCK_SPECS in playwright.config.ts), so they run one after another.
test.describe.configure({ mode: 'serial' });

/** "March 10, 2026", as the mails write dates. */
const mailDate = (ms: number) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(ms);
const isReminder = (subject: string) => / subscription renews on /.test(subject);

for (const width of [1280, 390]) {
  test(`renewal reminders at ${width} px: none while switched off in account settings, then one in the mailbox`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const plan = await firstPlan(page.request);
    const user = await signUpThroughApi(page, newUser(`reminder-${width}`));
    const { subscriptionId } = await subscribeThroughApi(page, plan.id);

    await page.goto('/account-settings');
    const reminders = page.getByRole('checkbox', { name: /Renewal reminders/ });
    await expect(reminders).toBeChecked();
    await reminders.uncheck();
    await expect(page.getByRole('status').filter({ hasText: 'Your e-mail preferences were saved.' })).toBeVisible();
    await page.reload();
    await expect(reminders).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Support replies/ })).toBeChecked();
    await expectAccessible(page);
    const section = page.locator('section, div').filter({ has: page.getByRole('heading', { name: 'E-mail notifications' }) }).last();
    await section.screenshot({ path: `test-results/renewal-reminder-preference-${width}.png` });

    // 25 days on, the renewal is less than 7 days away; the sweeps run at the new time, and send nothing.
    await advanceClock(page.request, 25);
    await page.waitForTimeout(2500);
    expect((await mailsTo(page.request, user.email)).filter((m) => isReminder(m.subject))).toEqual([]);

    await reminders.check();
    await expect(page.getByRole('status').filter({ hasText: 'Your e-mail preferences were saved.' })).toBeVisible();
    await advanceClock(page.request, 0);
    const subscription = (await (await page.request.get(`/api/subscriptions/${subscriptionId}`)).json()) as { dueDate: number };
    const mail = await waitForMail(page.request, user.email, / subscription renews on /);
    expect(mail.subject).toBe(`Your ${plan.title} subscription renews on ${mailDate(subscription.dueDate)}`);
    for (const text of [plan.title, usd(plan.amount), mailDate(subscription.dueDate), 'Visa ending in 1111']) expect(mail.text).toContain(text);
    if (width === 1280) await screenshotMail(page, mail, 'renewal-reminder');

    // A second run of the sweeps sends no second reminder for the same renewal.
    await advanceClock(page.request, 0);
    await page.waitForTimeout(2500);
    expect((await mailsTo(page.request, user.email)).filter((m) => isReminder(m.subject))).toHaveLength(1);

    await page.goto(linkIn(mail, `/subscription-details/${subscriptionId}`));
    await expect(page.getByRole('heading', { name: plan.title })).toBeVisible();
  });
}
