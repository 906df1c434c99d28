import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures';
import { linkIn, waitForMail } from './mail-notify-helpers';
import { customerInNewContext, screenshots, setUpTwoFactorThroughUi, signInStaffThroughUi } from './staff-helpers';

test('staff invite a colleague by e-mail, who joins through the link, and then lose staff rights when removed', async ({ page, browser, baseURL }) => {
  // Two people in two browsers, a mail round trip and four screenshots: longer than most journeys.
  test.setTimeout(120_000);
  const me = await signInStaffThroughUi(page, baseURL!);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/staff\/team$/);
  const members = page.getByRole('list', { name: /^Staff members/ });
  const myRow = members.getByRole('listitem').filter({ hasText: me.email });
  await expect(myRow).toContainText('You');
  await expect(myRow.getByRole('button')).toHaveCount(0);

  const colleague = { name: `Nia ${randomUUID().slice(0, 6)}`, email: `colleague-${randomUUID().slice(0, 8)}@example.com`, password: 'a-long-staff-password' };
  await page.getByRole('textbox', { name: 'Email' }).fill('not an address');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(colleague.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${colleague.email}, as agent.` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Open invitations' })).toContainText(colleague.email);
  await screenshots(page, 'team');

  // The colleague follows the mailed link in a browser of their own.
  const mail = await waitForMail(page.request, colleague.email, /^You are invited to join the staff of /);
  const link = new URL(linkIn(mail, '/staff-invitation'));
  const context = await browser.newContext({ baseURL });
  const theirs = await context.newPage();
  await theirs.goto(`${link.pathname}${link.search}`);
  await expect(theirs.getByRole('heading', { name: 'Join the staff' })).toBeVisible();
  await expect(theirs.getByText(`For ${colleague.email}.`, { exact: false })).toBeVisible();
  await screenshots(theirs, 'invitation');
  await theirs.getByLabel('Full Name').fill(colleague.name);
  await theirs.getByLabel('Password').fill(colleague.password);
  await theirs.getByRole('button', { name: 'Join and sign in' }).click();
  // The console stays closed until their second factor is set up.
  await expect(theirs).toHaveURL(/\/two-factor-setup$/);
  await theirs.goto('/staff/team');
  await expect(theirs).toHaveURL(/\/two-factor-setup$/);
  expect((await theirs.request.get('/api/staff/team')).status()).toBe(403);
  await setUpTwoFactorThroughUi(theirs, colleague.password, () => screenshots(theirs, 'two-factor-setup'));
  await theirs.getByRole('button', { name: 'Continue' }).click();
  await expect(theirs).toHaveURL(/\/staff$/);
  await expect(theirs.getByRole('navigation', { name: 'Staff' })).toBeVisible();

  // The link works once.
  await theirs.goto(`${link.pathname}${link.search}`);
  await expect(theirs.getByRole('alert')).toHaveText('This invitation link has already been used. Sign in with the password you chose.');

  // Back on the team page: the colleague is a member; their rights are taken away and their session loses staff access.
  await page.reload();
  const row = members.getByRole('listitem').filter({ hasText: colleague.email });
  await expect(row).toContainText(colleague.name);
  // Other journeys on this server may leave invitations of their own open.
  await expect(page.getByRole('list', { name: 'Open invitations' }).getByText(colleague.email)).toHaveCount(0);
  await row.getByRole('button', { name: `Remove staff rights of ${colleague.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove the staff rights of ${colleague.name}?` });
  await confirm.getByRole('button', { name: 'Remove staff rights' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(0);

  expect((await theirs.request.get('/api/staff/team')).status()).toBe(403);
  await theirs.goto('/staff');
  await expect(theirs.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await context.close();
});

for (const width of [1280, 390]) {
  test(`staff are told an invited address is a customer's, and withdraw the invitation, whose link then stops working (${width} px)`, async ({ page, browser, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    const { page: customerPage, user: customer } = await customerInNewContext(browser, baseURL!, 'invited-customer');
    await signInStaffThroughUi(page, baseURL!);
    await page.goto('/staff/team');
    await page.getByRole('textbox', { name: 'Email' }).fill(customer.email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const notice = 'This address has a customer account: accepting makes that account staff, and its subscriptions stay.';
    await expect(page.getByRole('status')).toHaveText(`Invitation sent to ${customer.email}, as agent. ${notice}`);
    const row = page.getByRole('list', { name: 'Open invitations' }).getByRole('listitem').filter({ hasText: customer.email });
    await expect(row).toContainText(notice);
    await page.screenshot({ path: test.info().outputPath(`team-invitation-${width}.png`), fullPage: true });

    await row.getByRole('button', { name: `Withdraw the invitation of ${customer.email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(row).toHaveCount(0);
    const mail = await waitForMail(page.request, customer.email, /^You are invited to join the staff of /);
    await customerPage.goto(new URL(linkIn(mail, '/staff-invitation')).pathname + new URL(linkIn(mail, '/staff-invitation')).search);
    await expect(customerPage.getByText('This invitation link is not valid. Ask a staff member to invite you again.')).toBeVisible();
    await customerPage.context().close();
  });
}

test('the staff nav shows every section on a wide screen, and on a phone names the current one and lists them all behind a "Sections" button', async ({ page, baseURL }) => {
  await signInStaffThroughUi(page, baseURL!);
  const nav = page.getByRole('navigation', { name: 'Staff' });
  await page.setViewportSize({ width: 1280, height: 800 });
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(20);
  for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
  await expect(nav.getByRole('button', { name: /Sections/ })).toBeHidden();

  // On a phone the nav is one button naming the current section; it opens the list of every section.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff/team');
  const sections = nav.getByRole('button', { name: /Sections/ });
  await expect(sections).toContainText('Team');
  await expect(sections).toHaveAttribute('aria-expanded', 'false');
  await expect(links).toHaveCount(0);
  await sections.click();
  await expect(sections).toHaveAttribute('aria-expanded', 'true');
  await expect(links).toHaveCount(20);
  for (const link of await links.all()) await expect(link).toBeInViewport();
  await expect(nav.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current]')).toHaveCount(1);
  await screenshots(page, 'nav-sections');
  await page.setViewportSize({ width: 390, height: 844 });

  // Escape closes it and leaves the keyboard on the button; Enter opens it again and a section is a Tab away.
  await expect(links).toHaveCount(20);
  await nav.getByRole('link', { name: 'Team' }).focus();
  await page.keyboard.press('Escape');
  await expect(links).toHaveCount(0);
  await expect(sections).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Overview' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/overview$/);
  await expect(sections).toContainText('Overview');
  await expect(sections).toHaveAttribute('aria-expanded', 'false');
});
