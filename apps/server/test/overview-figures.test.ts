import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from './helpers.ts';
import { staffOverview } from '../src/modules/staff/overview.ts';
import { foldOverviewFigures } from '../src/modules/staff/overview-fold.ts';

// The overview's figures are kept by triggers as rows change (migration 0411). Whatever the writes, they must equal
// the figures counted again from the rows themselves, before and after a fold.
let ctx: TestContext;
let customers: string[];
const NOW = new Date('2026-03-15T12:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
  customers = [];
  for (let i = 0; i < 3; i++) customers.push((await signUp(ctx.app)).id);
  await q(`INSERT INTO services (id, title, price, amount, recurring) VALUES ('f-basic', 'Basic', '49.99', 4999, 'month'), ('f-pro', 'Pro', '119.99', 11999, 'year')`);
});
afterAll(async () => ctx.close());

const q = (text: string, params: unknown[] = []) => ctx.database.sql.query<Record<string, unknown>>(text, params);
const overview = () => staffOverview(ctx.app.db, NOW);

/** The overview as kept, and as counted again from the rows (which puts the kept rows back to the recount's). */
async function keptAndRecounted() {
  const kept = await overview();
  await q('SELECT recount_overview_figures()');
  return { kept, recounted: await overview() };
}

const insertSubscription = (id: string, user: string, status: string, plan: string, amount: number, recurring: string, start: string, extra: { cancelled?: string; failures?: number } = {}) =>
  q(
    `INSERT INTO subscriptions (id, user_id, status, service_id, service_title, price, amount, recurring, start_date, due_date, cancelled_at, renewal_failures, billing_anchor_day, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $4, '0', $5, $6, $7, $7, $8, $9, 1, $7, $7)`,
    [id, user, status, plan, amount, recurring, start, extra.cancelled ?? null, extra.failures ?? 0],
  );

/** A chat and its messages, as [who, when]. */
async function chat(id: string, user: string, status: 'OPEN' | 'CLOSED', messages: Array<['user' | 'support', string]>) {
  await q(`INSERT INTO support_chats (id, user_id, reason, status) VALUES ($1, $2, 'Billing', $3)`, [id, user, status]);
  for (const [i, [who, when]] of messages.entries()) await message(`${id}-${i}`, id, who, when);
}
const message = (id: string, chatId: string, who: 'user' | 'support', when: string) =>
  q(`INSERT INTO support_messages (id, chat_id, messenger_type, message_type, text_message, sent_at) VALUES ($1, $2, $3, 'text', 'hi', $4)`, [id, chatId, who, when]);

/** Since when each open chat waits, counted from its messages (what the trigger keeps in waiting_since). */
const waitingCounted = () =>
  q(`SELECT c.id, c.waiting_since AS kept,
       (SELECT min(m.sent_at) FROM support_messages m WHERE m.chat_id = c.id AND m.messenger_type = 'user'
          AND m.position > coalesce((SELECT max(r.position) FROM support_messages r WHERE r.chat_id = c.id AND r.messenger_type = 'support'), -1)) AS counted
     FROM support_chats c ORDER BY c.id`);

describe('the overview figures kept as rows change', () => {
  it('equal a recount after inserts, changes and deletes of one row or many', async () => {
    const [a, b, c] = customers as [string, string, string];
    await insertSubscription('s1', a, 'ACTIVE', 'f-basic', 4999, 'month', '2025-06-10T00:00:00Z');
    // Several rows in one statement, as an import writes them.
    await q(
      `INSERT INTO subscriptions (id, user_id, status, service_id, service_title, price, amount, recurring, start_date, due_date, billing_anchor_day, created_at, updated_at)
       SELECT 'm' || n, $1, CASE WHEN n % 3 = 0 THEN 'CANCELLED' ELSE 'ACTIVE' END, CASE WHEN n % 2 = 0 THEN 'f-pro' ELSE 'f-basic' END, 'Old title', '0',
              1000 * n, CASE WHEN n % 4 = 0 THEN 'week' ELSE 'month' END, timestamptz '2025-01-01' + n * interval '20 days', now(), 1,
              timestamptz '2025-01-01' + n * interval '20 days', timestamptz '2025-01-01' + n * interval '25 days'
       FROM generate_series(1, 20) AS n`,
      [b],
    );
    await insertSubscription('s2', c, 'ACTIVE', 'f-pro', 11999, 'year', '2026-03-05T00:00:00Z');
    await insertSubscription('s3', c, 'ACTIVE', 'f-basic', 4999, 'month', '2025-10-01T00:00:00Z', { failures: 1 });
    expect((await overview()).activeSubscriptions).toBe(17);

    // A renewal that only moves the due date changes no figure; the others move them.
    await q(`UPDATE subscriptions SET due_date = due_date + interval '1 month' WHERE status = 'ACTIVE'`);
    await q(`UPDATE subscriptions SET renewal_failures = renewal_failures + 1 WHERE id IN ('s3', 'm1')`);
    await q(`UPDATE subscriptions SET status = 'CANCELLED', cancelled_at = '2026-03-03T00:00:00Z', updated_at = '2026-03-03T00:00:00Z' WHERE id = 's1'`);
    await q(`UPDATE subscriptions SET service_id = 'f-pro', service_title = 'Pro', amount = 11999, recurring = 'year' WHERE id = 'm5'`);
    await q(`UPDATE subscriptions SET amount = amount + 500 WHERE service_id = 'f-basic'`);
    await q(`UPDATE subscriptions SET status = 'PAUSED', updated_at = '2026-02-01T00:00:00Z' WHERE id = 'm7'`);
    // Ended by non-payment: it stops counting at its last failed renewal, written after the status.
    await q(`UPDATE subscriptions SET status = 'INACTIVE_NONPAYMENT', renewal_failures = 3, updated_at = '2026-03-14T00:00:00Z' WHERE id = 's3'`);
    await q(
      `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring, subtotal, amount, subscription_id, created_at, updated_at)
       VALUES ('pay-s3', $1, 'k-s3', 'k-s3', 'Pending', 'Renewal', 'f-basic', 'Basic', '49.99', 'month', 4999, 4999, 's3', '2026-01-05T00:00:00Z', '2026-01-05T00:00:00Z')`,
      [c],
    );
    await q(`UPDATE payments SET status = 'Failed' WHERE id = 'pay-s3'`);
    expect((await q(`SELECT counted_until FROM subscriptions WHERE id = 's3'`))[0]!.counted_until).toEqual(new Date('2026-01-05T00:00:00Z'));
    await q(`DELETE FROM subscriptions WHERE id IN ('m2', 'm3', 'm4')`);

    await chat('c1', a, 'OPEN', [['user', '2026-03-14T09:00:00Z'], ['support', '2026-03-14T10:00:00Z'], ['user', '2026-03-15T08:00:00Z'], ['user', '2026-03-15T09:00:00Z']]);
    await chat('c2', b, 'OPEN', [['user', '2026-03-13T07:00:00Z']]);
    await chat('c3', c, 'OPEN', [['user', '2026-03-10T07:00:00Z'], ['support', '2026-03-11T07:00:00Z']]);
    await chat('c4', c, 'OPEN', []);
    // Messages in one statement: a reply among them answers the ones before it only.
    await q(
      `INSERT INTO support_messages (id, chat_id, messenger_type, message_type, text_message, sent_at) VALUES
         ('c4-a', 'c4', 'user', 'text', 'a', '2026-03-01T00:00:00Z'), ('c4-b', 'c4', 'support', 'text', 'b', '2026-03-02T00:00:00Z'),
         ('c4-c', 'c4', 'user', 'text', 'c', '2026-03-03T00:00:00Z'), ('c4-d', 'c4', 'user', 'text', 'd', '2026-03-04T00:00:00Z')`,
    );
    await q(`UPDATE support_chats SET status = 'CLOSED' WHERE id = 'c3'`);

    const before = await overview();
    expect(before).toMatchObject({ openChats: 3, oldestUnansweredTimestamp: Date.parse('2026-03-03T00:00:00Z'), inactiveNonpayment: 1 });
    for (const row of await waitingCounted()) expect(row.kept, String(row.id)).toEqual(row.counted);

    // A customer who goes takes their subscriptions and chats with them.
    await q(`DELETE FROM users WHERE id = $1`, [b]);
    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
    expect(kept.openChats).toBe(2);
    expect(kept.activeSubscriptions).toBe(1);
  });

  it('stay the same when folded, into one row per key', async () => {
    const [a] = customers as [string];
    for (let i = 0; i < 5; i++) await insertSubscription(`fold-${i}`, a, 'ACTIVE', 'f-basic', 4999, 'month', '2026-02-01T00:00:00Z');
    await q(`UPDATE subscriptions SET status = 'CANCELLED', cancelled_at = '2026-03-01T00:00:00Z' WHERE id IN ('fold-1', 'fold-2')`);
    const before = await overview();
    await foldOverviewFigures(ctx.app);
    expect(await overview()).toEqual(before);
    const [duplicates] = await q(
      `SELECT (SELECT count(*) - count(DISTINCT (service_id, service_title, status, in_retry)) FROM subscription_tallies)::int AS tallies,
              (SELECT count(*) - count(DISTINCT month) FROM subscription_months)::int AS months,
              (SELECT count(*) - count(DISTINCT status) FROM support_chat_tallies)::int AS chats`,
    );
    expect(duplicates).toEqual({ tallies: 0, months: 0, chats: 0 });
    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
  });

  it('hold with many writers at once', async () => {
    const [a] = customers as [string];
    const before = (await overview()).activeSubscriptions;
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await insertSubscription(`many-${i}`, a, 'ACTIVE', i % 2 ? 'f-basic' : 'f-pro', 4999, 'month', '2026-03-10T00:00:00Z');
        if (i % 4 === 0) await q(`UPDATE subscriptions SET status = 'CANCELLED', cancelled_at = '2026-03-12T00:00:00Z' WHERE id = $1`, [`many-${i}`]);
        if (i % 5 === 0) await foldOverviewFigures(ctx.app);
      }),
    );
    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
    expect(kept.activeSubscriptions).toBe(before + 15);
  });
});
