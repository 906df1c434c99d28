import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures';
import { createStaffAccount, openStaffSection, screenshots, signInStaffThroughUi } from './staff-helpers';

const ADMIN_SECTIONS = ['Plans', 'Promo codes', 'Import and export', 'Deletion requests', 'Team', 'Audit log'];

for (const width of [1280, 390]) {
  test(`an agent sees no admin sections, and an admin's page and route refuse them (${width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInStaffThroughUi(page, baseURL!, 'agent');
    const nav = page.getByRole('navigation', { name: 'Staff' });
    const sections = nav.getByRole('button', { name: /^Sections/ });
    if (width === 390) await sections.click();
    await expect(nav.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Customers', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'FAQs', exact: true })).toBeVisible();
    for (const name of ADMIN_SECTIONS) await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);

    await page.goto('/staff/audit');
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This page is for admins. Ask an admin of your team if you need something done here.');
    await expect(page.getByRole('list', { name: 'Audit log' })).toHaveCount(0);
    const refused = await page.request.get('/api/staff/audit');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    expect((await page.request.get('/api/staff/team')).status()).toBe(403);
    expect((await page.request.get('/api/staff/chats')).status()).toBe(200);
    if (width === 1280) await screenshots(page, 'agent-refused');
  });

  test(`an admin invites an agent, changes a member's role, and reads the audit log filtered (${width} px)`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const me = await signInStaffThroughUi(page, baseURL!);
    const colleague = { name: `Cleo ${randomUUID().slice(0, 6)}`, email: `cleo-${randomUUID().slice(0, 8)}@example.com`, password: 'a-long-staff-password', role: 'agent' as const };
    await createStaffAccount(baseURL!, colleague);

    await openStaffSection(page, 'Team');
    const invited = `agent-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByRole('textbox', { name: 'Email' }).fill(invited);
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('agent');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${invited}, as agent.` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Open invitations' }).getByRole('listitem').filter({ hasText: invited })).toContainText('Invited as agent');

    const role = page.getByRole('combobox', { name: `Role of ${colleague.name}` });
    await expect(role).toHaveValue('agent');
    await role.selectOption('admin');
    await expect(role).toHaveValue('admin');
    await expect(role).toBeEnabled();
    await page.reload();
    await expect(page.getByRole('combobox', { name: `Role of ${colleague.name}` })).toHaveValue('admin');
    // The only other admin could not be made an agent if it were the last: here there are two, and it can.
    await expect(page.getByRole('combobox', { name: `Role of ${me.name}` })).toHaveValue('admin');
    if (width === 1280) await screenshots(page, 'team-roles');

    await openStaffSection(page, 'Audit log');
    await expect(page).toHaveURL(/\/staff\/audit$/);
    const log = page.getByRole('list', { name: 'Audit log' });
    await page.getByRole('combobox', { name: 'Who' }).selectOption({ label: me.name });
    await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Team' });
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await page.getByLabel('From').fill(day);
    await page.getByLabel('To').fill(day);
    const entries = log.getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(`Changed the role of ${colleague.name}`);
    await expect(entries.nth(0)).toContainText('Role:');
    await expect(entries.nth(1)).toContainText(`Invited ${invited} to the team`);
    await entries.nth(0).getByText('Show details').click();
    await expect(entries.nth(0).getByLabel('After')).toContainText('"role": "admin"');
    await expect(entries.nth(0).getByLabel('Before')).toContainText('"role": "agent"');
    if (width === 1280) await screenshots(page, 'audit');

    // Another kind of change, or another day, shows none of them.
    await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Catalogue and site content' });
    await expect(page.getByText('No changes match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // Unfiltered, the log holds other staff's changes too (journeys run side by side): the change is among them.
    await expect(page.getByRole('combobox', { name: 'Kind of change' })).toHaveValue('');
    await expect(page.getByLabel('From')).toHaveValue('');
    await expect(entries.filter({ hasText: `Changed the role of ${colleague.name}` })).toHaveCount(1);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
  });
}
