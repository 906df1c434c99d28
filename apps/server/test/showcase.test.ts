import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { importDemoContentOnFirstStart } from '../src/modules/content/index.ts';
import { as } from './billing-helpers.ts';
import { importThroughEndpoint, OPERATOR_TOKEN } from './content-helpers.ts';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { listen, openTopics, signUpStaff, waitFor } from './staff-helpers.ts';

type Entry = { id: string; name: string; appStoreUrl: string | null; websiteUrl: string | null; imageUrl: string | null };
type Business = { id: string; name: string };

const entry = (overrides: Record<string, unknown> = {}) => ({
  name: 'Corner Deli',
  kind: 'Restaurant app',
  description: 'Orders and loyalty.\r\nBuilt in a week.',
  imageUrl: '/media/portfolio/harbor-grill.svg',
  imageAlt: 'The Corner Deli app',
  appStoreUrl: 'https://apps.apple.com/us/app/corner-deli/id123',
  playStoreUrl: '',
  websiteUrl: '',
  ...overrides,
});

let ctx: TestContext;
let staff: TestUser;
let customer: TestUser;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_TOKEN } });
  staff = await signUpStaff(ctx);
  customer = await signUp(ctx.app);
  base = await listen(ctx);
});
afterAll(async () => ctx.close());

const portfolio = async () => (await ctx.app.inject({ url: '/api/portfolio' })).json().entries as Entry[];
const trustedBy = async () => (await ctx.app.inject({ url: '/api/trusted-by' })).json().businesses as Business[];
const audit = async (entityId: string) =>
  (await ctx.database.sql.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY position', [entityId])).map((r) => r.action);

describe('the portfolio editor', () => {
  it('creates entries last, edits, moves and deletes them, audited and published to open pages', async () => {
    const stream = await openTopics(base, customer);
    const a = (await as(ctx, staff, 'POST', '/api/staff/portfolio', entry())).json() as Entry;
    const b = (await as(ctx, staff, 'POST', '/api/staff/portfolio', entry({ name: 'Glow Salon', appStoreUrl: '', websiteUrl: 'https://glow.example.org' }))).json() as Entry;
    expect(a).toMatchObject({ name: 'Corner Deli', appStoreUrl: 'https://apps.apple.com/us/app/corner-deli/id123', websiteUrl: null });
    expect(b).toMatchObject({ appStoreUrl: null, websiteUrl: 'https://glow.example.org' });
    expect((await portfolio()).map((e) => e.name)).toEqual(['Corner Deli', 'Glow Salon']);
    await waitFor(() => stream.topics.includes('portfolio'));
    expect(stream.topics).toContain('portfolio');
    stream.close();

    const edited = await as(ctx, staff, 'PUT', `/api/staff/portfolio/${a.id}`, entry({ name: 'Corner Deli & Grill', imageUrl: '' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Corner Deli & Grill', imageUrl: null });
    const moved = await as(ctx, staff, 'POST', `/api/staff/portfolio/${b.id}/move`, { direction: 'up' });
    expect(moved.json().entries.map((e: Entry) => e.name)).toEqual(['Glow Salon', 'Corner Deli & Grill']);
    expect((await as(ctx, staff, 'DELETE', `/api/staff/portfolio/${a.id}`)).statusCode).toBe(204);
    expect((await portfolio()).map((e) => e.id)).toEqual([b.id]);
    expect(await audit(a.id)).toEqual(['portfolio-entry.create', 'portfolio-entry.update', 'portfolio-entry.delete']);
    expect((await as(ctx, staff, 'PUT', `/api/staff/portfolio/${a.id}`, entry())).statusCode).toBe(404);
    await as(ctx, staff, 'DELETE', `/api/staff/portfolio/${b.id}`);
  });

  it('refuses addresses that are not http(s) and a missing name, and lets only staff write', async () => {
    for (const body of [entry({ name: '' }), entry({ appStoreUrl: 'javascript:alert(1)' }), entry({ websiteUrl: '/local' }), entry({ imageUrl: 'data:image/png;base64,AAAA' })]) {
      const res = await as(ctx, staff, 'POST', '/api/staff/portfolio', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await as(ctx, customer, 'POST', '/api/staff/portfolio', entry())).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/staff/trusted-by', payload: { name: 'X' } })).statusCode).toBe(401);
    expect(await portfolio()).toEqual([]);
  });
});

describe('the "Trusted by" names', () => {
  it('are edited by staff and written into the prerendered landing page, escaped, as they change', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'portal-trusted-by-'));
    onTestFinished(() => rmSync(webRoot, { recursive: true, force: true }));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>index.html</title>');
    const strip = '<ul><li class="n"><svg></svg>__trusted_by_name__</li></ul>';
    writeFileSync(path.join(webRoot, 'landing.html'), `<!doctype html><ul><li><a href="/faq">FAQ</a></li></ul><section data-trusted-by>${strip}${strip}</section>`);
    const site = await createTestApp({ env: { WEB_DIST_DIR: webRoot }, serveWeb: true });
    onTestFinished(() => site.close());
    const siteStaff = await signUpStaff(site);
    const landing = async () => (await site.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body;

    expect(await landing()).toContain('<section data-trusted-by><ul></ul><ul></ul></section>');
    const first = (await as(site, siteStaff, 'POST', '/api/staff/trusted-by', { name: 'Rosa & Co. <Kitchen>' })).json() as Business;
    await as(site, siteStaff, 'POST', '/api/staff/trusted-by', { name: 'Bloom Florals' });
    const items = '<ul><li class="n"><svg></svg>Rosa &amp; Co. &lt;Kitchen&gt;</li><li class="n"><svg></svg>Bloom Florals</li></ul>';
    const page = await landing();
    expect(page).toContain(`<section data-trusted-by>${items}${items}</section>`);
    expect(page).toContain('<ul><li><a href="/faq">FAQ</a></li></ul>');

    await as(site, siteStaff, 'PUT', `/api/staff/trusted-by/${first.id}`, { name: "Rosa's Kitchen" });
    const moved = await as(site, siteStaff, 'POST', `/api/staff/trusted-by/${first.id}/move`, { direction: 'down' });
    expect(moved.json().businesses.map((b: Business) => b.name)).toEqual(['Bloom Florals', "Rosa's Kitchen"]);
    expect(await landing()).toContain("<svg></svg>Bloom Florals</li><li class=\"n\"><svg></svg>Rosa's Kitchen</li>");
    expect((await as(site, siteStaff, 'POST', '/api/staff/trusted-by', { name: 'x'.repeat(61) })).statusCode).toBe(400);
  });
});

describe('import, export and the demo', () => {
  it('the content import and export carry the portfolio and the names; importing the export changes nothing', async () => {
    const file = {
      Portfolio: { deli: { ...entry(), playStoreUrl: null, order: 1 }, salon: { name: 'Glow Salon', websiteUrl: 'https://glow.example.org', order: 0 } },
      TrustedBy: { rosa: { name: "Rosa's Kitchen", order: 0 } },
    };
    expect((await importThroughEndpoint(ctx.app, file)).statusCode).toBe(200);
    expect((await portfolio()).map((e) => [e.name, e.websiteUrl])).toEqual([['Glow Salon', 'https://glow.example.org'], ['Corner Deli', null]]);
    expect((await trustedBy()).map((b) => b.name)).toContain("Rosa's Kitchen");
    const exported = (await as(ctx, staff, 'GET', '/api/staff/content/export')).json();
    expect(exported.Portfolio.deli).toMatchObject({ name: 'Corner Deli', appStoreUrl: 'https://apps.apple.com/us/app/corner-deli/id123', order: 1 });
    const again = (await importThroughEndpoint(ctx.app, { Portfolio: exported.Portfolio, TrustedBy: exported.TrustedBy })).json();
    for (const collection of again.collections) expect(collection).toMatchObject({ created: 0, updated: 0 });
    const bad = await importThroughEndpoint(ctx.app, { Portfolio: { x: { name: 'X', appStoreUrl: 'ftp://nope' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Portfolio/x/appStoreUrl');
  });

  it('the demo content fills them outside production', async () => {
    const demo = await createTestApp({ env: { DEMO_CONTENT: 'true' } });
    onTestFinished(() => demo.close());
    await importDemoContentOnFirstStart(demo.app);
    const entries = (await demo.app.inject({ url: '/api/portfolio' })).json().entries as Entry[];
    expect(entries.map((e) => e.name)).toEqual(['Harbor Grill', 'Sweet Crumbs', 'Menu Sync']);
    expect((await demo.app.inject({ url: '/api/trusted-by' })).json().businesses).toHaveLength(10);
  });
});
