import type { Page } from '@playwright/test';
import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { firstPlan, subscribeThroughApi } from './billing-helpers';

// What a new customer meets first, on a phone.
test.use({ viewport: { width: 390, height: 844 } });

/** Pointer and focus out of the carousel, so that only its pause button can hold it. */
async function leaveCarousel(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test('dashboard banners speak as text, can be paused, and a customer with no plan is led to one', async ({ page }) => {
  await page.clock.install();
  await signUpThroughApi(page, newUser('firststeps'));
  await page.goto('/dashboard');
  const carousel = page.getByRole('region', { name: 'Featured' });
  const slide = carousel.getByRole('group');
  await expect(slide).toHaveAttribute('aria-label', '1 of 3');

  // The words are text over the image, named to screen readers and big enough to read at 390 px.
  const title = carousel.getByText('We are here to help', { exact: true });
  const subtitle = carousel.getByText('Chat with our team from Contact Us, any time.');
  await expect(title).toBeVisible();
  await expect(subtitle).toBeVisible();
  await expect(carousel.getByRole('link')).toHaveAccessibleName(/We are here to help/);
  const fontSize = (locator: typeof title) => locator.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await fontSize(title)).toBeGreaterThanOrEqual(18);
  expect(await fontSize(subtitle)).toBeGreaterThanOrEqual(14);
  // The controls sit under the slide, never over its artwork.
  const slideBox = (await slide.boundingBox())!;
  for (const name of ['Previous banner', 'Next banner', 'Pause banners']) {
    const box = (await carousel.getByRole('button', { name }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(slideBox.y + slideBox.height - 1);
  }

  // It still moves every 4000 ms, and the pause button stops it until played again (WCAG 2.2.2).
  await page.clock.runFor(4000);
  await expect(slide).toHaveAttribute('aria-label', '2 of 3');
  await carousel.getByRole('button', { name: 'Pause banners' }).click();
  await leaveCarousel(page);
  await page.clock.runFor(12_000);
  await expect(slide).toHaveAttribute('aria-label', '2 of 3');
  await carousel.getByRole('button', { name: 'Play banners' }).click();
  await leaveCarousel(page);
  await page.clock.runFor(4000);
  await expect(slide).toHaveAttribute('aria-label', '3 of 3');

  // No subscription: not "all set", but a way to choose a plan.
  const actions = page.getByRole('region', { name: 'Action Center' });
  await expect(actions.getByText("No immediate actions required. You're all set! ✅")).toHaveCount(0);
  await expectAccessible(page);
  await actions.getByRole('link', { name: 'Choose your plan' }).click();
  await expect(page).toHaveURL(/\/select-plan$/);
});

test('how it works plays our own clip, with nothing from outside', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).hostname.match(/^(localhost|127\.0\.0\.1)$/)) outside.push(request.url());
  });
  await page.goto('/how-it-works');
  const clip = page.getByLabel(/^How Your Business Your App works/);
  await expect(clip).toBeVisible();
  await expect.poll(() => clip.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  expect(outside).toEqual([]);
  await expectAccessible(page);
});

test('help guides mark matches in chips and say when a match is in a field the card does not show', async ({ page }) => {
  await signUpThroughApi(page, newUser('guidematch'));
  await page.goto('/help-guides');
  const search = page.getByPlaceholder('Search help guides, settings...');
  const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });

  await search.fill('web console');
  await expect(page.getByText('6 results found')).toBeVisible();
  // The match is only in a console-type chip: the chip is marked.
  for (const card of await cards.all()) await expect(card.locator('mark').first()).toHaveText(/web console/i);

  await search.fill('kitchen');
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByText(/^matched in tags:/)).toHaveText('matched in tags: kitchen');
  await expect(cards.first().locator('mark')).toHaveText('kitchen');
  await expectAccessible(page);
});

test('account settings refuse a blank phone number, as sign-up does', async ({ page }) => {
  await signUpThroughApi(page, newUser('blankphone'));
  await page.goto('/account-settings');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Phone Number').fill('   ');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Phone Number is required.')).toBeVisible();
  await expectAccessible(page);
});

test('checkout with no plan shows "..." and a way back to the plans', async ({ page }) => {
  await signUpThroughApi(page, newUser('noplan'));
  await page.goto('/checkout');
  await expect(page.getByText('...', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Choose a plan' }).click();
  await expect(page).toHaveURL(/\/select-plan$/);
});

test('required questions left empty say so at each question, the first takes the focus, and each clears once answered', async ({ page }) => {
  await signUpThroughApi(page, newUser('questions'));
  const plan = await firstPlan(page.request);
  const { subscriptionId } = await subscribeThroughApi(page, plan.id);
  await page.goto(`/questionnaire/${subscriptionId}`);
  const name = page.getByLabel('What is the name of your business as customers should see it?');
  await expect(name).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();

  const message = 'Please answer the required question: "What is the name of your business as customers should see it?"';
  // At each required question, tied to its input; the first takes the focus; near Submit, how many.
  await expect(page.getByRole('alert')).toHaveText('5 answers need your attention. See the questions marked.');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(message);
  const atQuestion = page.locator(`#${await name.getAttribute('aria-describedby')}`);
  await expect(atQuestion).toBeInViewport();
  await expectAccessible(page);

  await name.fill('Bean There Cafe');
  await expect(atQuestion).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText('4 answers need your attention. See the questions marked.');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
});
