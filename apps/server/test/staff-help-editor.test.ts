import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './billing-helpers.ts';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { listen, openTopics, signUpStaff, waitFor } from './staff-helpers.ts';

let ctx: TestContext;
let staff: TestUser;
let customer: TestUser;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpStaff(ctx);
  customer = await signUp(ctx.app);
  base = await listen(ctx);
});
afterAll(async () => ctx.close());

type Faq = { id: string; question: string; answer: string };
type Guide = { id: string; title: string; category: string; lastUpdated: number | null };
const faqs = async () => (await as(ctx, customer, 'GET', '/api/faqs')).json().faqs as Faq[];
const guides = async () => (await as(ctx, customer, 'GET', '/api/help-guides')).json().guides as Guide[];
const audit = async (entityId: string) =>
  ctx.database.sql.query<{ action: string; actor_id: string; before: unknown; after: unknown }>(
    'SELECT action, actor_id, before, after FROM audit_log WHERE entity_id = $1 ORDER BY position',
    [entityId],
  );
const rowCount = async (table: 'faqs' | 'help_guides') => (await ctx.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
/** Each body is refused with 400 VALIDATION_ERROR. */
async function expectRefused(url: string, bodies: unknown[]) {
  for (const body of bodies) {
    const res = await as(ctx, staff, 'POST', url, body);
    expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  }
}
const guide = (overrides: Record<string, unknown> = {}) => ({
  title: 'Print a receipt',
  description: 'Line one.\r\nLine two.',
  category: 'Hardware',
  userLevel: 'advanced',
  consoleTypes: ['Tablet'],
  navigation: 'Settings > Printers',
  howToUse: 'Pair the printer.\nPrint a test ticket.',
  tags: ['printing', 'devices'],
  ...overrides,
});

describe('FAQ editor', () => {
  it('creates FAQs last, edits, moves and deletes them, each audited and published to open pages', async () => {
    const stream = await openTopics(base, customer);
    const created: Faq[] = [];
    for (const question of ['First?', 'Second?', 'Third?']) {
      const res = await as(ctx, staff, 'POST', '/api/staff/faqs', { question: `  ${question} `, answer: 'Yes.\r\nReally.' });
      expect(res.statusCode).toBe(201);
      created.push(res.json());
    }
    const [a, b, c] = created as [Faq, Faq, Faq];
    expect(a).toMatchObject({ question: 'First?', answer: 'Yes.\nReally.' });
    expect((await faqs()).map((f) => f.id)).toEqual([a.id, b.id, c.id]);
    await waitFor(() => stream.topics.includes('faqs'));
    expect(stream.topics).toContain('faqs');
    stream.close();

    const moved = await as(ctx, staff, 'POST', `/api/staff/faqs/${c.id}/move`, { direction: 'up' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().faqs.map((f: Faq) => f.id)).toEqual([a.id, c.id, b.id]);
    await as(ctx, staff, 'POST', `/api/staff/faqs/${a.id}/move`, { direction: 'down' });
    expect((await faqs()).map((f) => f.id)).toEqual([c.id, a.id, b.id]);
    // At either end a move changes nothing (and records nothing).
    expect((await as(ctx, staff, 'POST', `/api/staff/faqs/${c.id}/move`, { direction: 'up' })).json().faqs.map((f: Faq) => f.id)).toEqual([c.id, a.id, b.id]);

    const edited = await as(ctx, staff, 'PUT', `/api/staff/faqs/${a.id}`, { question: 'First, renamed?', answer: '<b>not bold</b>' });
    expect(edited.json()).toEqual({ id: a.id, question: 'First, renamed?', answer: '<b>not bold</b>' });
    expect((await faqs()).find((f) => f.id === a.id)?.answer).toBe('<b>not bold</b>');

    expect((await as(ctx, staff, 'DELETE', `/api/staff/faqs/${b.id}`)).statusCode).toBe(204);
    expect((await faqs()).map((f) => f.id)).toEqual([c.id, a.id]);

    expect((await audit(a.id)).map((e) => e.action)).toEqual(['faq.create', 'faq.move', 'faq.update']);
    expect((await audit(c.id)).map((e) => e.action)).toEqual(['faq.create', 'faq.move']);
    const [, move] = await audit(c.id);
    expect(move).toMatchObject({ actor_id: staff.id, before: { position: 2 }, after: { position: 1 } });
    const removed = await audit(b.id);
    expect(removed.at(-1)).toMatchObject({ action: 'faq.delete', after: null, before: { question: 'Second?' } });
  });

  it('trades places with a neighbour only, renumbering only where imported FAQs share an order', async () => {
    for (const f of await faqs()) await as(ctx, staff, 'DELETE', `/api/staff/faqs/${f.id}`);
    await ctx.database.sql.query(`INSERT INTO faqs (id, question, answer, sort_order) VALUES ('x1', 'X1?', 'a', 50), ('x2', 'X2?', 'a', 7), ('y1', 'Y1?', 'a', 0), ('y2', 'Y2?', 'a', 0)`);
    await as(ctx, staff, 'POST', '/api/staff/faqs/x1/move', { direction: 'up' });
    const orders = async () => Object.fromEntries((await ctx.database.sql.query<{ id: string; sort_order: number }>('SELECT id, sort_order FROM faqs')).map((r) => [r.id, r.sort_order]));
    expect(await orders()).toEqual({ y1: 0, y2: 0, x1: 7, x2: 50 });
    await as(ctx, staff, 'POST', '/api/staff/faqs/y2/move', { direction: 'up' });
    expect((await faqs()).map((f) => f.id)).toEqual(['y2', 'y1', 'x1', 'x2']);
    expect(await orders()).toEqual({ y2: 0, y1: 1, x1: 2, x2: 3 });
  });

  it('refuses bad input with a stable code and writes nothing', async () => {
    const before = await rowCount('faqs');
    const bad = [
      {},
      { question: ' ', answer: 'a' },
      { question: 'q', answer: '   ' },
      { question: 'two\nlines', answer: 'a' },
      { question: 'q'.repeat(301), answer: 'a' },
      { question: 'q', answer: 'bell\u0007' },
      { question: 5, answer: 'a' },
    ];
    await expectRefused('/api/staff/faqs', bad);
    expect((await as(ctx, staff, 'POST', '/api/staff/faqs', { question: ' ', answer: 'a' })).json().error.message).toContain('Question is required.');
    expect((await as(ctx, staff, 'POST', '/api/staff/faqs/x1/move', { direction: 'sideways' })).statusCode).toBe(400);
    expect(await rowCount('faqs')).toBe(before);
    for (const [method, url] of [['PUT', '/api/staff/faqs/nope'], ['DELETE', '/api/staff/faqs/nope'], ['POST', '/api/staff/faqs/nope/move']] as const) {
      const res = await as(ctx, staff, method, url, method === 'DELETE' ? undefined : { question: 'q', answer: 'a', direction: 'up' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('help guide editor', () => {
  it('creates, edits and deletes guides with every field of the import, dated now, audited and published', async () => {
    const stream = await openTopics(base, customer);
    const created = await as(ctx, staff, 'POST', '/api/staff/help-guides', guide());
    expect(created.statusCode).toBe(201);
    const g = created.json();
    // Every field as sent, the description's Windows line break made "\n".
    expect(g).toMatchObject({ ...guide(), description: 'Line one.\nLine two.' });
    expect(g.lastUpdated).toBeGreaterThan(Date.now() - 60_000);
    await waitFor(() => stream.topics.includes('help-guides'));
    expect(stream.topics).toContain('help-guides');
    stream.close();

    const other = (await as(ctx, staff, 'POST', '/api/staff/help-guides', guide({ title: 'Add a dish', category: 'Menu', tags: [], consoleTypes: [] }))).json();
    // Shown by category, then title: changing the category moves a guide.
    expect((await guides()).map((x) => x.id)).toEqual([g.id, other.id]);
    const edited = await as(ctx, staff, 'PUT', `/api/staff/help-guides/${g.id}`, guide({ category: 'Payments', userLevel: 'beginner', tags: ['Receipts'] }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ category: 'Payments', userLevel: 'beginner', tags: ['Receipts'] });
    expect((await guides()).map((x) => x.id)).toEqual([other.id, g.id]);

    expect((await as(ctx, staff, 'DELETE', `/api/staff/help-guides/${g.id}`)).statusCode).toBe(204);
    expect((await guides()).map((x) => x.id)).toEqual([other.id]);
    const entries = await audit(g.id);
    expect(entries.map((e) => e.action)).toEqual(['help-guide.create', 'help-guide.update', 'help-guide.delete']);
    expect(entries[1]).toMatchObject({ actor_id: staff.id, before: { category: 'Hardware' }, after: { category: 'Payments' } });
    expect(entries[2]).toMatchObject({ after: null });
  });

  it('refuses bad input with a stable code and writes nothing', async () => {
    const before = await rowCount('help_guides');
    const bad = [
      guide({ title: '' }),
      guide({ userLevel: 'expert' }),
      guide({ tags: ['a', 'A'] }),
      guide({ tags: [''] }),
      guide({ tags: ['a, b'] }),
      guide({ consoleTypes: 'Tablet' }),
      guide({ category: 'Two\nlines' }),
      guide({ howToUse: 'x'.repeat(5001) }),
      guide({ description: undefined }),
    ];
    await expectRefused('/api/staff/help-guides', bad);
    expect(await rowCount('help_guides')).toBe(before);
    expect((await as(ctx, staff, 'PUT', '/api/staff/help-guides/nope', guide())).statusCode).toBe(404);
    expect((await as(ctx, staff, 'DELETE', '/api/staff/help-guides/nope')).statusCode).toBe(404);
  });
});

describe('who may edit', () => {
  it('answers 403 to a customer and 401 to a visitor on every editor write, and changes nothing', async () => {
    const writes = [
      ['POST', '/api/staff/faqs', { question: 'q', answer: 'a' }],
      ['PUT', '/api/staff/faqs/x1', { question: 'q', answer: 'a' }],
      ['POST', '/api/staff/faqs/x1/move', { direction: 'down' }],
      ['DELETE', '/api/staff/faqs/x1', undefined],
      ['POST', '/api/staff/help-guides', guide()],
      ['PUT', '/api/staff/help-guides/g', guide()],
      ['DELETE', '/api/staff/help-guides/g', undefined],
    ] as const;
    const [faqsBefore, guidesBefore] = [await faqs(), await guides()];
    for (const [method, url, body] of writes) {
      const forbidden = await as(ctx, customer, method, url, body);
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json().error.code).toBe('FORBIDDEN');
      const anonymous = await ctx.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode, url).toBe(401);
    }
    expect(await faqs()).toEqual(faqsBefore);
    expect(await guides()).toEqual(guidesBefore);
  });
});
