import { expect, expectAccessible, operatorUrl, signInThroughUi, test } from '../fixtures';
import { buildOldExport, OLD_PASSWORD } from '../../apps/server/test/migration-helpers';
import { demoRecords } from './content-helpers';

const OPERATOR = { authorization: 'Bearer e2e-operator-token-0123456789' };

/** The export of the original system, with the shared server's demo plans (other journeys use them) brought along. */
async function oldExport(tag: string) {
  const old = await buildOldExport(tag, new Date());
  const database = old.database as Record<string, Record<string, unknown>>;
  database.Services = { ...demoRecords('Services'), ...database.Services };
  return old;
}

test('a customer of the original system signs in with the old password and finds everything there', async ({ page, browser, baseURL }) => {
  // A whole business moved over (the import, sign-in export and files) and then walked page by page: a long journey.
  test.setTimeout(180_000);
  const tag = `e${Date.now().toString(36)}`;
  const old = await oldExport(tag);
  const migrate = (dryRun: boolean) =>
    page.request.post(operatorUrl('/api/operator/migration'), {
      headers: OPERATOR,
      data: { database: old.database, auth: old.auth, hashConfig: old.hashConfig, filesDir: old.bucket, dryRun },
    });
  const dry = await migrate(true);
  expect(dry.status(), await dry.text()).toBe(200);
  expect((await dry.json()).refused).toEqual([]);
  const real = await migrate(false);
  expect(real.status(), await real.text()).toBe(200);
  expect((await real.json()).files.copied).toBe(4);

  await signInThroughUi(page, { email: `${old.ids.ann}@example.com`, password: OLD_PASSWORD });
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/my-subscriptions');
  for (const status of [/^ACTIVE$/, /^Active · change pending$/, /^CANCELLED$/, /^INACTIVE NONPAYMENT$/])
    await expect(page.getByText(status).first()).toBeVisible();
  await expect(page.getByText('Growth Plan').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('migration-subscriptions-1280.png'), fullPage: true });

  await page.goto('/payment-history');
  await expect(page.getByText('$44.99').first()).toBeVisible();
  await expect(page.getByText(/Card declined/).first()).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/support/chat/${old.ids.chat}`);
  await expect(page.getByText('Hello, can you see my screenshot?')).toBeVisible();
  await expect(page.getByText('Yes, we are on it.')).toBeVisible();
  const image = page.getByRole('main').locator('img[src^="/api/files/"]').first();
  await expect(image).toBeVisible();
  // The picture really arrives from our storage (a broken image has no natural width).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await page.screenshot({ path: test.info().outputPath('migration-chat-1280.png'), fullPage: true });

  await page.goto('/my-projects');
  await expect(page.getByRole('link', { name: /Ann Bakery App/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Ann Bakery App/ })).toContainText('PUBLISHED');

  await page.goto(`/questionnaire/${old.ids.sub('active')}`);
  await expect(page.getByRole('textbox', { name: 'What is the name of your business as customers should see it?' })).toHaveValue('Ann Bakery');
  // The form shows the uploaded picture; the same answers as sent sit folded above it.
  await expect(page.getByRole('main').locator('form img[src^="/api/files/"]').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('migration-questionnaire-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/support/chat/${old.ids.chat}`);
  await expect(page.locator('img[src^="/api/files/"]').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('migration-chat-390.png'), fullPage: true });
  await page.goto('/my-subscriptions');
  await expect(page.getByText('Growth Plan').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('migration-subscriptions-390.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The customer who used Google continues with Google and lands on the migrated account.
  const googleContext = await browser.newContext({ baseURL });
  const google = await googleContext.newPage();
  await google.goto('/login');
  await google.getByRole('button', { name: 'Continue with Google' }).click();
  await google.getByLabel('Name').fill('Greg Google');
  await google.getByLabel('E-mail').fill(`${old.ids.greg}@example.com`);
  await google.getByRole('button', { name: 'Continue' }).click();
  await expect(google).not.toHaveURL(/\/login|\/oidc/);
  const me = await (await google.request.get('/api/me')).json();
  expect(me.user).toMatchObject({ id: old.ids.greg, name: 'Greg Google', email: `${old.ids.greg}@example.com` });
  await googleContext.close();
});

test('the operator endpoint: a second migration changes nothing; bad input is listed by path and the run refused', async ({ request }) => {
  const old = await oldExport(`t${Date.now().toString(36)}`);
  const migrate = (database: unknown, hashConfig: unknown, dryRun = false) =>
    request.post(operatorUrl('/api/operator/migration'), {
      headers: OPERATOR,
      data: { database, auth: old.auth, hashConfig, filesDir: old.bucket, dryRun },
    });
  expect((await migrate(old.database, old.hashConfig)).status()).toBe(200);
  const again = await (await migrate(old.database, old.hashConfig)).json();
  expect(again.files).toEqual({ copied: 0, skipped: 4, bytes: 0 });
  for (const c of again.collections) expect(c, c.name).toMatchObject({ created: 0, updated: 0, refused: 0 });

  const bad = structuredClone(old.database) as Record<string, Record<string, unknown>>;
  bad.Payments!['pay-dangling'] = { UserId: 'nobody', ServiceTitle: 'X', Amount: 100, PaymentStatus: 'Complete', Timestamp: '1' };
  bad.Projects = 'not a collection' as never;
  const dry = await (await migrate(bad, undefined, true)).json();
  const listed = (dry.refused as { path: string; reason: string }[]).map((r) => `${r.path}: ${r.reason}`);
  expect(listed).toEqual(
    expect.arrayContaining([
      'Payments/pay-dangling/UserId: no user "nobody" in the export',
      'Projects: expected an object keyed by id',
      `(auth)/users/${old.ids.ann}/passwordHash: a password hash without the hash parameters (--hash-config)`,
    ]),
  );
  const refused = await migrate(bad, undefined);
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.code).toBe('MIGRATION_REFUSED');
});
