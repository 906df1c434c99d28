import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { makeMediaFiles } from './support-helpers';
import { customerInNewContext, screenshots, seedSubscription, signInStaffThroughUi } from './staff-helpers';

test('staff open a customer, complete a step and create and publish a project with a logo, live for the customer', async ({ page, browser, baseURL }) => {
  const media = makeMediaFiles();
  const projectName = `Bakery App ${Date.now()}`;
  await signInStaffThroughUi(page, baseURL!);
  const customer = await customerInNewContext(browser, baseURL!, 'console');
  const subscriptionId = await seedSubscription(baseURL!, customer.user.email);
  await customer.page.goto(`/completion-steps/${subscriptionId}`);
  await expect(customer.page.getByRole('heading', { name: 'Completion Steps' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel('Search customers').fill(customer.user.email);
  const row = page.getByRole('row', { name: new RegExp(customer.user.email) });
  await expect(row).toContainText('1'); // one active subscription
  await expectAccessible(page);
  await row.getByRole('link', { name: customer.user.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: customer.user.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subscriptions' })).toContainText('ACTIVE');

  // A new step, then marked completed: the customer's steps page follows without a reload.
  const steps = page.getByRole('region', { name: 'Completion steps' });
  await steps.getByRole('button', { name: 'Add step' }).click();
  await expect(steps.getByText('Please describe the step.')).toBeVisible();
  await steps.getByLabel(/New step for/).fill('Review the store listing');
  await steps.getByLabel('Links to').last().selectOption({ label: 'My Projects' });
  await steps.getByRole('button', { name: 'Add step' }).click();
  await expect(customer.page.getByText('Review the store listing')).toBeVisible();
  const customerStep = customer.page.getByRole('listitem').filter({ hasText: 'Review the store listing' });
  await expect(customerStep.getByRole('link', { name: 'Go to My Projects' })).toBeVisible();
  // Its place changed on a phone's width: the customer's link follows.
  await page.setViewportSize({ width: 390, height: 844 });
  const staffStep = steps.getByRole('listitem').filter({ hasText: 'Review the store listing' });
  await expect(staffStep).toContainText('Links to My Projects');
  await staffStep.getByRole('button', { name: /^Edit step/ }).click();
  await expect(steps.getByLabel('Links to').first()).toHaveValue('projects');
  await steps.getByLabel('Links to').first().selectOption({ label: 'Support' });
  await screenshots(page, 'customer-step-place', steps.getByRole('button', { name: 'Save', exact: true }));
  await page.setViewportSize({ width: 390, height: 844 });
  await steps.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(customerStep.getByRole('link', { name: 'Go to Support' })).toBeVisible();
  await expect(staffStep).toContainText('Links to Support');
  await page.setViewportSize({ width: 1280, height: 800 });
  const box = steps.getByRole('listitem').filter({ hasText: 'Review the store listing' }).getByRole('checkbox');
  await box.check();
  await expect(box).toBeChecked();
  await expect(customerStep).toContainText('Completed');
  // The audit log in words, the record's code and JSON one click away.
  const audit = page.getByRole('region', { name: 'Audit log' });
  // The step was updated twice (its place, then its status): the status change is the one looked at.
  const stepUpdate = audit.getByRole('listitem').filter({ hasText: 'Updated the step “Review the store listing”' }).filter({ hasText: 'Step status:' });
  await expect(stepUpdate).toContainText('Step status:');
  await expect(stepUpdate.getByText('step.update')).toBeHidden();
  await stepUpdate.getByText('Show details').click();
  await expect(stepUpdate.getByText('step.update')).toBeVisible();
  await expect(stepUpdate.getByLabel('After')).toContainText('"stepStatus"');
  await screenshots(page, 'customer-audit', stepUpdate);
  // The sign-up mails, and whether they went out.
  const mails = page.getByRole('list', { name: 'E-mails' });
  await expect(mails).toContainText('Verify your e-mail address');
  await expect(mails.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'customer');

  // A project started from the customer's page, this customer already picked, with an uploaded logo.
  await customer.page.goto('/my-projects');
  await page.getByRole('button', { name: 'Start a project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await expect(dialog).toContainText(`Customer: ${customer.user.name} (${customer.user.email})`);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('Project name is required.')).toBeVisible();
  await dialog.getByLabel('Subscription (optional)').selectOption({ index: 1 });
  await dialog.getByLabel('Project name').fill(projectName);
  await dialog.getByLabel('Business name').fill('Rosa Bakes');
  await dialog.getByLabel('Website URL').fill('not a link');
  await dialog.getByTestId('project-logo-input').setInputFiles(media.png);
  await expect(dialog.getByRole('img', { name: 'Business logo preview' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('Must be an http(s) URL.')).toBeVisible();
  await dialog.getByLabel('Website URL').fill('https://rosabakes.example.com');
  await expectAccessible(page);
  await screenshots(page, 'project-form');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog).toBeHidden();

  const card = customer.page.getByRole('link', { name: new RegExp(projectName) });
  await expect(card).toContainText('PENDING');
  await expect(card.getByRole('img', { name: 'Rosa Bakes logo' })).toBeVisible();
  await expect.poll(() => card.getByRole('img', { name: 'Rosa Bakes logo' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

  // Its name on the customer's page opens it: published from there.
  const customerProjects = page.getByRole('region', { name: 'Projects' });
  await customerProjects.getByRole('button', { name: projectName }).click();
  const edit = page.getByRole('dialog', { name: 'Edit project' });
  await edit.getByLabel('Release status').selectOption('PUBLISHED');
  await edit.getByRole('button', { name: 'Save project' }).click();
  await expect(edit).toBeHidden();
  await expect(customerProjects).toContainText('PUBLISHED');
  await expect(card).toContainText('PUBLISHED');
  await screenshots(page, 'customer-projects', customerProjects);

  // On the projects page, a new project asks for its customer.
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('button', { name: 'New project' }).click();
  const fresh = page.getByRole('dialog', { name: 'New project' });
  await fresh.getByRole('button', { name: 'Create project' }).click();
  await expect(fresh.getByText('Pick a customer.')).toBeVisible();
  await fresh.getByLabel('Customer', { exact: true }).fill(customer.user.email);
  await fresh.getByRole('button', { name: new RegExp(customer.user.email) }).click();
  await expect(fresh).toContainText(`Customer: ${customer.user.name}`);
  await page.keyboard.press('Escape');
  await expect(fresh).toBeHidden();
  const item = page.getByRole('list', { name: 'Projects' }).getByRole('listitem').filter({ hasText: projectName });
  await expect(item).toContainText('Published');
  await screenshots(page, 'projects');
  await page.getByRole('button', { name: 'PUBLISHED', exact: true }).click();
  await expect(item).toBeVisible();
  await page.getByRole('button', { name: 'PENDING', exact: true }).click();
  await expect(item).toHaveCount(0);
  await customer.page.context().close();
});

test('a customer is refused every staff page and endpoint; a visitor is sent to sign in', async ({ page }) => {
  await signUpThroughApi(page, newUser('nostaff'));
  for (const path of ['/staff', '/staff/chats/some-chat', '/staff/customers', '/staff/customers/someone', '/staff/projects']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  for (const [method, url] of [
    ['GET', '/api/staff/chats'],
    ['GET', '/api/staff/customers'],
    ['GET', '/api/staff/projects'],
    ['POST', '/api/staff/projects'],
    ['POST', '/api/staff/chats/x/close'],
  ] as const) {
    const res = await page.request.fetch(url, { method, data: method === 'POST' ? {} : undefined });
    expect(res.status(), `${method} ${url}`).toBe(403);
  }
  await page.context().clearCookies();
  await page.goto('/staff/customers');
  await expect(page).toHaveURL(/\/login$/);
});
