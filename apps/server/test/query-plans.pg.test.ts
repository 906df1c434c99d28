import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../src/cli/seed-scale.ts';
import { SEEDED_TABLES as LARGE_TABLES } from '../src/cli/scale-seed-statements.ts';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';

// Issue 25: no list or search reads a large table from end to end. The reads of every customer and staff list are
// recorded as the server sends them, on a database seeded by seed-scale and analysed, and each is explained (with
// the settings its transaction made) to check that no plan has a sequential scan of a large table. At this size the
// planner already prefers an index wherever it would on a million customers: a table of tens of thousands of rows
// read end to end for a page of 25 costs it more than the index does.
const SIZE = { customers: 20_000, audit: 20_000, seed: 25 };

interface Recorded {
  text: string;
  values: unknown[];
  settings: string[];
}

let ctx: TestContext;
let staff: TestUser;
let customer: TestUser;
let chatId: string;
let recording: Recorded[] | null = null;
const settingsOf = new WeakMap<object, string[]>();
const originalQuery = pg.Client.prototype.query;
/** A statement sent past the recording. */
const sendUnrecorded = (client: pg.Client, text: string, values?: unknown[]) =>
  (originalQuery as unknown as (this: pg.Client, text: string, values?: unknown[]) => Promise<pg.QueryResult>).call(client, text, values);

beforeAll(async () => {
  ctx = await createTestApp();
  await seedScale(ctx.database.sql, SIZE, () => undefined);
  staff = await signUpStaff(ctx);
  customer = await signUp(ctx.app, { name: 'Plan Reader' });
  const q = (text: string) => ctx.database.sql.query(text, [customer.id]);
  await q(
    `INSERT INTO payments (id, user_id, idempotency_key, request_hash, status, purchase_type, service_id, service_title, price, recurring, subtotal, amount, created_at, updated_at)
     SELECT $1 || '-' || n, $1, 'plans-' || n, 'plans', 'Complete', 'New Subscription', 'scale-plan-starter', 'Scale Starter', '29.00', 'month', 2900, 2900,
            now() - n * interval '1 hour', now() - n * interval '1 hour'
     FROM generate_series(1, 5000) AS n`,
  );
  chatId = await createChat(ctx.app, customer, 'Where is my receipt?');
  await ctx.database.sql.exec('ANALYZE');
  // Every statement any connection sends while recording, with the SET LOCALs of its transaction so far.
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    const text = typeof config === 'string' ? config : (config as { text?: string }).text;
    const params = (Array.isArray(values) ? values : (config as { values?: unknown[] })?.values) ?? [];
    if (recording && text) {
      const settings = settingsOf.get(this) ?? [];
      if (/^\s*set local /i.test(text)) settingsOf.set(this, [...settings, text]);
      else if (/^\s*(commit|rollback|begin)/i.test(text)) settingsOf.set(this, []);
      else if (/^\s*(select|with)\b/i.test(text)) recording.push({ text, values: params, settings });
    }
    return (originalQuery as (...args: unknown[]) => unknown).call(this, config, values, callback);
  } as typeof pg.Client.prototype.query;
}, 300_000);
afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await ctx?.close();
});

/** The nodes of a plan (EXPLAIN's JSON), depth first. */
function* nodesOf(plan: Record<string, unknown>): Generator<Record<string, unknown>> {
  yield plan;
  for (const child of (plan.Plans as Record<string, unknown>[] | undefined) ?? []) yield* nodesOf(child);
}

/** Each recorded read with a sequential scan of a large table in its plan: the table and the statement. */
async function sequentialScans(reads: Recorded[]): Promise<string[]> {
  const found: string[] = [];
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path="${await schemaOf()}"` });
  await client.connect();
  try {
    for (const read of reads) {
      await sendUnrecorded(client, 'BEGIN');
      for (const setting of read.settings) await sendUnrecorded(client, setting);
      const result = await sendUnrecorded(client, `EXPLAIN (FORMAT JSON) ${read.text}`, read.values);
      await sendUnrecorded(client, 'ROLLBACK');
      const [explained] = result.rows as Array<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>;
      for (const node of nodesOf(explained!['QUERY PLAN'][0]!.Plan)) {
        if (node['Node Type'] === 'Seq Scan' && LARGE_TABLES.has(String(node['Relation Name']))) found.push(`${String(node['Relation Name'])} (${String(node.Filter ?? 'every row')}): ${read.text}`);
      }
    }
  } finally {
    await client.end();
  }
  return found;
}

const schemaOf = async () => (await ctx.database.sql.query<{ schema: string }>('SELECT current_schema() AS schema'))[0]!.schema;

/** The reads a request makes, recorded. */
async function readsOf(user: TestUser, path: string): Promise<Recorded[]> {
  recording = [];
  try {
    const res = await call(ctx.app, user, 'GET', path);
    expect(res.status, path).toBe(200);
    // Whatever else, the request read its session: nothing recorded would be nothing checked.
    expect(recording.length, path).toBeGreaterThan(0);
    return recording;
  } finally {
    recording = null;
  }
}

describe('the plans of every list and search on a seeded database', () => {
  const customerReads = ['/api/payments', '/api/subscriptions', '/api/cards', '/api/projects', '/api/support/chats', '/api/me'];
  it.each(customerReads)("a customer's %s reads no large table end to end", async (path) => {
    expect(await sequentialScans(await readsOf(customer, path))).toEqual([]);
  });

  it("a customer's payments 4,000 rows deep read no large table end to end", async () => {
    let cursor = '';
    for (let read = 0; read < 40; read++) cursor = (await call(ctx.app, customer, 'GET', `/api/payments?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body.nextCursor;
    expect(await sequentialScans(await readsOf(customer, `/api/payments?cursor=${encodeURIComponent(cursor)}`))).toEqual([]);
  });

  const staffReads = [
    '/api/staff/customers',
    '/api/staff/customers?q=okafor',
    '/api/staff/customers?q=customer-777%40',
    '/api/staff/customers?q=555%20123',
    '/api/staff/customers?q=zz-nobody-zz',
    '/api/staff/chats',
    '/api/staff/messages?words=receipt',
    '/api/staff/audit',
    '/api/staff/deletion-requests',
    '/api/staff/overview',
    '/api/staff/overview/churn',
    '/api/staff/overview/support',
    '/api/staff/projects',
  ];
  it.each(staffReads)('staff %s reads no large table end to end', async (path) => {
    expect(await sequentialScans(await readsOf(staff, path))).toEqual([]);
  });

  it("staff reading a customer's page read no large table end to end", async () => {
    const sections = ['', '/subscriptions', '/cards', '/payments', '/questionnaires', '/audit'];
    const reads = [];
    for (const section of sections) reads.push(...(await readsOf(staff, `/api/staff/customers/${customer.id}${section}`)));
    reads.push(...(await readsOf(staff, `/api/staff/chats/${chatId}`)));
    expect(await sequentialScans(reads)).toEqual([]);
  });
});
