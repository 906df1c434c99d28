import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { CARDS, fillCard, firstPlan, subscribeThroughApi } from './billing-helpers';
import { DEMO_PROMPTS as Q, holdUploads, pngFile } from './onboarding-helpers';
import { signInAsNewStaff } from './staff-helpers';

const ALL_SET = "No immediate actions required. You're all set! ✅";

test('after checkout, a new customer answers the questionnaire, sees the Action Center change and completes the setup steps', async ({
  page,
  baseURL,
}) => {
  const user = await signUpThroughApi(page, newUser('onboard'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}!` })).toBeVisible();
  const actions = page.getByRole('region', { name: 'Action Center' });
  // No subscription yet: not "all set", but a way to a plan.
  await expect(actions.getByText(ALL_SET)).toHaveCount(0);
  await expect(actions.getByRole('link', { name: 'Choose your plan' })).toHaveAttribute('href', '/select-plan');

  // Our Services -> checkout with that plan, paid with a new card; the result modal leads to the questionnaire.
  await page.getByRole('region', { name: 'Our Services' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/checkout\?plan=/);
  await fillCard(page, CARDS.visa);
  await page.getByRole('button', { name: /^Pay / }).click();
  const result = page.getByRole('dialog');
  await expect(result.getByRole('heading', { name: 'Success! 🎉' })).toBeVisible({ timeout: 20_000 });
  await result.getByRole('button', { name: 'Go to Next Step' }).click();
  await expect(page).toHaveURL(/\/questionnaire\/[0-9a-f-]{36}$/);
  const subscriptionId = page.url().split('/').pop()!;

  await page.goto('/dashboard');
  await expect(actions.getByRole('heading', { name: 'Complete Your Form' })).toBeVisible();
  await expect(actions.getByRole('heading', { name: 'Project Setup' })).toBeVisible();
  await expectAccessible(page);
  await actions.getByRole('link', { name: 'Go to Form' }).click();

  await expect(page).toHaveURL(new RegExp(`/questionnaire/${subscriptionId}$`));
  await expect(page.getByRole('heading', { name: 'Business Questionnaire' })).toBeVisible();
  // Submitting with nothing answered flags the required questions (spec §5) and goes to the first.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('#question-q-business-name-error')).toHaveText(`Please answer the required question: "${Q.name}"`);
  await expect(page.getByLabel(Q.name)).toBeFocused();
  await expectAccessible(page);

  await page.getByLabel(Q.name).fill('Bean There Cafe');
  await expect(page.getByLabel(Q.about)).toHaveAttribute('rows', '5');
  await page.getByLabel(Q.about).fill('Coffee, cakes and breakfast in the old town.');
  await page.getByRole('radiogroup', { name: Q.kind }).getByLabel('Restaurant or cafe').check();
  await page.getByRole('group', { name: Q.features }).getByLabel('Online ordering').check();
  await page.getByRole('group', { name: Q.features }).getByLabel('Loyalty rewards').check();
  await page.getByLabel(Q.colour).selectOption('Green');

  // The logo (under 256 KiB) goes in one request; hold it to watch its progress bar.
  const releaseLogo = await holdUploads(page, (method) => method === 'POST');
  await page.locator(`input[type=file][aria-label="Choose an image for: ${Q.logo}"]`).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: pngFile(320, 320, [20, 120, 80], 150_000),
  });
  await expect(page.getByRole('progressbar', { name: 'Upload of logo.png' })).toBeVisible();
  await releaseLogo();
  await expect(page.getByRole('img', { name: 'logo.png' })).toBeVisible();

  // A larger photo goes in chunks: hold its second chunk and see the progress move part of the way.
  const releasePhoto = await holdUploads(page, (method, index) => method === 'PATCH' && index === 3);
  const photos = page.getByRole('group', { name: Q.photos });
  await expect(photos.getByText('You can upload up to 10 images.')).toBeVisible();
  await page.locator(`input[type=file][aria-label="Choose images for: ${Q.photos}"]`).setInputFiles([
    { name: 'shop-front.png', mimeType: 'image/png', buffer: pngFile(640, 400, [200, 90, 40], 900_000) },
    { name: 'not-a-photo.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
  ]);
  await expect(photos.getByRole('alert')).toHaveText('Only image files can be uploaded here.');
  const progress = page.getByRole('progressbar', { name: 'Upload of shop-front.png' });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);
  await releasePhoto();
  await expect(photos.getByRole('img', { name: 'shop-front.png' })).toBeVisible();
  await expect(progress).toBeHidden();

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(actions.getByRole('heading', { name: 'Project Setup' })).toBeVisible();
  await expect(actions.getByRole('heading', { name: 'Complete Your Form' })).toBeHidden();

  // Opening the questionnaire again shows the saved answers, ready to be updated.
  await page.goto(`/questionnaire/${subscriptionId}`);
  await expect(page.getByLabel(Q.name)).toHaveValue('Bean There Cafe');
  await expect(page.getByRole('group', { name: Q.features }).getByLabel('Loyalty rewards')).toBeChecked();
  await expect(page.getByLabel(Q.colour)).toHaveValue('Green');
  await expect(page.getByRole('group', { name: Q.logo }).getByRole('img')).toBeVisible();
  await page.getByLabel(Q.name).fill('Bean Here Cafe');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const saved = await (await page.request.get(`/api/questionnaire/${subscriptionId}`)).json();
  expect(saved.submission.answers[0]).toMatchObject({
    formItemId: 'q-business-name',
    answer: 'Bean Here Cafe',
  });
  expect(
    saved.submission.answers.find((a: { formItemId: string }) => a.formItemId === 'q-photos').answers,
  ).toHaveLength(1);

  // Completion steps: marking one completed moves the progress; staff changes show live.
  await actions.getByRole('link', { name: 'View Steps' }).click();
  await expect(page).toHaveURL(new RegExp(`/completion-steps/${subscriptionId}$`));
  // The questionnaire's step was completed when the questionnaire was submitted; a step naming a place links there.
  await expect(page.getByText('1 of 5 steps completed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the questionnaire' })).toHaveAttribute('href', `/questionnaire/${subscriptionId}`);
  await expect(page.getByRole('link', { name: 'Go to My Projects' })).toBeVisible();
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `docs/screenshots/completion-steps-follow-${width}.png` });
  }
  await page.getByRole('button', { name: 'Mark step 2 as completed' }).click();
  await expect(page.getByText('2 of 5 steps completed')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Setup progress' })).toHaveAttribute(
    'aria-valuenow',
    '40',
  );
  await expect(page.getByText(/^Completed on /)).toHaveCount(2);

  const staff = await signInAsNewStaff(baseURL!);
  const steps = (await (await page.request.get(`/api/completion-steps/${subscriptionId}`)).json())
    .steps as Array<{ id: string }>;
  for (const step of steps.slice(2)) {
    const res = await staff.patch(`/api/staff/subscriptions/${subscriptionId}/steps/${step.id}`, {
      data: { stepStatus: 'completed' },
    });
    expect(res.status()).toBe(204);
  }
  await staff.dispose();
  await expect(page.getByText('5 of 5 steps completed')).toBeVisible();
  await expect(page.getByRole('button', { name: /Mark step/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(actions.getByText(ALL_SET)).toBeVisible();
});

test('the dashboard carousel moves every 4 s, stops on hover, and works by keyboard; a service goes to checkout', async ({
  page,
}) => {
  await page.clock.install();
  await signUpThroughApi(page, newUser('carousel'));
  await page.goto('/dashboard');
  const carousel = page.getByRole('region', { name: 'Featured' });
  const slide = carousel.getByRole('group');
  // Newest banner first (spec §9): the demo's support banner.
  await expect(slide).toHaveAttribute('aria-label', '1 of 3');
  await expect(carousel.getByRole('link')).toHaveAttribute('href', '/support');
  // The banner's words are text, so the link is named by them.
  await expect(carousel.getByRole('link')).toHaveAccessibleName(/We are here to help/);

  await page.clock.runFor(4000);
  await expect(slide).toHaveAttribute('aria-label', '2 of 3');
  await carousel.hover();
  await page.clock.runFor(8000);
  await expect(slide).toHaveAttribute('aria-label', '2 of 3');
  await page.mouse.move(0, 0);
  await page.clock.runFor(4000);
  await expect(slide).toHaveAttribute('aria-label', '3 of 3');

  await carousel.getByRole('button', { name: 'Previous banner' }).focus();
  await page.keyboard.press('Enter');
  await expect(slide).toHaveAttribute('aria-label', '2 of 3');
  // Focus inside stops it too.
  await page.clock.runFor(8000);
  await expect(slide).toHaveAttribute('aria-label', '2 of 3');
  await page.keyboard.press('Tab');
  await expect(carousel.getByRole('button', { name: 'Next banner' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(slide).toHaveAttribute('aria-label', '3 of 3');
  await carousel.getByRole('button', { name: 'Show banner 1' }).press('Enter');
  await expect(slide).toHaveAttribute('aria-label', '1 of 3');
  await expect(carousel.getByRole('button', { name: 'Show banner 1' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  await expect(page.getByRole('region', { name: 'Action Center' }).getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  const services = page.getByRole('region', { name: 'Our Services' });
  await services.getByRole('link', { name: /Starter App/ }).click();
  await expect(page).toHaveURL(/\/checkout\?plan=starter$/);
});

test("the questionnaire of a subscription that is not the user's says so", async ({ page }) => {
  await signUpThroughApi(page, newUser('noform'));
  await page.goto('/questionnaire/not-a-subscription');
  await expect(page.getByRole('alert')).toHaveText(
    'No subscription ID found. Please start the subscription process again.',
  );
  await page.goto('/completion-steps/not-a-subscription');
  await expect(page.getByRole('alert')).toHaveText('Subscription not found.');
});

test('a step marked completed by mistake can be undone', async ({ page }) => {
  const plan = await firstPlan(page.request);
  await signUpThroughApi(page);
  const { subscriptionId } = await subscribeThroughApi(page, plan.id);
  await page.goto(`/completion-steps/${subscriptionId}`);
  const progress = page.getByText(/^\d+ of \d+ steps completed$/);
  await expect(progress).toHaveText(/^0 of/);
  await page.getByRole('button', { name: 'Mark step 2 as completed' }).click();
  await expect(progress).toHaveText(/^1 of/);
  const undo = page.getByRole('button', { name: 'Undo: step 2 is not completed' });
  await expect(undo).toBeVisible();
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `docs/screenshots/completion-steps-undo-${width}.png` });
  }
  await undo.click();
  await expect(progress).toHaveText(/^0 of/);
  await expect(page.getByRole('button', { name: 'Mark step 2 as completed' })).toBeVisible();
});
