import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDemoContentOnFirstStart } from '../src/modules/content/demo.ts';
import { as, createBillingApp, subscribedUser } from './billing-helpers.ts';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { OPERATOR_TOKEN, contentCounts, demoContent, importThroughEndpoint } from './content-helpers.ts';
import { signUpStaff } from './staff-helpers.ts';

interface Counts {
  name: string;
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  hidden: number;
  demoRemoved: number;
}

const staffImport = (ctx: TestContext, staff: TestUser, data: unknown, replace = false) =>
  as(ctx, staff, 'POST', `/api/staff/content/import${replace ? '?replace=true' : ''}`, data);

const collection = (body: { collections: Counts[] }, name: string) => body.collections.find((c) => c.name === name);
const ids = async (ctx: TestContext, table: string, key = 'id') =>
  (await ctx.database.sql.query<{ id: string }>(`SELECT ${key} AS id FROM ${table} ORDER BY ${key}`)).map((r) => r.id);

describe('replacing the collections in a file', () => {
  let ctx: TestContext;
  let staff: TestUser;
  beforeAll(async () => {
    ({ ctx } = await createBillingApp());
    staff = await signUpStaff(ctx);
    expect((await staffImport(ctx, staff, demoContent())).statusCode).toBe(200);
  });
  afterAll(async () => ctx.close());

  it('removes the records missing from the file, hides a plan that subscriptions use, and leaves other collections', async () => {
    const { plan: used } = await subscribedUser(ctx);
    const data = demoContent() as { Services: Record<string, unknown>; FAQs: Record<string, unknown> };
    const file = {
      Services: { starter: data.Services.starter, growth: data.Services.growth },
      FAQs: { 'faq-cancel': data.FAQs['faq-cancel'] },
    };
    const res = await staffImport(ctx, staff, file, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().replaced).toBe(true);
    expect(res.json().collections).toEqual([
      { name: 'Services', created: 0, updated: 0, unchanged: 2, removed: 2, hidden: 1, demoRemoved: 0 },
      { name: 'FAQs', created: 0, updated: 0, unchanged: 1, removed: 5, hidden: 0, demoRemoved: 0 },
    ]);
    expect(await ids(ctx, 'services')).toEqual([used.id, 'growth', 'starter'].sort());
    const [row] = await ctx.database.sql.query<{ visibility: string }>('SELECT visibility FROM services WHERE id = $1', [used.id]);
    expect(row!.visibility).toBe('hidden');
    expect(await ids(ctx, 'faqs')).toEqual(['faq-cancel']);
    expect((await ids(ctx, 'help_guides')).length).toBe(9);
    const pricing = (await ctx.app.inject({ method: 'GET', url: '/api/plans' })).json().plans as { id: string }[];
    expect(pricing.map((p) => p.id).sort()).toEqual(['growth', 'starter']);

    const [audit] = await ctx.database.sql.query<{ action: string; actor_id: string }>(
      `SELECT action, actor_id FROM audit_log WHERE action LIKE 'content.%' ORDER BY position DESC LIMIT 1`,
    );
    expect(audit).toEqual({ action: 'content.replace', actor_id: staff.id });

    // The used plan is already hidden: a second replace hides and removes nothing.
    const again = await staffImport(ctx, staff, file, true);
    expect(collection(again.json(), 'Services')).toMatchObject({ removed: 0, hidden: 0 });
  });

  it('changes nothing when one record is bad, or when a check inside the transaction fails', async () => {
    const before = await contentCounts(ctx.database.sql);
    const bad = await staffImport(ctx, staff, { FAQs: { kept: { question: 'Only?', answer: 'Yes.' }, broken: { question: 'No answer?' } } }, true);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('IMPORT_REJECTED');
    expect(bad.json().error.message).toContain('FAQs/broken/answer: is required');
    expect(await contentCounts(ctx.database.sql)).toEqual(before);

    // The plans are replaced first; the promo code then names a plan the replace removed: all is rolled back.
    const late = await staffImport(
      ctx,
      staff,
      { Services: { starter: demoContent().Services!['starter' as never] }, PromoCodes: { LATE: { type: 'percent', value: 5, serviceIds: ['growth'] } } },
      true,
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toContain('PromoCodes/LATE/serviceIds: no plan "growth" exists');
    expect(await contentCounts(ctx.database.sql)).toEqual(before);
    expect(await ids(ctx, 'services')).toContain('growth');

    const projects = await staffImport(ctx, staff, { Projects: { p1: { userEmail: 'a@example.com', projectName: 'App', createdTimestamp: 1 } } }, true);
    expect(projects.statusCode).toBe(400);
    expect(projects.json().error.message).toContain('Projects: projects belong to customers');
  });

  it('exports the content as a file that imports back (replacing, too) without changing anything', async () => {
    const exported = await as(ctx, staff, 'GET', '/api/staff/content/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="portal-content-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = exported.json() as Record<string, unknown>;
    expect(Object.keys(file).sort()).toEqual(['CompletionStepTemplates', 'FAQs', 'FeaturedBanner', 'Forms', 'Guides', 'Portfolio', 'ProjectStageTemplates', 'PromoCodes', 'Services', 'TrustedBy']);
    expect(Object.keys((file.Guides as { Android: { settings: object } }).Android.settings)).toHaveLength(9);

    const before = await ctx.database.sql.query('SELECT * FROM services ORDER BY id');
    for (const replace of [false, true]) {
      const res = await staffImport(ctx, staff, file, replace);
      expect(res.statusCode, res.body).toBe(200);
      for (const c of res.json().collections as Counts[])
        expect(c, c.name).toMatchObject({ created: 0, updated: 0, removed: 0, hidden: 0, demoRemoved: 0 });
    }
    expect(await ctx.database.sql.query('SELECT * FROM services ORDER BY id')).toEqual(before);
    expect((await as(ctx, staff, 'GET', '/api/staff/content/export')).json()).toEqual(file);
  });

  it("keeps a promo code's duration and per-customer limit through an export and an import", async () => {
    await ctx.database.sql.query(
      `INSERT INTO promo_codes (code, type, value, duration, duration_months, max_per_customer) VALUES ('LASTING3', 'percent', 20, 'months', 3, 1)`,
    );
    const file = (await as(ctx, staff, 'GET', '/api/staff/content/export')).json() as { PromoCodes: Record<string, Record<string, unknown>> };
    expect(file.PromoCodes.LASTING3).toMatchObject({ duration: 'months', durationMonths: 3, maxPerCustomer: 1 });
    await ctx.database.sql.query(`UPDATE promo_codes SET duration = 'once', duration_months = NULL, max_per_customer = NULL WHERE code = 'LASTING3'`);
    const res = await staffImport(ctx, staff, { PromoCodes: { LASTING3: file.PromoCodes.LASTING3 } });
    expect(collection(res.json(), 'PromoCodes')).toMatchObject({ updated: 1 });
    const [row] = await ctx.database.sql.query(`SELECT duration, duration_months, max_per_customer FROM promo_codes WHERE code = 'LASTING3'`);
    expect(row).toEqual({ duration: 'months', duration_months: 3, max_per_customer: 1 });

    const bad = await staffImport(ctx, staff, { PromoCodes: { LASTING4: { type: 'percent', value: 10, duration: 'months' }, LASTING5: { type: 'percent', value: 10, durationMonths: 2 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('PromoCodes/LASTING4/durationMonths: a code that lasts some months needs the number of months');
    expect(bad.json().error.message).toContain('PromoCodes/LASTING5/durationMonths: only a code that lasts some months takes a number of months');
  });

  it('is for staff only', async () => {
    const customer = await signUp(ctx.app);
    expect((await as(ctx, customer, 'GET', '/api/staff/content/export')).statusCode).toBe(403);
    expect((await staffImport(ctx, customer, demoContent())).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/content/export' })).statusCode).toBe(401);
  });
});

describe('demo content', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { DEMO_CONTENT: 'true', OPERATOR_TOKEN } });
    await importDemoContentOnFirstStart(ctx.app);
  });
  afterAll(async () => ctx.close());

  const demoRows = async (table: string) =>
    (await ctx.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE demo`))[0]!.n;

  it('is marked, and the first import of own content removes the demo records of the collections it brings', async () => {
    expect(await demoRows('form_items')).toBe(8);
    expect(await demoRows('faqs')).toBe(6);
    const own = {
      Forms: {
        NewSubscriptionForm: {
          'q-name': { prompt: 'What is your business called?', type: 'SINGLE_TEXT_INPUT', order: 1, isRequired: true },
          'q-colours': { prompt: 'Which colours do you use?', type: 'SINGLE_TEXT_INPUT', order: 2 },
        },
      },
    };
    const res = await importThroughEndpoint(ctx.app, own);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().collections).toEqual([
      { name: 'Forms/NewSubscriptionForm', created: 2, updated: 0, unchanged: 0, removed: 0, hidden: 0, demoRemoved: 8 },
    ]);
    expect(await ids(ctx, 'form_items')).toEqual(['q-colours', 'q-name']);
    expect(await demoRows('form_items')).toBe(0);
    // Collections the file does not bring keep their demo records, still marked.
    expect(await demoRows('faqs')).toBe(6);

    const again = await importThroughEndpoint(ctx.app, own);
    expect(again.json().collections[0]).toMatchObject({ unchanged: 2, demoRemoved: 0 });
  });

  it('that the own file holds too becomes the operator\'s, unchanged', async () => {
    const faqs = (demoContent() as { FAQs: Record<string, unknown> }).FAQs;
    const res = await importThroughEndpoint(ctx.app, { FAQs: { 'faq-cancel': faqs['faq-cancel'] } });
    expect(res.json().collections[0]).toMatchObject({ unchanged: 1, demoRemoved: 5 });
    expect(await ids(ctx, 'faqs')).toEqual(['faq-cancel']);
    expect(await demoRows('faqs')).toBe(0);
  });
});
