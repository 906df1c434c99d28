import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { recordAlerts } from './support-helpers';
import { signInAsNewStaff } from './staff-helpers';

const dateOf = (ms: number) => new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

test('a project appears, changes status and gets its deliverables live', async ({ page, baseURL }) => {
  const alerts = recordAlerts(page);
  const user = await signUpThroughApi(page, newUser('projects'));
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Account menu for ${user.name}` }).click();
  await page.getByRole('menuitem', { name: 'My Projects' }).click();
  await expect(page).toHaveURL(/\/my-projects$/);
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await expect(page.getByText('You have no projects yet. Once a project is started for one of your subscriptions, it will appear here.')).toBeVisible();

  const staff = await signInAsNewStaff(baseURL!);
  const created = await staff.post('/api/staff/projects', {
    data: { ownerEmail: user.email, projectName: 'Rosa Bakes App', businessName: 'Rosa Bakes', clientNotes: 'Menu photos received.' },
  });
  expect(created.status()).toBe(201);
  const project = await created.json();

  // The card arrives without a reload.
  const card = page.getByRole('link', { name: /Rosa Bakes App/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Rosa Bakes');
  await expect(card).toContainText('Note: Menu photos received.');
  await expect(card).toContainText('PENDING');
  await expectAccessible(page);

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.projectId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa Bakes App' })).toBeVisible();
  await expect(page.getByText('PENDING', { exact: true })).toBeVisible();
  await expect(page.getByText('Your project deliverables are currently in development and will appear here once they are published.')).toBeVisible();
  const keyDates = page.getByText('Key Dates').locator('..');
  await expect(keyDates).toContainText(`Started${dateOf(project.createdTimestamp)}`);
  await expect(keyDates).toContainText('Last Updated');
  await expect(keyDates).not.toContainText('Published');
  await expect(page.getByRole('heading', { name: 'Notes From Our Team' })).toBeVisible();

  // Published with two deliverables: the badge, the links and the publish date follow live.
  const website = `${baseURL}/terms`;
  const updated = await staff.patch(`/api/staff/projects/${project.projectId}`, {
    data: { releaseStatus: 'PUBLISHED', deliverables: { playStoreUrl: 'https://play.google.com/store/apps/details?id=rosa', websiteUrl: website } },
  });
  expect(updated.status()).toBe(200);
  const published = await updated.json();
  await expect(page.getByText('PUBLISHED', { exact: true })).toBeVisible();
  await expect(keyDates).toContainText(`Published${dateOf(published.publishedTimestamp)}`);
  const play = page.getByRole('link', { name: /Google Play Store/ });
  await expect(play).toHaveAttribute('href', 'https://play.google.com/store/apps/details?id=rosa');
  await expect(play).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: /Apple App Store/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Download APK/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /^Website/ }).click()]);
  await expect(tab).toHaveURL(website);
  await tab.close();

  await staff.patch(`/api/staff/projects/${project.projectId}`, { data: { releaseStatus: 'UNPUBLISHED' } });
  await expect(page.getByText('UNPUBLISHED', { exact: true })).toBeVisible();
  await expect(keyDates).not.toContainText('Published');
  await staff.dispose();

  await page.getByRole('link', { name: 'My Projects' }).first().click();
  await expect(page.getByRole('link', { name: /Rosa Bakes App/ })).toContainText('UNPUBLISHED');
  expect(alerts).toEqual([]);
});

test('projects are listed newest first; /projects and unknown or foreign projects go back to the list', async ({ page, browser, baseURL }) => {
  const alerts = recordAlerts(page);
  const user = await signUpThroughApi(page, newUser('order'));
  const staff = await signInAsNewStaff(baseURL!);
  for (const projectName of ['Older Project', 'Newer Project']) {
    expect((await staff.post('/api/staff/projects', { data: { ownerEmail: user.email, projectName } })).status()).toBe(201);
  }
  await page.goto('/my-projects');
  await expect(page.getByRole('list', { name: 'Projects' }).getByRole('heading')).toHaveText(['Newer Project', 'Older Project']);

  await page.goto('/projects');
  await expect(page).toHaveURL(/\/my-projects$/);
  await page.goto('/projects/no-such-project');
  await expect(page).toHaveURL(/\/my-projects$/);
  expect(alerts).toEqual(['Project not found.']);

  // Another customer sees neither the list entries nor a project by its address.
  const projectUrl = await page.getByRole('link', { name: /Newer Project/ }).getAttribute('href');
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherAlerts = recordAlerts(other);
  await signUpThroughApi(other, newUser('stranger'));
  await other.goto('/my-projects');
  await expect(other.getByText(/You have no projects yet/)).toBeVisible();
  await other.goto(projectUrl!);
  await expect(other).toHaveURL(/\/my-projects$/);
  expect(otherAlerts).toEqual(['Project not found.']);
  await otherContext.close();
  await staff.dispose();
});

test('dates show N/A when missing and Invalid Date when unreadable; a failed load alerts', async ({ page, baseURL }) => {
  const alerts = recordAlerts(page);
  const user = await signUpThroughApi(page, newUser('dates'));
  const staff = await signInAsNewStaff(baseURL!);
  const project = await (await staff.post('/api/staff/projects', { data: { ownerEmail: user.email, projectName: 'Odd Dates', releaseStatus: 'PUBLISHED' } })).json();
  await staff.dispose();

  await page.route(`**/api/projects/${project.projectId}`, async (route) => {
    const body = await (await route.fetch()).json();
    // Beyond the range of a JavaScript date: a timestamp that cannot be read.
    await route.fulfill({ json: { ...body, createdTimestamp: null, publishedTimestamp: 8_640_000_000_000_001 } });
  });
  await page.goto(`/projects/${project.projectId}`);
  const keyDates = page.getByText('Key Dates').locator('..');
  await expect(keyDates).toContainText('StartedN/A');
  await expect(keyDates).toContainText('PublishedInvalid Date');

  await page.route('**/api/projects?*', (route) => route.fulfill({ status: 403, json: { error: { code: 'FORBIDDEN', message: 'no' } } }));
  await page.goto('/my-projects');
  await expect(page.getByRole('alert')).toHaveText('Could not load your projects.');
  expect(alerts).toEqual(['Could not load your projects.']);
});
