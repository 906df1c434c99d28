import { expect, newUser, signUpThroughApi, test } from '../fixtures';
import { linkIn, waitForMail } from './mail-notify-helpers';
import { signInAsNewStaff } from './staff-helpers';

for (const width of [1280, 390]) {
  test(`an account invited to the staff is signed out where it was signed in before it joined (${width} px)`, async ({ page, browser, baseURL }, testInfo) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // Someone registered the address and is signed in with it before the invitation reaches it.
    const earlier = await signUpThroughApi(page, newUser('invited'));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);

    const staff = await signInAsNewStaff(baseURL!);
    expect((await staff.post('/api/staff/team/invitations', { data: { email: earlier.email } })).status()).toBe(201);
    await staff.dispose();

    // The invitation is accepted through the mailed link, in a browser of its own.
    const mail = await waitForMail(page.request, earlier.email, /^You are invited to join the staff of /);
    const link = new URL(linkIn(mail, '/staff-invitation'));
    const context = await browser.newContext({ baseURL, viewport: { width, height: width === 390 ? 844 : 800 } });
    const joining = await context.newPage();
    await joining.goto(`${link.pathname}${link.search}`);
    await joining.getByLabel('Full Name').fill('Nia Newcomer');
    await joining.getByLabel('Password').fill('a-long-staff-password');
    await joining.getByRole('button', { name: 'Join and sign in' }).click();
    // Signed in as staff, where the second factor is set up before the console opens.
    await expect(joining).toHaveURL(/\/two-factor-setup$/);
    await context.close();

    // The session opened before the invitation never became staff: it is signed out.
    expect((await page.request.get('/api/staff/team')).status()).toBe(401);
    await page.goto('/staff');
    await expect(page).toHaveURL(/\/login/);
    await page.screenshot({ path: testInfo.outputPath(`invited-signed-out-${width}.png`) });
  });
}
