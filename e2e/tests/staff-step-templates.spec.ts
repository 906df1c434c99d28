import { expect, expectAccessible, test } from '../fixtures';
import { customerInNewContext, screenshots, seedSubscription, signInStaffThroughUi } from './staff-helpers';

test('staff add a setup step that new subscriptions start with, edit it, then delete it; subscriptions keep the steps they copied', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people and three subscriptions: longer than one page's journey.
  test.setTimeout(120_000);
  await signInStaffThroughUi(page, baseURL!);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Step templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step templates' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Step templates' });
  const steps = list.getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.first()).toContainText('Step 1');

  // A new step takes the number after the last; a taken number and empty details are refused.
  await page.getByRole('button', { name: 'New step' }).click();
  const dialog = page.getByRole('dialog', { name: 'New step' });
  const number = dialog.getByLabel('Step number (the order steps are shown in)');
  await expect(number).toHaveValue('6');
  await dialog.getByRole('button', { name: 'Create step' }).click();
  await expect(dialog.getByText('Please describe the step.')).toBeVisible();
  await dialog.getByLabel('Details').fill('Record a welcome video for your customers.');
  await number.fill('5');
  await dialog.getByRole('button', { name: 'Create step' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Another step is already number 5.');
  await number.fill('6');
  // The step links to a place in the portal, picked from the places there are.
  const place = dialog.getByLabel('Links to');
  await expect(place).toHaveValue('');
  await expect(place.getByRole('option')).toHaveText(['Nowhere', 'Questionnaire', 'Payment Methods', 'My Projects', 'Support']);
  await place.selectOption({ label: 'Payment Methods' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create step' }).click();
  await expect(dialog).toBeHidden();
  await expect(steps).toHaveCount(6);
  await expect(steps.last()).toContainText('Step 6Record a welcome video for your customers.Links to Payment Methods');
  await screenshots(page, 'step-templates');

  // A customer who subscribes now gets the step on their setup steps page.
  const { page: customer, user } = await customerInNewContext(browser, baseURL!, 'steps');
  const before = await seedSubscription(baseURL!, user.email);
  await customer.goto(`/completion-steps/${before}`);
  await expect(customer.getByText('0 of 6 steps completed')).toBeVisible();
  const copied = customer.getByRole('listitem').filter({ hasText: 'Record a welcome video for your customers.' });
  await copied.getByRole('link', { name: 'Go to Payment Methods' }).click();
  await expect(customer).toHaveURL(/\/payment-methods$/);

  // Edited on a phone's width: new subscriptions get the new words and place; the one bought before keeps its copy.
  await page.setViewportSize({ width: 390, height: 844 });
  await steps.last().getByRole('button', { name: 'Edit step 6' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit step' });
  await expect(edit.getByLabel('Details')).toHaveValue('Record a welcome video for your customers.');
  await expect(edit.getByLabel('Links to')).toHaveValue('payment-methods');
  await edit.getByLabel('Details').fill('Record a short welcome video.');
  await edit.getByLabel('Links to').selectOption({ label: 'Support' });
  await screenshots(page, 'step-template-place');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(edit.getByRole('button', { name: 'Save step' })).toBeInViewport();
  await edit.getByRole('button', { name: 'Save step' }).click();
  await expect(edit).toBeHidden();
  await expect(steps.last()).toContainText('Record a short welcome video.Links to Support');
  await page.setViewportSize({ width: 1280, height: 800 });
  const after = await seedSubscription(baseURL!, user.email);
  await customer.setViewportSize({ width: 390, height: 844 });
  await customer.goto(`/completion-steps/${after}`);
  const edited = customer.getByRole('listitem').filter({ hasText: 'Record a short welcome video.' });
  await edited.getByRole('link', { name: 'Go to Support' }).click();
  await expect(customer).toHaveURL(/\/support$/);
  await customer.goto(`/completion-steps/${before}`);
  const kept = customer.getByRole('listitem').filter({ hasText: 'Record a welcome video for your customers.' });
  await expect(kept.getByRole('link', { name: 'Go to Payment Methods' })).toBeVisible();

  // Nowhere again: the template no longer links anywhere.
  await steps.last().getByRole('button', { name: 'Edit step 6' }).click();
  await edit.getByLabel('Links to').selectOption({ label: 'Nowhere' });
  await edit.getByRole('button', { name: 'Save step' }).click();
  await expect(edit).toBeHidden();
  await expect(steps.last()).not.toContainText('Links to');

  // Deleted: gone from the list and from the next subscription's steps.
  await steps.last().getByRole('button', { name: 'Delete step 6' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(steps).toHaveCount(5);
  const later = await seedSubscription(baseURL!, user.email);
  await customer.goto(`/completion-steps/${later}`);
  await expect(customer.getByText('0 of 5 steps completed')).toBeVisible();
  await expect(customer.getByText('Record a short welcome video.')).toHaveCount(0);
});
