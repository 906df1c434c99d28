import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_MAILS_PER_HOUR, GUEST_DELETION_REQUESTS_PER_HOUR } from '../src/modules/account/index.ts';
import { createTestApp, nextAddress, signUp, type TestContext } from './helpers.ts';
import { confirmDeletion, outboxFor } from './notify-helpers.ts';
import { OPERATOR_TOKEN, demoContent, importThroughEndpoint } from './content-helpers.ts';

let ctx: TestContext;
const now = new Date('2025-08-01T12:00:00Z');
beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_TOKEN }, clock: () => now });
  const res = await importThroughEndpoint(ctx.app, demoContent());
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => ctx.close());

describe('plans', () => {
  it('lists only visible plans, in their order, to anyone', async () => {
    const res = await ctx.app.inject({ url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json().plans).toEqual([
      expect.objectContaining({
        id: 'starter',
        title: 'Starter App',
        price: '49.99',
        amount: 4999,
        recurring: 'month',
      }),
      expect.objectContaining({ id: 'growth', title: 'Growth Bundle', price: '99.99', amount: 9999 }),
      {
        id: 'pro',
        title: 'Pro Suite',
        price: '199.99',
        amount: 19999,
        recurring: 'month',
        description: null,
      },
    ]);
  });

  it('answers one visible plan, and 404 for a hidden or missing one', async () => {
    expect((await ctx.app.inject({ url: '/api/plans/growth' })).json()).toMatchObject({
      id: 'growth',
      amount: 9999,
    });
    for (const id of ['legacy', 'no-such-plan']) {
      const res = await ctx.app.inject({ url: `/api/plans/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers a hidden plan only to a customer who holds a subscription to it (to reactivate it)', async () => {
    const holder = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    await ctx.database.sql.query(
      `INSERT INTO subscriptions (id, user_id, status, service_id, service_title, price, amount, recurring, start_date, due_date)
       VALUES (gen_random_uuid()::text, $1, 'CANCELLED', 'legacy', 'Legacy', '19.99', 1999, 'month', now(), now())`,
      [holder.id],
    );
    const ask = (cookie?: string) => ctx.app.inject({ url: '/api/plans/legacy', headers: cookie ? { cookie } : {} });
    expect((await ask(holder.cookie)).json()).toMatchObject({ id: 'legacy' });
    expect((await ask(other.cookie)).statusCode).toBe(404);
    expect((await ask()).statusCode).toBe(404);
  });
});

describe('FAQs and help guides', () => {
  it('need a signed-in user', async () => {
    for (const url of ['/api/faqs', '/api/help-guides'])
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });

  it('lists FAQs in their order', async () => {
    const user = await signUp(ctx.app);
    const res = await ctx.app.inject({ url: '/api/faqs', headers: { cookie: user.cookie } });
    const faqs = res.json().faqs as { id: string; question: string; answer: string }[];
    expect(faqs).toHaveLength(6);
    expect(faqs[0]).toEqual({
      id: 'faq-launch-time',
      question: 'How long does it take to launch my app?',
      answer: expect.stringContaining('7 to 14 days'),
    });
  });

  it('lists help guides by category, then title, with every field', async () => {
    const user = await signUp(ctx.app);
    const guides = (
      await ctx.app.inject({ url: '/api/help-guides', headers: { cookie: user.cookie } })
    ).json().guides as {
      category: string;
      title: string;
    }[];
    const order = guides.map((g) => `${g.category}|${g.title}`);
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : 1)));
    expect(guides[0]).toEqual({
      id: 'guide-receipt-printer',
      title: 'Connect a receipt printer',
      description: 'Print order tickets automatically on a Bluetooth or network printer.',
      category: 'Hardware',
      userLevel: 'advanced',
      consoleTypes: ['Tablet'],
      navigation: 'Manager App > Settings > Devices > Printers',
      howToUse: expect.stringContaining('Print a test ticket'),
      tags: ['printing', 'bluetooth', 'devices'],
      lastUpdated: 1750636800000,
    });
  });
});

describe('account deletion requests', () => {
  const stored = async (email: string) =>
    (
      await ctx.app.inject({
        url: `/api/operator/account-deletion-requests?email=${encodeURIComponent(email)}`,
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        remoteAddress: '127.0.0.1',
      })
    ).json().requests;

  it("stores a guest's request as pending with the server's time once its address confirms it", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account-deletion-requests',
      payload: { name: '  Gail Guest ', email: 'Gail@Example.com', reason: 'Closing my shop.' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(201);
    expect((await confirmDeletion(ctx, 'gail@example.com')).statusCode).toBe(200);
    expect(await stored('gail@example.com')).toEqual([
      {
        id: expect.any(String),
        name: 'Gail Guest',
        email: 'gail@example.com',
        reason: 'Closing my shop.',
        status: 'pending',
        requestedAt: now.getTime(),
        userId: 'guest',
      },
    ]);
  });

  it("stores a signed-in user's request with their id and no reason", async () => {
    const user = await signUp(ctx.app, { name: 'Sid Signed' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account-deletion-requests',
      headers: { cookie: user.cookie },
      payload: { name: 'Sid Signed', email: user.email, reason: '   ' },
    });
    expect(res.statusCode).toBe(201);
    expect((await confirmDeletion(ctx, user.email)).statusCode).toBe(200);
    expect(await stored(user.email)).toEqual([
      expect.objectContaining({ userId: user.id, reason: null, status: 'pending' }),
    ]);
  });

  it('requires a name and a valid e-mail', async () => {
    const post = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account-deletion-requests',
        payload,
        remoteAddress: nextAddress(),
      });
    const blank = await post({ name: ' ', email: 'a@example.com' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('Name and email are required.');
    expect((await post({ name: 'Al' })).statusCode).toBe(400);
    expect((await post({ name: 'Al', email: 'not-an-email' })).statusCode).toBe(400);
  });

  it('limits guests per address, but not signed-in users', async () => {
    const address = nextAddress();
    const post = (headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account-deletion-requests',
        headers,
        payload: { name: 'Rita Repeat', email: 'rita@example.com' },
        remoteAddress: address,
      });
    for (let i = 0; i < GUEST_DELETION_REQUESTS_PER_HOUR; i++) expect((await post()).statusCode).toBe(201);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    const user = await signUp(ctx.app);
    const own = await ctx.app.inject({ method: 'POST', url: '/api/account-deletion-requests', headers: { cookie: user.cookie }, payload: { name: 'Rita Repeat', email: user.email }, remoteAddress: address });
    expect(own.statusCode).toBe(201);
  });

  it('limits the confirmation mails per signed-in account, whatever the addresses named or used', async () => {
    const user = await signUp(ctx.app);
    const post = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account-deletion-requests',
        headers: { cookie: user.cookie },
        payload: { name: 'Sam Spam', email: `target-${i}-${user.email}` },
        remoteAddress: nextAddress(),
      });
    for (let i = 0; i < DELETION_MAILS_PER_HOUR; i++) expect((await post(i)).statusCode).toBe(201);
    const limited = await post(DELETION_MAILS_PER_HOUR);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });

  it('limits the confirmation mails per e-mail address named, whoever asks from wherever', async () => {
    const target = `inbox-${Date.now()}@example.com`;
    const post = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/account-deletion-requests', payload: { name: 'Gus Guest', email }, remoteAddress: nextAddress() });
    for (let i = 0; i < DELETION_MAILS_PER_HOUR; i++) expect((await post(i % 2 ? target : target.toUpperCase())).statusCode).toBe(201);
    expect((await post(target)).statusCode).toBe(429);
    expect((await outboxFor(ctx, target, 'deletion-confirm')).length).toBe(DELETION_MAILS_PER_HOUR);
    expect((await post(`other-${target}`)).statusCode).toBe(201);
  });

  it('lists stored requests only to the operator on loopback', async () => {
    const url = '/api/operator/account-deletion-requests';
    const wrongToken = await ctx.app.inject({
      url,
      headers: { authorization: 'Bearer nope' },
      remoteAddress: '127.0.0.1',
    });
    const remote = await ctx.app.inject({
      url,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      remoteAddress: '203.0.113.9',
    });
    expect([wrongToken.statusCode, remote.statusCode]).toEqual([404, 404]);
  });
});

describe('OpenAPI', () => {
  it('documents the content routes', async () => {
    const paths = (await ctx.app.inject({ url: '/api/docs/json' })).json().paths;
    for (const p of [
      '/api/plans',
      '/api/plans/{id}',
      '/api/faqs',
      '/api/help-guides',
      '/api/account-deletion-requests',
    ]) {
      expect(paths[p], p).toBeDefined();
    }
  });
});
