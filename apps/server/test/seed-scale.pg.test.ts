import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale, seedScaleCommand } from '../src/cli/seed-scale.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { call, signUpStaff } from './staff-helpers.ts';

// `npm run portal -- seed-scale` (issue 25 point 1) at a small size: the same rows for the same seed, the averages
// the issue asks for, data the portal reads, and never twice into one database.
const SIZE = { customers: 400, audit: 300 };
let first: TestContext;
let second: TestContext;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => Promise.all([first?.close(), second?.close()]));

/** What a seed decides, without the times (measured from now()). */
const fingerprint = async (ctx: TestContext) =>
  (
    await ctx.database.sql.query<{ hash: string }>(`
      SELECT md5(
        (SELECT string_agg(id || name || email || coalesce(phone, ''), ',' ORDER BY id) FROM users) ||
        (SELECT string_agg(id || status || service_id || amount, ',' ORDER BY id) FROM subscriptions) ||
        (SELECT string_agg(id || status || amount || coalesce(receipt_number::text, '-'), ',' ORDER BY id) FROM payments) ||
        (SELECT string_agg(id || chat_id || text_message, ',' ORDER BY id) FROM support_messages) ||
        (SELECT string_agg(id || action || coalesce(customer_id, ''), ',' ORDER BY id) FROM audit_log)) AS hash`)
  )[0]!.hash;

const countOf = async (ctx: TestContext, table: string) => Number((await ctx.database.sql.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE id LIKE 'scale-%'`))[0]!.n);

describe('seed-scale', () => {
  it('makes the same database for the same seed, with the issue’s averages per customer', async () => {
    const lines: string[] = [];
    const report = await seedScale(first.database.sql, { ...SIZE, seed: 7 }, (line) => lines.push(line));
    expect(report).toMatch(/^Seeded in \d+ s \(seed 7\): /);
    expect(lines.at(-1)).toContain('customers 400 of 400');
    await seedScale(second.database.sql, { ...SIZE, seed: 7 }, () => undefined);
    expect(await fingerprint(second)).toBe(await fingerprint(first));

    const customers = (await countOf(first, 'users')) - 1;
    expect(customers).toBe(400);
    expect((await countOf(first, 'subscriptions')) / customers).toBeGreaterThan(1.35);
    expect((await countOf(first, 'subscriptions')) / customers).toBeLessThan(1.65);
    expect((await countOf(first, 'payments')) / customers).toBeGreaterThan(10.5);
    expect((await countOf(first, 'payments')) / customers).toBeLessThan(13.5);
    expect((await countOf(first, 'support_chats')) / customers).toBe(1);
    expect((await countOf(first, 'support_messages')) / customers).toBeGreaterThan(7);
    expect((await countOf(first, 'support_messages')) / customers).toBeLessThan(9);
    expect(await countOf(first, 'cards')).toBe(400);
    expect(await countOf(first, 'projects')).toBe(400);
    expect(await countOf(first, 'audit_log')).toBe(300);
    // Spread over three years, nothing in the future; the next receipt comes after every seeded one.
    const [span] = await first.database.sql.query<{ oldest_days: number; future: number; counter_ok: boolean }>(`
      SELECT extract(day FROM now() - min(created_at))::int AS oldest_days, count(*) FILTER (WHERE created_at > now())::int AS future,
        (SELECT value FROM billing_counters WHERE name = 'receipt') >= (SELECT max(receipt_number) FROM payments) AS counter_ok
      FROM payments`);
    expect(span!.oldest_days).toBeGreaterThan(900);
    expect(span!.oldest_days).toBeLessThanOrEqual(1095);
    expect(span!.future).toBe(0);
    expect(span!.counter_ok).toBe(true);
  });

  it('makes another database for another seed, and never seeds a database twice', async () => {
    const before = await fingerprint(second);
    expect(await seedScale(second.database.sql, { ...SIZE, seed: 8 }, () => undefined)).toBe('seeded already');
    expect(await fingerprint(second)).toBe(before);
    const third = await createTestApp();
    try {
      await seedScale(third.database.sql, { ...SIZE, seed: 8 }, () => undefined);
      expect(await fingerprint(third)).not.toBe(before);
    } finally {
      await third.close();
    }
  });

  it('is data the portal reads: the staff lists and the overview answer on it', async () => {
    const staff = await signUpStaff(first);
    const customers = await call(first.app, staff, 'GET', '/api/staff/customers');
    expect(customers.status).toBe(200);
    expect(customers.body.customers).toHaveLength(25);
    expect(customers.body.nextCursor).toEqual(expect.any(String));
    const found = await call(first.app, staff, 'GET', '/api/staff/customers?q=scale-customer-17%40');
    expect(found.body.customers.map((c: { id: string }) => c.id)).toEqual(['scale-u-17']);
    for (const path of ['/api/staff/chats', '/api/staff/audit', '/api/staff/overview', '/api/staff/customers/scale-u-17']) {
      expect((await call(first.app, staff, 'GET', path)).status, path).toBe(200);
    }
  });

  it('refuses production and the embedded database', async () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, DATABASE_URL: process.env.DATABASE_URL };
    try {
      process.env.NODE_ENV = 'production';
      expect(await seedScaleCommand.run([])).toBe(2);
      process.env.NODE_ENV = 'test';
      delete process.env.DATABASE_URL;
      expect(await seedScaleCommand.run([])).toBe(2);
      expect(await seedScaleCommand.run(['--customers', '0'])).toBe(2);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});
