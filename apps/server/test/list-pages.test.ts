import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { as } from './billing-helpers.ts';
import { expectKeysetPages, seedRows, tiedTimestamps } from './pages-helpers.ts';
import { signUpStaff } from './staff-helpers.ts';

// Every list that can grow is read a page at a time by keyset (contracts `page.ts`); rows are seeded in SQL with
// timestamps shared by two rows each, so that a page boundary often falls between rows of the same time.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const sql = (text: string, params: unknown[]) => ctx.database.sql.query(text, params);

const seed = (owner: TestUser, count: number, prefix: string, insert: string) => seedRows(ctx, owner, count, prefix, insert);

/** A subscription of `status` ($1 its id, $2 the owner's, $3 its start), for `seed`. */
const insertSubscription = (status: string) =>
  `INSERT INTO subscriptions (id, user_id, status, service_id, service_title, price, amount, recurring, start_date, due_date)
   VALUES ($1, $2, '${status}', $1, 'Plan', '9.99', 999, 'month', $3, $3::timestamptz + interval '30 days')`;

const seedChats = (user: TestUser, count: number, prefix = 'chat') =>
  seed(user, count, prefix, `INSERT INTO support_chats (id, user_id, reason, created_at, last_activity_at, last_message_text) VALUES ($1, $2, 'General Inquiry', $3, $3, 'Hi')`);

describe('support chats', () => {
  it("pages the user's chats by last activity, ties broken by id, never another user's", async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const expected = await seedChats(user, 32);
    const foreign = await seedChats(other, 3);
    await expectKeysetPages(ctx, user, { path: '/api/support/chats', rows: (body) => body.chats as { id: string }[], expected, foreign });
  });

  it('pages messages newest page first, oldest first within a page, to the customer and to staff', async () => {
    const user = await signUp(ctx.app);
    const [chatId] = await seedChats(user, 1, 'talk');
    const expected: string[] = [];
    for (const [i, at] of tiedTimestamps(31).entries()) {
      const id = `message-${chatId}-${String(i).padStart(3, '0')}`;
      await sql(`INSERT INTO support_messages (id, chat_id, sender_id, messenger_type, message_type, text_message, sent_at) VALUES ($1, $2, $3, 'user', 'text', $1, $4)`, [
        id,
        chatId,
        user.id,
        at,
      ]);
      expected.push(id);
    }
    const rows = (body: Record<string, unknown>) => body.messages as { id: string }[];
    await expectKeysetPages(ctx, user, { path: `/api/support/chats/${chatId}`, rows, expected });
    const staff = await signUpStaff(ctx);
    await expectKeysetPages(ctx, staff, { path: `/api/staff/chats/${chatId}`, rows, expected });

    // The first page is the newest 25, shown oldest first; the next page holds the 6 before them.
    const first = (await ctx.app.inject({ url: `/api/support/chats/${chatId}`, headers: { cookie: user.cookie } })).json();
    expect(first.messages.map((m: { id: string }) => m.id)).toEqual(expected.slice(6));
    const older = (await ctx.app.inject({ url: `/api/support/chats/${chatId}?cursor=${first.nextCursor}`, headers: { cookie: user.cookie } })).json();
    expect(older.messages.map((m: { id: string }) => m.id)).toEqual(expected.slice(0, 6));
    expect(older.nextCursor).toBeNull();

    const stranger = await signUp(ctx.app);
    expect((await ctx.app.inject({ url: `/api/support/chats/${chatId}?cursor=${first.nextCursor}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });
});

describe('projects', () => {
  it("pages the user's projects created newest first, never another user's", async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const seedProjects = (owner: TestUser, count: number) =>
      seed(owner, count, 'project', `INSERT INTO projects (id, user_id, project_name, created_at, last_modified_at) VALUES ($1, $2, $1, $3, $3)`);
    const expected = await seedProjects(user, 27);
    const foreign = await seedProjects(other, 2);
    const seen = await expectKeysetPages(ctx, user, {
      path: '/api/projects?sortBy=created_newest',
      rows: (body) => (body.projects as { projectId: string }[]).map((p) => ({ id: p.projectId })),
      expected,
      foreign,
    });
    // Newest first; the two projects of each time come greater id first: seeded 1, 0, 3, 2, ...
    expect(seen).toEqual(expected.map((_, i) => expected[i ^ 1] ?? expected[i]));
  });
});

describe('subscriptions', () => {
  it("pages the user's subscriptions newest start first, never another user's", async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const seedSubscriptions = (owner: TestUser, count: number) => seed(owner, count, 'subscription', insertSubscription('CANCELLED'));
    const expected = await seedSubscriptions(user, 26);
    const foreign = await seedSubscriptions(other, 2);
    const seen = await expectKeysetPages(ctx, user, { path: '/api/subscriptions', rows: (body) => body.subscriptions as { id: string }[], expected, foreign });
    expect(seen).toEqual(expected.map((_, i) => expected[i ^ 1] ?? expected[i]));
  });
});

describe('active subscriptions', () => {
  const ids = (body: Record<string, unknown>) => (body.subscriptions as { id: string }[]).map((s) => s.id);

  it('status=active pages only the active ones (also a downgrade waiting), never cancelled, unpaid or foreign ones', async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const active = await seed(user, 12, 'active', insertSubscription('ACTIVE'));
    const pending = await seed(user, 3, 'pending-update', insertSubscription('ACTIVE_PENDING_UPDATE'));
    const cancelled = await seed(user, 30, 'cancelled', insertSubscription('CANCELLED'));
    const unpaid = await seed(user, 2, 'unpaid', insertSubscription('INACTIVE_NONPAYMENT'));
    const foreign = await seed(other, 2, 'active', insertSubscription('ACTIVE'));
    await expectKeysetPages(ctx, user, {
      path: '/api/subscriptions?status=active',
      rows: (body) => body.subscriptions as { id: string }[],
      expected: [...active, ...pending],
      foreign: [...foreign, ...cancelled, ...unpaid],
    });
    expect((await as(ctx, user, 'GET', '/api/subscriptions?status=cancelled')).json().error.code).toBe('VALIDATION_ERROR');
  });

  it('finds the active ones behind more than a page of newer cancelled ones', async () => {
    const user = await signUp(ctx.app);
    const base = Date.parse('2026-03-01T12:00:00.000Z');
    const active: string[] = [];
    for (const i of [0, 1]) {
      active.push(`old-active-${i}-${user.id}`);
      await sql(insertSubscription('ACTIVE'), [active[i], user.id, new Date(base - 86_400_000 * (i + 1)).toISOString()]);
    }
    await seed(user, 30, 'newer-cancelled', insertSubscription('CANCELLED'));
    const firstPage = (await as(ctx, user, 'GET', '/api/subscriptions')).json();
    expect(ids(firstPage)).toHaveLength(25);
    for (const id of active) expect(ids(firstPage)).not.toContain(id);
    const onlyActive = (await as(ctx, user, 'GET', '/api/subscriptions?status=active')).json();
    expect(ids(onlyActive)).toEqual(active);
    expect(onlyActive.nextCursor).toBeNull();
  });
});

describe('saved cards', () => {
  const insertCard = (status: string) =>
    `INSERT INTO cards (id, user_id, square_card_id, status, brand, last4, exp_month, exp_year, created_at, updated_at)
     VALUES ($1, $2, 'ccof:' || $1, '${status}', 'VISA', '1111', 12, 2030, $3, $3)`;

  it("pages the user's cards newest first, without refused ones, never another user's, with the default card on every page", async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const expected = await seed(user, 31, 'card', insertCard('Complete'));
    const refused = await seed(user, 2, 'refused', insertCard('Error'));
    const foreign = await seed(other, 3, 'card', insertCard('Complete'));
    const oldest = expected.at(-1)!;
    await sql(`INSERT INTO billing_customers (user_id, square_customer_id, default_card_id, created_at) VALUES ($1, $2, $3, now())`, [user.id, `cust-${user.id}`, oldest]);
    const seen = await expectKeysetPages(ctx, user, { path: '/api/cards', rows: (body) => body.cards as { id: string }[], expected, foreign: [...foreign, ...refused] });
    expect(seen).toEqual(expected.map((_, i) => expected[i ^ 1] ?? expected[i]));
    // The default card is the oldest, on the last page, and named in full on the first.
    const first = (await as(ctx, user, 'GET', '/api/cards')).json();
    expect(first).toMatchObject({ defaultCardId: oldest, defaultCard: { id: oldest, usable: true } });
    expect(first.cards.map((c: { id: string }) => c.id)).not.toContain(oldest);
  });
});
