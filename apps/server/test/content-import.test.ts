import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../src/modules/content/import/apply.ts';
import { importDemoContentOnFirstStart } from '../src/modules/content/demo.ts';
import type { Change } from '../src/platform/events/change-feed.ts';
import { createTestApp, signUp, type TestContext } from './helpers.ts';
import { OPERATOR_TOKEN, contentCounts, demoContent, importThroughEndpoint } from './content-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_TOKEN } });
});
afterAll(async () => ctx.close());

/** Runs an import and collects the topics it published (delivered on commit). */
async function importWatching(data: unknown) {
  const changes: Change[] = [];
  const stop = ctx.app.changeFeed.subscribe((c) => changes.push(c));
  const res = await importThroughEndpoint(ctx.app, data);
  await new Promise((r) => setTimeout(r, 100));
  stop();
  return { res, topics: changes.map((c) => c.topic).sort() };
}

const collection = (summary: { collections: { name: string }[] }, name: string) =>
  summary.collections.find((c) => c.name === name);

describe('importing an export', () => {
  it('imports the demo content, then a re-import changes and publishes nothing', async () => {
    const first = await importWatching(demoContent());
    expect(first.res.statusCode, first.res.body).toBe(200);
    expect(first.res.json().collections).toEqual([
      { name: 'Services', created: 4, updated: 0, unchanged: 0, removed: 0, hidden: 0, demoRemoved: 0 },
      { name: 'PromoCodes', created: 5, updated: 0, unchanged: 0, removed: 0, hidden: 0, demoRemoved: 0 },
      { name: 'FAQs', created: 6, updated: 0, unchanged: 0, removed: 0, hidden: 0, demoRemoved: 0 },
      { name: 'FeaturedBanner', created: 3, updated: 0, unchanged: 0, removed: 0, hidden: 0, demoRemoved: 0 },
      { name: 'Guides/Android/settings', created: 9, updated: 0, unchanged: 0, removed: 0, hidden: 0, demoRemoved: 0 },
      { name: 'Forms/NewSubscriptionForm', created: 8, updated: 0, unchanged: 0, removed: 0, hidden: 0, demoRemoved: 0 },
      { name: 'CompletionStepTemplates', created: 5, updated: 0, unchanged: 0, removed: 0, hidden: 0, demoRemoved: 0 },
      { name: 'Portfolio', created: 3, updated: 0, unchanged: 0, removed: 0, hidden: 0, demoRemoved: 0 },
      { name: 'TrustedBy', created: 10, updated: 0, unchanged: 0, removed: 0, hidden: 0, demoRemoved: 0 },
    ]);
    expect(first.topics).toEqual(['banners', 'faqs', 'help-guides', 'plans', 'portfolio', 'trusted-by']);
    const types = await ctx.database.sql.query<{ type: string }>(
      'SELECT DISTINCT type FROM form_items ORDER BY type',
    );
    expect(types.map((t) => t.type)).toHaveLength(7);

    const before = await ctx.database.sql.query('SELECT id, updated_at FROM services ORDER BY id');
    const again = await importWatching(demoContent());
    expect(again.res.statusCode).toBe(200);
    for (const c of again.res.json().collections) expect(c).toMatchObject({ created: 0, updated: 0 });
    expect(collection(again.res.json(), 'FAQs')).toMatchObject({ unchanged: 6 });
    expect(again.topics).toEqual([]);
    expect(await ctx.database.sql.query('SELECT id, updated_at FROM services ORDER BY id')).toEqual(before);
  });

  it('updates only the records that differ and keeps promo redemptions', async () => {
    await ctx.database.sql.query(`UPDATE promo_codes SET redemptions = 3 WHERE code = 'SAVE5'`);
    const data = demoContent() as {
      Services: Record<string, { title: string }>;
      PromoCodes: Record<string, { value: number }>;
    };
    data.Services.pro!.title = 'Pro Suite Plus';
    data.PromoCodes.SAVE5!.value = 700;
    const { res, topics } = await importWatching({ Services: data.Services, PromoCodes: data.PromoCodes });
    expect(res.json().collections).toEqual([
      { name: 'Services', created: 0, updated: 1, unchanged: 3, removed: 0, hidden: 0, demoRemoved: 0 },
      { name: 'PromoCodes', created: 0, updated: 1, unchanged: 4, removed: 0, hidden: 0, demoRemoved: 0 },
    ]);
    expect(topics).toEqual(['plans']);
    const [promo] = await ctx.database.sql.query(
      `SELECT value, redemptions FROM promo_codes WHERE code = 'SAVE5'`,
    );
    expect(promo).toEqual({ value: 700, redemptions: 3 });
  });

  it('rejects a file with a bad record, naming its path, and changes nothing', async () => {
    const counts = await contentCounts(ctx.database.sql);
    const { res, topics } = await importWatching({
      FAQs: { 'faq-new': { question: 'A new question?', answer: 'A new answer.' } },
      Services: {
        broken: { title: 'Broken', amount: 'lots' },
        untitled: { amount: 100 },
        odd: { title: 'Odd', amount: 1000, price: '12.00' },
      },
      Forms: {
        NewSubscriptionForm: {
          q1: { prompt: 'Pick one', type: 'DROPDOWN' },
          q2: { prompt: 'Shape?', type: 'SLIDER' },
        },
      },
      PromoCodes: { 'bad code!': { type: 'percent', value: 10 }, BIG: { type: 'percent', value: 150 } },
    });
    expect(res.statusCode).toBe(400);
    const { code, message } = res.json().error;
    expect(code).toBe('IMPORT_REJECTED');
    for (const expected of [
      'Services/broken/amount: expected a whole number',
      'Services/untitled/title: is required',
      'Services/odd/price: "12.00" does not match amount 1000 (cents)',
      'Forms/NewSubscriptionForm/q1/options: a DROPDOWN question needs at least one option',
      'Forms/NewSubscriptionForm/q2/type: expected one of SINGLE_TEXT_INPUT',
      'PromoCodes/bad code!: a code has 2-40 letters',
      'PromoCodes/BIG/value: a percent code takes at most 100',
    ]) {
      expect(message).toContain(expected);
    }
    expect(topics).toEqual([]);
    expect(await contentCounts(ctx.database.sql)).toEqual(counts);
  });

  it('rolls back every collection when a check inside the transaction fails', async () => {
    const counts = await contentCounts(ctx.database.sql);
    const res = await importThroughEndpoint(ctx.app, {
      FAQs: { 'faq-rolled-back': { question: 'Kept?', answer: 'No.' } },
      PromoCodes: { ONLYFOR: { type: 'amount', value: 100, serviceIds: ['starter', 'no-such-plan'] } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(
      'PromoCodes/ONLYFOR/serviceIds: no plan "no-such-plan" exists',
    );
    expect(await contentCounts(ctx.database.sql)).toEqual(counts);
  });

  it('imports projects for their owners by id or e-mail, and rejects an unknown owner', async () => {
    const owner = await signUp(ctx.app);
    const project = {
      projectName: 'Harbor Grill App',
      businessName: 'Harbor Grill',
      createdTimestamp: 1751328000000,
    };
    const bad = await importThroughEndpoint(ctx.app, {
      Projects: {
        p1: { ...project, userEmail: owner.email.toUpperCase() },
        p2: { ...project, userEmail: 'nobody@example.com' },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(
      'Projects/p2/userEmail: no user with e-mail "nobody@example.com" exists',
    );
    expect(await ctx.database.sql.query(`SELECT id FROM projects WHERE id IN ('p1', 'p2')`)).toEqual([]);

    const good = await importThroughEndpoint(ctx.app, {
      Projects: {
        p1: {
          ...project,
          userEmail: owner.email.toUpperCase(),
          releaseStatus: 'PUBLISHED',
          deliverables: { websiteUrl: 'https://harbor.example.com' },
        },
        p2: { ...project, userId: owner.id, projectName: 'Second App' },
      },
    });
    expect(good.statusCode, good.body).toBe(200);
    const rows = await ctx.database.sql.query(
      `SELECT id, user_id, release_status, website_url FROM projects WHERE id IN ('p1', 'p2') ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 'p1', user_id: owner.id, release_status: 'PUBLISHED', website_url: 'https://harbor.example.com' },
      { id: 'p2', user_id: owner.id, release_status: 'PENDING', website_url: null },
    ]);
  });

  it('reads array-shaped collections and reports top-level keys that are not content', async () => {
    const res = await importThroughEndpoint(ctx.app, {
      FAQs: [null, { question: 'Array question?', answer: 'Array answer.' }],
      Users: { u1: { Name: 'Someone' } },
      Guides: { iOS: {}, Android: { settings: {} } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ignored).toEqual(['Guides/iOS', 'Users']);
    const [row] = await ctx.database.sql.query(`SELECT question FROM faqs WHERE id = '1'`);
    expect(row).toEqual({ question: 'Array question?' });
  });

  it('rejects a file with no content collections and any caller other than the operator', async () => {
    const empty = await importThroughEndpoint(ctx.app, { Users: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('holds none of Services');
    expect((await importThroughEndpoint(ctx.app, demoContent(), 'wrong-token-wrong-token')).statusCode).toBe(
      404,
    );
  });
});

describe('demo content on first start', () => {
  it('is imported only into an empty database, and only when DEMO_CONTENT is on', async () => {
    const off = await createTestApp({ env: { DEMO_CONTENT: 'false' } });
    await importDemoContentOnFirstStart(off.app);
    expect((await contentCounts(off.database.sql)).services).toBe(0);
    await off.close();

    const fresh = await createTestApp({ env: { DEMO_CONTENT: 'true' } });
    await importDemoContentOnFirstStart(fresh.app);
    expect(await contentCounts(fresh.database.sql)).toMatchObject({ services: 4, faqs: 6, help_guides: 9 });
    await fresh.close();

    const used = await createTestApp({ env: { DEMO_CONTENT: 'true' } });
    await importContent(used.app.db, { FAQs: { mine: { question: 'Our own?', answer: 'Yes.' } } });
    await importDemoContentOnFirstStart(used.app);
    expect(await contentCounts(used.database.sql)).toMatchObject({ services: 0, faqs: 1 });
    await used.close();
  });
});
