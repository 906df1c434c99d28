import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { subscribeThroughApi } from './billing-helpers';
import { cheapestAndDearest, screenshots as customerScreenshots } from './billing-selfserve-helpers';
import { openStaffSection, screenshots, signInAsNewStaff, signInStaffThroughUi } from './staff-helpers';

const DATE = String.raw`\w{3} \d{1,2}, \d{4}`;

// The retention offer is one for the whole portal: these journeys run one at a time on a server of their own.
test.describe.configure({ mode: 'serial' });

for (const width of [1280, 390]) {
  const viewport = { width, height: width === 390 ? 844 : 800 };

  test(`at ${width} px: a customer pauses a subscription for two months, then resumes it early`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const { cheap } = await cheapestAndDearest(page);
    await signUpThroughApi(page, newUser(`pause${width}`));
    const { subscriptionId } = await subscribeThroughApi(page, cheap.id);
    await page.goto(`/subscription-details/${subscriptionId}`);

    await page.getByRole('button', { name: 'Pause subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause this subscription?' });
    await expect(dialog).toContainText('Nothing is charged while it is paused');
    await dialog.getByRole('radio', { name: /2 months/ }).check();
    await expect(dialog.getByRole('radio', { name: /2 months/ })).toBeFocused();
    await expectAccessible(page);
    await customerScreenshots(page, 'subscription-pause-dialog');
    await dialog.getByRole('button', { name: 'Pause for 2 months' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByText(new RegExp(`^Paused · resumes on ${DATE}$`))).toBeVisible();
    await expect(page.getByText(new RegExp(`^Paused until ${DATE}$`))).toBeVisible();
    await expect(page.getByText(/^Nothing is charged while paused\. It resumes by itself on .+, and your next payment is then due on .+\.$/)).toBeVisible();
    // Paused once, it cannot be paused again before it resumes.
    await expect(page.getByRole('button', { name: 'Pause subscription' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    const again = await page.request.post(`/api/subscriptions/${subscriptionId}/pause`, { data: { months: 1 } });
    expect((await again.json()).error.code).toBe('ALREADY_PAUSED');
    await expectAccessible(page);
    await customerScreenshots(page, 'subscription-paused');

    await page.getByRole('button', { name: 'Resume now' }).click();
    await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resume now' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pause subscription' })).toBeVisible();
  });

  test(`at ${width} px: the cancel flow offers a discount once; accepted on one subscription, declined and cancelled on another`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    const staff = await signInAsNewStaff(baseURL!);
    const defined = await staff.put('/api/staff/retention-offer', { data: { percentOff: 50, renewals: 2, active: true } });
    expect(defined.status(), await defined.text()).toBe(200);
    await staff.dispose();

    const { cheap, dear } = await cheapestAndDearest(page);
    await signUpThroughApi(page, newUser(`offer${width}`));
    const kept = await subscribeThroughApi(page, dear.id);
    const left = await subscribeThroughApi(page, cheap.id);

    await page.goto(`/subscription-details/${kept.subscriptionId}`);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const offer = page.getByRole('dialog', { name: 'Before you go: 50% off your next 2 payments' });
    await expect(offer).toContainText(`Stay on ${dear.title} and pay`);
    await expectAccessible(page);
    await customerScreenshots(page, 'subscription-retention-offer');
    await offer.getByRole('button', { name: 'Accept offer' }).click();
    await expect(offer).toBeHidden();
    await expect(page.getByText('Offer applied: 50% off your next 2 payments.')).toBeVisible();
    await expect(page.getByText('ACTIVE', { exact: true })).toBeVisible();
    // Shown once per subscription: cancelling it now goes straight to the reasons.
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const reasons = page.getByRole('dialog', { name: 'Are you sure you want to cancel this subscription?' });
    await expect(reasons).toBeVisible();
    await reasons.getByRole('button', { name: 'Keep subscription' }).click();
    await expect(reasons).toBeHidden();

    await page.goto(`/subscription-details/${left.subscriptionId}`);
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'No thanks, continue to cancel' }).click();
    await expect(reasons).toBeVisible();
    await reasons.getByRole('radio', { name: 'Too expensive' }).check();
    await reasons.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(reasons).toBeHidden();
    await expect(page.getByText('CANCELLED', { exact: true })).toBeVisible();
  });

  test(`at ${width} px: staff define the offer on the overview and pause a customer's subscription from the customer page`, async ({ page, browser, baseURL }) => {
    const customer = await browser.newContext({ baseURL, viewport });
    const customerPage = await customer.newPage();
    const { cheap } = await cheapestAndDearest(customerPage);
    await signUpThroughApi(customerPage, newUser(`staffpause${width}`));
    const { subscriptionId } = await subscribeThroughApi(customerPage, cheap.id);
    const { user } = await (await customerPage.request.get('/api/me')).json();

    await page.setViewportSize(viewport);
    await signInStaffThroughUi(page, baseURL!);
    await openStaffSection(page, 'Overview');
    const section = page.getByRole('region', { name: 'Retention offer' });
    await section.getByLabel('Percent off').fill('40');
    await section.getByLabel('Payments discounted').fill('3');
    await section.getByRole('button', { name: 'Save offer' }).click();
    await expect(section.getByRole('status')).toHaveText('Offer saved.');
    await expect(section).toContainText('Customers who start to cancel are offered 40% off their next 3 payments, once per subscription.');
    await expect(section.getByText('Offers shown')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'retention-offer', section);

    await page.goto(`/staff/customers/${user.id}`);
    await page.getByLabel(`Pause ${cheap.title} for`).selectOption('3');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const resume = page.getByRole('button', { name: `Resume ${cheap.title} now` });
    await expect(resume).toBeVisible();
    await expect(page.getByText(new RegExp(`^resumes ${DATE}$`))).toBeVisible();
    await expect(page.getByText('Paused the subscription “' + cheap.title + '”')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'customer-pause', resume);

    // The customer sees it paused, live.
    await customerPage.goto(`/subscription-details/${subscriptionId}`);
    await expect(customerPage.getByText(new RegExp(`^Paused · resumes on ${DATE}$`))).toBeVisible();

    await resume.click();
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(page.getByText('Resumed the subscription “' + cheap.title + '”')).toBeVisible();
    await customer.close();
  });
}
