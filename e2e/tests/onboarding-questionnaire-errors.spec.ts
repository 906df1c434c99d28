import type { Page } from '@playwright/test';
import { expect, expectAccessible, signUpThroughApi, test } from '../fixtures';
import { firstPlan, subscribeThroughApi } from './billing-helpers';
import { DEMO_PROMPTS as Q, pngFile } from './onboarding-helpers';

const required = (prompt: string) => `Please answer the required question: "${prompt}"`;
/** What a question says under it: the paragraph its input names in aria-describedby. */
const errorOf = (page: Page, questionId: string) => page.locator(`#question-${questionId}-error`);
const shoot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `docs/screenshots/questionnaire-${name}-${width}.png`, fullPage: true });

for (const width of [1280, 390]) {
  test(`questionnaire errors are in words at each question, a failed upload can be retried or removed, and a reload keeps the answers (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const plan = await firstPlan(page.request);
    await signUpThroughApi(page);
    const { subscriptionId } = await subscribeThroughApi(page, plan.id);
    await page.goto(`/questionnaire/${subscriptionId}`);
    await expect(page.getByRole('heading', { name: 'Business Questionnaire' })).toBeVisible();

    // Nothing filled: every required question is flagged at the question, and focus goes to the first.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'need your attention' })).toHaveText(
      '5 answers need your attention. See the questions marked.',
    );
    for (const [id, prompt] of [
      ['q-business-name', Q.name],
      ['q-business-description', Q.about],
      ['q-business-type', Q.kind],
      ['q-features', Q.features],
      ['q-logo', Q.logo],
    ] as const) {
      await expect(errorOf(page, id)).toHaveText(required(prompt));
      const field = page.locator(`#question-${id}`);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAttribute('aria-describedby', `question-${id}-error`);
    }
    await expect(page.locator('#question-q-colour')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(Q.name)).toBeFocused();
    await expectAccessible(page);
    await page.getByLabel(Q.name).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/questionnaire-required-${width}.png` });

    // Answering a question takes its message away; the others stay.
    await page.getByLabel(Q.name).fill('Bean There Cafe');
    await expect(errorOf(page, 'q-business-name')).toBeHidden();
    await expect(page.getByLabel(Q.name)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(errorOf(page, 'q-business-type')).toBeVisible();
    await page.getByRole('radiogroup', { name: Q.kind }).getByLabel('Restaurant or cafe').check();
    await page.getByRole('group', { name: Q.features }).getByLabel('Online ordering').check();

    // A long answer counts its characters near the limit and says by how much it is over, in words.
    const about = page.getByLabel(Q.about);
    await about.fill('a'.repeat(9_000));
    await expect(page.getByText('9,000 of 10,000 characters')).toBeVisible();
    await about.fill('a'.repeat(10_050));
    const counter = page.getByText('50 characters over the limit of 10,000', { exact: true });
    await expect(counter).toBeVisible();
    await expect(about).toHaveAttribute('aria-describedby', /question-q-business-description-count/);

    // An image the server refuses after every byte arrived: "Failed", no full progress bar, Retry and Remove shown.
    await page.locator(`input[type=file][aria-label="Choose an image for: ${Q.logo}"]`).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image at all, whatever its name says'),
    });
    const logo = page.getByRole('group', { name: Q.logo });
    await expect(logo.getByText('Failed', { exact: true })).toBeVisible();
    await expect(logo.getByRole('alert')).toHaveText('The file is not a valid image.');
    await expect(logo.getByRole('progressbar')).toHaveCount(0);
    const retry = logo.getByRole('button', { name: 'Retry upload of logo.png' });
    const remove = logo.getByRole('button', { name: 'Remove logo.png' });
    await retry.scrollIntoViewIfNeeded();
    await expect(retry).toBeInViewport();
    await expect(remove).toBeInViewport();
    await expect(retry).toHaveText('Retry');
    await expect(remove).toHaveText('Remove');

    // Submit names, at each question, what stops it: the over-long answer and the failed image. Nothing raw.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith(`/api/questionnaire/${subscriptionId}`)) sent.push(request.url());
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(errorOf(page, 'q-business-description')).toHaveText(
      'This answer is 50 characters over the limit of 10,000. Shorten it, then submit again.',
    );
    await expect(errorOf(page, 'q-logo')).toHaveText('"logo.png" could not be uploaded. Retry it or remove it, then submit again.');
    await expect(page.getByRole('alert').filter({ hasText: 'need your attention' })).toHaveText(
      '2 answers need your attention. See the questions marked.',
    );
    await expect(about).toBeFocused();
    await expect(page.getByText(/expected array|Invalid input|Too big|answers\.\d/)).toHaveCount(0);
    expect(sent).toEqual([]);
    await expectAccessible(page);
    await about.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/questionnaire-too-long-${width}.png` });
    await logo.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `docs/screenshots/questionnaire-failed-upload-${width}.png` });

    // Cutting the answer down, still over: its message follows at once.
    await about.fill('a'.repeat(10_020));
    await expect(errorOf(page, 'q-business-description')).toHaveText(
      'This answer is 20 characters over the limit of 10,000. Shorten it, then submit again.',
    );

    // Removing the failed image and adding a real one; the answers so far are kept as a draft on the server.
    await remove.click();
    await expect(logo.getByText('Failed', { exact: true })).toHaveCount(0);
    // The draft is saved again once the image has arrived, with the image in it.
    const draftWithLogo = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/questionnaire/${subscriptionId}/draft`) &&
        response.status() === 200 &&
        /"formItemId":"q-logo","answers":\["\/api\/files\//.test(response.request().postData() ?? ''),
    );
    await page.locator(`input[type=file][aria-label="Choose an image for: ${Q.logo}"]`).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: pngFile(120, 120, [20, 120, 80]),
    });
    await expect(logo.getByRole('img', { name: 'logo.png' })).toBeVisible();
    await expect(errorOf(page, 'q-logo')).toBeHidden();
    await draftWithLogo;
    await expect(page.getByText('Draft saved. Your answers will be here when you come back.')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel(Q.name)).toHaveValue('Bean There Cafe');
    await expect(page.getByRole('radiogroup', { name: Q.kind }).getByLabel('Restaurant or cafe')).toBeChecked();
    await expect(page.getByRole('group', { name: Q.features }).getByLabel('Online ordering')).toBeChecked();
    await expect(about).toHaveValue('a'.repeat(10_020));
    await expect(page.getByText('20 characters over the limit of 10,000', { exact: true })).toBeVisible();
    await expect(logo.getByRole('img')).toBeVisible();
    await shoot(page, 'after-reload', width);

    // Cut down to size. Should the server still refuse an answer (here the request is altered on its way, to stand
    // for any check the page cannot make), its words are shown at that question too, never the raw refusal.
    await about.fill('Coffee, cakes and breakfast in the old town.');
    await expect(page.getByText(/over the limit/)).toHaveCount(0);
    const submitUrl = `**/api/questionnaire/${subscriptionId}`;
    await page.route(submitUrl, async (route) => {
      const body = route.request().postDataJSON() as { answers: Array<{ formItemId: string; answer?: string }> };
      const answers = body.answers.map((a) => (a.formItemId === 'q-business-description' ? { ...a, answer: 'b'.repeat(10_001) } : a));
      await route.continue({ postData: JSON.stringify({ answers }) });
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(errorOf(page, 'q-business-description')).toHaveText(
      'This answer is 1 character over the limit of 10,000. Shorten it, then submit again.',
    );
    await expect(page.getByRole('alert').filter({ hasText: 'over the limit' })).toBeVisible();
    await expect(about).toBeFocused();
    await expect(about).toHaveAttribute('aria-invalid', 'true');
    await page.unroute(submitUrl);

    // Changing the answer takes the server's message away; it goes, and the draft is gone with the submit.
    await about.fill('Coffee, cakes and breakfast in the old town!');
    await expect(errorOf(page, 'q-business-description')).toBeHidden();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const saved = await (await page.request.get(`/api/questionnaire/${subscriptionId}`)).json();
    expect(saved.draft).toBeNull();
    expect(saved.submission.answers.slice(0, 2)).toMatchObject([
      { formItemId: 'q-business-name', answer: 'Bean There Cafe' },
      { formItemId: 'q-business-description', answer: 'Coffee, cakes and breakfast in the old town!' },
    ]);
  });
}
