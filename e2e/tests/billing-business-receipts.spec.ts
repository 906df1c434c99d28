import { readFileSync } from 'node:fs';
import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { CARDS, firstPlan, saveCardThroughApi, usd } from './billing-helpers';
import { pdfText } from './billing-selfserve-helpers';

for (const width of [1280, 390]) {
  test.describe(`business receipts at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    });

    test('the customer fills the billing profile, pays, and the receipt is made out to the business', async ({ page }, testInfo) => {
      const plan = await firstPlan(page.request);
      const user = await signUpThroughApi(page, { ...newUser('business-receipt'), name: 'Robin Quinn' });
      await page.goto('/account-settings');
      const section = page.getByRole('region', { name: 'Billing Details' });
      await expect(section.getByText('No business details. Receipts are made out to your name and e-mail.')).toBeVisible();
      await section.getByRole('button', { name: 'Edit Billing Details' }).click();

      // An address without the business it belongs to is refused at the field, which takes the focus.
      const businessName = section.getByLabel('Business name');
      await section.getByLabel('Business address').fill('12 Baker Lane\nPortland, OR 97201');
      await section.getByLabel('Tax ID (VAT, EIN, GST or similar)').fill('EIN 93-1234567');
      await section.getByRole('button', { name: 'Save Billing Details' }).click();
      await expect(businessName).toBeFocused();
      await expect(businessName).toHaveAttribute('aria-invalid', 'true');
      await expect(section.locator('#billing-business-name-error')).toHaveText('Enter the business name that goes with this address or tax ID.');
      await expectAccessible(page);

      await businessName.fill('Bloom Bakery LLC');
      await section.getByRole('button', { name: 'Save Billing Details' }).click();
      await expect(section.getByRole('status')).toHaveText('Your billing details were saved.');
      await expect(section.getByText('Bloom Bakery LLC')).toBeVisible();
      await expect(section.getByText('EIN 93-1234567')).toBeVisible();
      await expectAccessible(page);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await section.screenshot({ path: testInfo.outputPath(`billing-details-${width}.png`) });

      await saveCardThroughApi(page, CARDS.visa);
      await page.goto(`/checkout?plan=${plan.id}`);
      await page.getByRole('button', { name: `Pay ${usd(plan.amount)}` }).click();
      await expect(page.getByRole('heading', { name: 'Success! 🎉' })).toBeVisible({ timeout: 20_000 });

      await page.goto('/payment-history');
      const row = page.getByRole('table').getByRole('row').filter({ hasText: 'New Subscription' });
      await expect(row).toContainText('Complete');
      const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /^Receipt R-\d{6} \(PDF\)$/ }).click()]);
      const text = pdfText(readFileSync((await download.path())!));
      const [payment] = (await (await page.request.get('/api/payments')).json()).payments as { id: string }[];
      for (const expected of [
        'Your Business Your App LLC (demo)',
        'Tax ID: DEMO-00-0000000',
        'Bloom Bakery LLC',
        '12 Baker Lane',
        'Portland, OR 97201',
        'Tax ID: EIN 93-1234567',
        'Robin Quinn',
        user.email,
        'Payment reference',
        payment!.id,
        'Square payment ID',
        usd(plan.amount),
      ]) {
        expect(text).toContain(expected);
      }
    });
  });
}
