import { expect, expectAccessible, test } from '../fixtures';
import { customerInNewContext, openStaffSection, signInAsNewStaff, signInStaffThroughUi } from './staff-helpers';
import type { Page } from '@playwright/test';

const dateOf = (ms: number) => new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The top-left corners of the first two stages of the progress line: side by side, or one under the other. */
async function firstTwoStages(page: Page) {
  const stages = page.getByRole('list', { name: 'Build stages' }).getByRole('listitem');
  const [a, b] = [await stages.nth(0).boundingBox(), await stages.nth(1).boundingBox()];
  return { a: a!, b: b! };
}

test('staff shape the stages, move a project through them, and the customer follows live on the progress line', async ({ page, browser, baseURL }) => {
  // Two people, a template editor and a project moved to launch: longer than one page's journey.
  test.setTimeout(120_000);
  await signInStaffThroughUi(page, baseURL!);
  await openStaffSection(page, 'Stage templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Stage templates' })).toBeVisible();
  const templates = page.getByRole('list', { name: 'Stage templates' }).getByRole('listitem');
  await expect(templates).toHaveText([/1\. Design/, /2\. Build/, /3\. Review/, /4\. Store submission/, /5\. Published.*Publishes the project/]);
  await expect(templates.first()).toContainText('Expected 7 days after the project is created');

  // A new stage goes last; its days are checked as the server checks them; moved up, it comes before the launch.
  await page.getByRole('button', { name: 'New stage' }).click();
  const dialog = page.getByRole('dialog', { name: 'New stage' });
  await dialog.getByLabel('Stage name').fill('Beta test');
  await dialog.getByLabel('Expected days after the previous stage (optional)').fill('400');
  await dialog.getByRole('button', { name: 'Create stage' }).click();
  await expect(dialog.getByText('Enter a number of days from 0 to 365, or leave it empty.')).toBeVisible();
  await dialog.getByLabel('Expected days after the previous stage (optional)').fill('4');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create stage' }).click();
  await expect(dialog).toBeHidden();
  await expect(templates).toHaveCount(6);
  await expect(templates.last()).toContainText('6. Beta testExpected 4 days after the previous stage');
  await page.getByRole('button', { name: 'Move Beta test up' }).click();
  await expect(templates.nth(4)).toContainText('5. Beta test');
  await expect(templates.last()).toContainText('6. Published');
  await expectAccessible(page);

  // A project created now copies the stages in that order; its owner sees them as a progress line.
  const { page: customer, user } = await customerInNewContext(browser, baseURL!, 'stages');
  const created = await page.request.post('/api/staff/projects', { data: { ownerEmail: user.email, projectName: 'Rosa Bakes App', businessName: 'Rosa Bakes' } });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { projectId: string; createdTimestamp: number };
  await customer.goto(`/projects/${project.projectId}`);
  const progress = customer.getByRole('region', { name: 'Build progress' });
  const stages = progress.getByRole('list', { name: 'Build stages' }).getByRole('listitem');
  await expect(stages).toHaveCount(6);
  await expect(progress).toContainText('Stage 1 of 6: Design');
  await expect(stages.first()).toContainText(`Expected ${dateOf(project.createdTimestamp + 7 * 86_400_000)}`);
  await expect(stages.first()).toHaveAttribute('aria-current', 'step');
  await expect(stages.nth(1)).toContainText('Date not set yet');
  // Right after the header, before the deliverables.
  await expect(customer.locator('header + section')).toHaveAccessibleName('Build progress');
  const wide = await firstTwoStages(customer);
  expect(Math.abs(wide.a.y - wide.b.y)).toBeLessThan(2);
  expect(wide.b.x).toBeGreaterThan(wide.a.x);
  await expectAccessible(customer);

  // Staff mark Design reached on the project's page: the customer's line moves on without a reload.
  await page.goto(`/staff/projects/${project.projectId}`);
  const section = page.getByRole('region', { name: 'Build stages' });
  const rows = section.getByRole('list', { name: 'Build stages' }).getByRole('listitem');
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText('Current');
  await section.getByRole('button', { name: 'Mark Design reached' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Mark "Design" reached now? The customer is told by e-mail.');
  await confirm.getByRole('button', { name: 'Mark reached' }).click();
  await expect(rows.first()).toContainText(/Reached /);
  await expect(rows.nth(1)).toContainText('Current');
  await expect(progress).toContainText('Stage 2 of 6: Build');
  await expect(stages.first()).toContainText(/Reached /);
  await expect(stages.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(stages.nth(1)).toContainText(/Expected /);
  await expectAccessible(page);

  // Renamed by staff, on a phone's width: the customer's line, on a phone too, runs down the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await rows.nth(1).getByRole('button', { name: 'Edit Build' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit stage' });
  await edit.getByLabel('Stage name').fill('Build the app');
  await edit.getByRole('button', { name: 'Save stage' }).click();
  await expect(edit).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await customer.setViewportSize({ width: 390, height: 844 });
  await expect(stages.nth(1)).toContainText('Build the app');
  const narrow = await firstTwoStages(customer);
  expect(Math.abs(narrow.a.x - narrow.b.x)).toBeLessThan(2);
  expect(narrow.b.y).toBeGreaterThan(narrow.a.y);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await progress.screenshot({ path: '/tmp/stages-progress-390.png' });
  await expectAccessible(customer);
  await customer.setViewportSize({ width: 1280, height: 800 });
  await progress.screenshot({ path: '/tmp/stages-progress-1280.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/stages-staff-1280.png', fullPage: true });

  // Reaching the launch stage publishes the project: the release status follows live beside the stages.
  await section.getByRole('button', { name: 'Mark Published reached' }).click();
  await expect(page.getByRole('dialog')).toContainText('and the project is published');
  await page.getByRole('dialog').getByRole('button', { name: 'Mark reached' }).click();
  await expect(customer.getByText('PUBLISHED', { exact: true })).toBeVisible();
  await expect(stages.last()).toContainText(/Reached /);
  await expect(progress).toContainText('Stage 2 of 6: Build the app');

  // The template added for this journey goes, so that projects created later start with the defaults.
  await page.goto('/staff/stage-templates');
  await templates.nth(4).getByRole('button', { name: 'Delete Beta test' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(templates).toHaveCount(5);
  await customer.context().close();
});

test('the Action Center asks the customer to review a preview waiting for them, live, until they decide', async ({ browser, baseURL }) => {
  const { page: customer, user } = await customerInNewContext(browser, baseURL!, 'preview');
  const staff = await signInAsNewStaff(baseURL!);
  const created = await staff.post('/api/staff/projects', { data: { ownerEmail: user.email, projectName: 'Cafe App' } });
  const { projectId } = (await created.json()) as { projectId: string };
  await customer.goto('/dashboard');
  await expect(customer.getByRole('heading', { name: 'Action Center' })).toBeVisible();
  const action = customer.getByRole('listitem').filter({ has: customer.getByRole('heading', { name: 'Review Your App Preview' }) });
  await expect(action).toHaveCount(0);

  // Staff post a preview of the first stage: the open dashboard asks for a review without a reload.
  const { stages } = (await (await staff.get(`/api/staff/projects/${projectId}/stages`)).json()) as { stages: { id: string; name: string }[] };
  const design = stages.find((stage) => stage.name === 'Design')!;
  const posted = await staff.post(`/api/staff/projects/${projectId}/reviews/previews`, { data: { stageId: design.id, link: 'https://preview.example.com/cafe', note: 'First look' } });
  expect(posted.status(), await posted.text()).toBe(201);
  await staff.dispose();
  await expect(action).toContainText('A preview of the Design stage of Cafe App is waiting for your approval.');
  await expectAccessible(customer);
  await customer.setViewportSize({ width: 390, height: 844 });
  expect(await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await action.getByRole('link', { name: 'View Preview of Cafe App' }).click();
  await expect(customer).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(customer.getByRole('region', { name: 'Build progress' })).toContainText('Stage 1 of');

  // Once approved, the dashboard has nothing left to ask.
  await customer.getByRole('button', { name: /^Approve/ }).first().click();
  await customer.getByRole('dialog').getByRole('button', { name: /^Approve/ }).click();
  await expect(customer.getByRole('dialog')).toBeHidden();
  await customer.goto('/dashboard');
  await expect(customer.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  await expect(action).toHaveCount(0);
  await customer.context().close();
});
