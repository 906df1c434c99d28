import { expect, expectAccessible, newUser, signUpThroughApi, test } from '../fixtures';
import { pngFile } from './onboarding-helpers';
import { fitsWidth, touchDrag } from './project-review-helpers';
import { recordAlerts } from './support-helpers';
import { signInStaffThroughUi } from './staff-helpers';

test('staff post a preview, the customer marks it up and asks for changes, then approves the next round', async ({ browser, baseURL }) => {
  // The customer reviews on a phone (touch, 390 px wide); staff work at a desk (1280 px).
  const customerContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const customer = await customerContext.newPage();
  const alerts = recordAlerts(customer);
  const user = await signUpThroughApi(customer, newUser('reviews'));
  const staffContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const staff = await staffContext.newPage();
  const staffMember = await signInStaffThroughUi(staff, baseURL!);

  const created = await staff.request.post('/api/staff/projects', { data: { ownerEmail: user.email, projectName: 'Rosa Bakes App', businessName: 'Rosa Bakes' } });
  expect(created.status()).toBe(201);
  const { projectId } = (await created.json()) as { projectId: string };

  await customer.goto(`/projects/${projectId}`);
  const previews = customer.getByRole('region', { name: 'Previews' });
  await expect(previews).toContainText('No previews yet.');

  // Staff post round 1 with an image and a note.
  await staff.goto(`/staff/projects/${projectId}`);
  const staffPreviews = staff.getByRole('region', { name: 'Previews' });
  // A new project starts with the template stages; the first one is picked.
  await expect(staffPreviews.getByLabel('Stage').locator('option:checked')).toHaveText('Design');
  await staffPreviews.getByTestId('preview-file-input').setInputFiles({ name: 'home-screen.png', mimeType: 'image/png', buffer: pngFile(360, 640, [250, 235, 215]) });
  await expect(staffPreviews.getByRole('button', { name: 'Remove home-screen.png' })).toBeVisible();
  await staffPreviews.getByLabel('Note for the customer (optional)').fill('The home screen with your menu.');
  await staffPreviews.getByRole('button', { name: 'Post preview' }).click();
  await expect(staffPreviews.getByRole('status')).toHaveText('Preview posted. The customer has been told.');
  await expectAccessible(staff);

  // The customer sees it without reloading, and asks for changes with a drawn markup.
  const design = previews.getByRole('region', { name: 'Design' });
  await expect(design.getByRole('article', { name: 'Round 1: Preview' })).toContainText(`${staffMember.name} (team)`);
  await expect(design.getByRole('article', { name: 'Round 1: Preview' })).toContainText('The home screen with your menu.');
  await expect(design.getByRole('img', { name: 'Preview 1, round 1' })).toBeVisible();
  await expect(design).toContainText('Waiting for your review');
  expect(await fitsWidth(customer)).toBe(true);
  await expectAccessible(customer);

  await design.getByRole('button', { name: 'Request changes' }).click();
  const form = design.getByRole('form', { name: 'Request changes to Design' });
  await form.getByRole('button', { name: 'Send request for changes' }).click();
  await expect(form.getByText('Say what should change.')).toBeVisible();
  await form.getByLabel('What should change?').fill('Make the logo bigger, here.');
  await form.getByRole('button', { name: 'Mark up a preview image' }).click();
  const markup = customer.getByRole('dialog', { name: 'Mark up a screenshot' });
  const canvas = markup.getByTestId('markup-canvas');
  await expect(canvas).toBeVisible();
  const attach = markup.getByRole('button', { name: 'Attach markup' });
  await expect(attach).toBeDisabled();
  await touchDrag(customer, canvas, [0.2, 0.2], [0.8, 0.3]);
  await expect(attach).toBeEnabled();
  await markup.getByRole('button', { name: 'Undo' }).click();
  await expect(attach).toBeDisabled();
  await touchDrag(customer, canvas, [0.3, 0.1], [0.7, 0.25]);
  await touchDrag(customer, canvas, [0.7, 0.25], [0.3, 0.4]);
  await markup.getByRole('button', { name: 'Clear' }).click();
  await expect(attach).toBeDisabled();
  await touchDrag(customer, canvas, [0.25, 0.15], [0.75, 0.2]);
  expect(await fitsWidth(customer)).toBe(true);
  await attach.click();
  await expect(markup).toBeHidden();
  await expect(form.getByRole('button', { name: /^Remove markup-\d+\.png$/ })).toBeVisible();
  await form.getByRole('button', { name: 'Send request for changes' }).click();
  const changes = design.getByRole('article', { name: 'Round 1: Changes requested' });
  await expect(changes).toContainText(`${user.name} (you)`);
  await expect(changes).toContainText('Make the logo bigger, here.');
  await expect(changes.getByRole('img', { name: 'Marked-up screenshot 1, round 1' })).toBeVisible();
  await expect(design.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // Staff see the request and the markup live, and post round 2.
  const staffDesign = staffPreviews.getByRole('region', { name: 'Design' });
  const staffChanges = staffDesign.getByRole('article', { name: 'Round 1: Changes requested' });
  await expect(staffChanges).toContainText(`${user.name} (customer)`);
  await expect(staffChanges.getByRole('img', { name: 'Marked-up screenshot 1, round 1' })).toBeVisible();
  // The markup is the preview image with the drawing on it, at the image's own size (a PNG staff can open).
  const markupImage = staffChanges.getByRole('img');
  await markupImage.scrollIntoViewIfNeeded();
  await expect.poll(() => markupImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(360);
  const link = staffPreviews.getByLabel('Link to a web build (optional)');
  await link.fill(`${baseURL}/terms`);
  await staffPreviews.getByRole('button', { name: 'Post preview' }).click();
  await expect(staffPreviews.getByText('The link must be an https:// address.')).toBeVisible();
  await expect(staffPreviews.getByRole('status')).toHaveCount(0);
  await link.fill('https://build.example.com/rosa-bakes');
  await staffPreviews.getByLabel('Note for the customer (optional)').fill('Bigger logo, try it on the web build.');
  await staffPreviews.getByRole('button', { name: 'Post preview' }).click();
  await expect(staffDesign.getByRole('article', { name: 'Round 2: Preview' })).toBeVisible();

  // The customer finds the web build (it opens in a new tab) and approves round 2, after confirming.
  const round2 = design.getByRole('article', { name: 'Round 2: Preview' });
  await expect(round2).toContainText('Bigger logo, try it on the web build.');
  const build = round2.getByRole('link', { name: /Open the web build/ });
  await expect(build).toHaveAttribute('href', 'https://build.example.com/rosa-bakes');
  await expect(build).toHaveAttribute('target', '_blank');
  await design.getByRole('button', { name: 'Approve' }).click();
  const confirm = customer.getByRole('dialog', { name: 'Approve Design?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(design.getByRole('article', { name: 'Round 2: Approved' })).toHaveCount(0);
  await design.getByRole('button', { name: 'Approve' }).click();
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(confirm).toBeHidden();
  await expect(design.getByRole('article', { name: 'Round 2: Approved' })).toContainText(`${user.name} (you)`);
  await expect(design).toContainText(/Approved \w{3} \d{1,2}, \d{4}/);
  // Approving again is not offered, here nor after a reload, and staff can no longer preview the stage.
  await expect(design.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await customer.reload();
  await expect(previews.getByRole('region', { name: 'Design' }).getByRole('article')).toHaveCount(4);
  await expect(previews.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectAccessible(customer);
  await customer.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(customer);

  await expect(staffDesign.getByRole('article', { name: 'Round 2: Approved' })).toBeVisible();
  await expect(staffPreviews.getByLabel('Stage').locator('option')).toHaveText(['Build', 'Review', 'Store submission', 'Published']);
  await staff.setViewportSize({ width: 390, height: 844 });
  expect(await fitsWidth(staff)).toBe(true);
  await expectAccessible(staff);
  expect(alerts).toEqual([]);
  await customerContext.close();
  await staffContext.close();
});
