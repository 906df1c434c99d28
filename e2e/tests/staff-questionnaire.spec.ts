import { expect, expectAccessible, test } from '../fixtures';
import { DEMO_PROMPTS as Q, pngFile } from './onboarding-helpers';
import { customerInNewContext, screenshots, seedSubscription, signInStaffThroughUi } from './staff-helpers';

test('staff add a question that open and new questionnaires show; answers sent before its prompt changed keep the old prompt', async ({ page, browser, baseURL }) => {
  // Two or three people, several pages and accessibility checks: longer than one page's journey.
  test.setTimeout(240_000);
  const id = Date.now().toString(36);
  const prompt = `Which days are you open? ${id}`;
  const edited = `On which days can customers visit you? ${id}`;
  await signInStaffThroughUi(page, baseURL!);
  const first = await customerInNewContext(browser, baseURL!, 'questions');
  const customer = first.page;
  const subscriptionId = await seedSubscription(baseURL!, first.user.email);
  await customer.goto(`/questionnaire/${subscriptionId}`);
  // Typed before staff change the questionnaire: it stays.
  await customer.getByLabel(Q.name).fill('Open Door Bakery');

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Questionnaire' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Questionnaire' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Questions' })).toContainText(Q.features);
  await page.getByRole('button', { name: 'New question' }).click();
  const dialog = page.getByRole('dialog', { name: 'New question' });
  await dialog.getByRole('button', { name: 'Create question' }).click();
  await expect(dialog.getByText('The question is required.')).toBeVisible();
  await dialog.getByLabel('Question', { exact: true }).fill(prompt);
  await dialog.getByLabel('Type').selectOption({ label: 'Checkboxes' });
  await dialog.getByRole('button', { name: 'Create question' }).click();
  await expect(dialog.getByText('An option needs its text.')).toBeVisible();
  await dialog.getByLabel('Option 1', { exact: true }).fill('Weekdays');
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByLabel('Option 2', { exact: true }).fill('Weekends');
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByLabel('Option 3', { exact: true }).fill('weekdays');
  await dialog.getByRole('button', { name: 'Create question' }).click();
  await expect(dialog.getByText('Two options say the same thing: each option must be different.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove option 3' }).click();
  // Options are ordered by keyboard too.
  await dialog.getByRole('button', { name: 'Move option 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Option 1', { exact: true })).toHaveValue('Weekends');
  await expect(dialog.getByLabel('Option 2', { exact: true })).toHaveValue('Weekdays');
  await expectAccessible(page);
  await screenshots(page, 'question-form');
  await dialog.getByRole('button', { name: 'Create question' }).click();
  await expect(dialog).toBeHidden();

  const items = page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
  const row = items.filter({ hasText: prompt });
  await expect(items.last()).toContainText(prompt);
  await expect(row).toContainText('Checkboxes');
  await expect(row).toContainText('Options: Weekends, Weekdays');
  await row.getByRole('button', { name: `Move "${prompt}" up` }).press('Enter');
  await expect(items.last()).not.toContainText(prompt);
  await expectAccessible(page);
  await screenshots(page, 'questionnaire');

  // Live on the open questionnaire, with what was typed kept; the customer answers it.
  const days = customer.getByRole('group', { name: prompt });
  await expect(days).toBeVisible();
  await expect(customer.getByLabel(Q.name)).toHaveValue('Open Door Bakery');
  await customer.getByLabel(Q.about).fill('Bread and pastries, baked every morning.');
  await customer.getByRole('radiogroup', { name: Q.kind }).getByLabel('Home-based food or bakery').check();
  await customer.getByRole('group', { name: Q.features }).getByLabel('Online ordering').check();
  await customer.locator(`input[type=file][aria-label="Choose an image for: ${Q.logo}"]`).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngFile(120, 120, [200, 120, 40]) });
  await expect(customer.getByRole('img', { name: 'logo.png' })).toBeVisible();
  await days.getByLabel('Weekends').check();
  await customer.getByRole('button', { name: 'Submit' }).click();
  await expect(customer).toHaveURL(/\/dashboard$/);

  // Staff change the prompt and an option's text.
  await row.getByRole('button', { name: `Edit "${prompt}"` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit question' });
  await edit.getByLabel('Question', { exact: true }).fill(edited);
  await edit.getByLabel('Option 1', { exact: true }).fill('Saturday and Sunday');
  await edit.getByRole('button', { name: 'Save question' }).click();
  await expect(edit).toBeHidden();
  const editedRow = items.filter({ hasText: edited });
  await expect(editedRow).toContainText('Options: Saturday and Sunday, Weekdays');

  // A new customer is asked the new prompt.
  const second = await customerInNewContext(browser, baseURL!, 'questions-new');
  await second.page.goto(`/questionnaire/${await seedSubscription(baseURL!, second.user.email)}`);
  await expect(second.page.getByRole('group', { name: edited })).toBeVisible();
  await expect(second.page.getByRole('group', { name: edited }).getByLabel('Saturday and Sunday')).toBeVisible();
  await expect(second.page.getByText(prompt)).toHaveCount(0);

  // The first customer's answers as sent keep the prompt and option they were given.
  await customer.goto(`/questionnaire/${subscriptionId}`);
  await customer.getByText('Your answers as sent').click();
  const sent = customer.getByRole('group').filter({ has: customer.getByText('Your answers as sent') });
  await expect(sent.getByText(prompt, { exact: true })).toBeVisible();
  await expect(sent.getByText('Weekends', { exact: true })).toBeVisible();
  await expect(sent.getByText(edited)).toHaveCount(0);
  await expectAccessible(customer);

  // So do staff, on the customer's page.
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel('Search customers').fill(first.user.email);
  await page.getByRole('row', { name: new RegExp(first.user.email) }).getByRole('link', { name: first.user.name }).click();
  const answers = page.getByRole('region', { name: 'Questionnaire answers' });
  await expect(answers.getByText(prompt, { exact: true })).toBeVisible();
  await expect(answers.getByText('Weekends', { exact: true })).toBeVisible();

  // Deleted: the new customer's open questionnaire loses it at once.
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Questionnaire' }).click();
  await editedRow.getByRole('button', { name: `Delete "${edited}"` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(editedRow).toHaveCount(0);
  await expect(second.page.getByRole('group', { name: edited })).toHaveCount(0);
});
