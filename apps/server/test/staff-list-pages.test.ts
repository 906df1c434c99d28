import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './billing-helpers.ts';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { expectKeysetPages, tiedTimestamps } from './pages-helpers.ts';
import { signUpStaff } from './staff-helpers.ts';
import { pageFrom } from '../src/platform/db/keyset.ts';
import { listAllChats, type StaffChatFilter } from '../src/modules/support/repository.ts';

// The staff console's lists are read a page at a time by keyset like the customers' (contracts `page.ts`), with
// their filters; rows are seeded in SQL with timestamps shared by two rows each, so that a page boundary often
// falls between rows of the same time.
let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const sql = (text: string, params: unknown[]) => ctx.database.sql.query(text, params);
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
/** A cursor of the shape another list makes: refused here. */
const unranked = '1700000000000000:x';
const ranked = '1.1700000000000000:x';

describe('support inbox', () => {
  /** `count` chats of `user`, every third one CLOSED, with their status, newest first by seeding order. */
  async function seedChats(user: TestUser, count: number) {
    const chats: { id: string; status: string; at: string }[] = [];
    for (const [i, at] of tiedTimestamps(count).entries()) {
      const chat = { id: `chat-${user.id}-${String(i).padStart(3, '0')}`, status: i % 3 === 0 ? 'CLOSED' : 'OPEN', at };
      await sql(`INSERT INTO support_chats (id, user_id, reason, status, created_at, last_activity_at) VALUES ($1, $2, 'General Inquiry', $3, $4, $4)`, [
        chat.id,
        user.id,
        chat.status,
        at,
      ]);
      chats.push(chat);
    }
    return chats;
  }
  const chatRows = (body: Record<string, unknown>) => body.chats as { id: string; status: string }[];

  it('pages OPEN before CLOSED, then newest activity, ties broken by id, with the status, customer and search filters', async () => {
    const tag = `inboxpages${Date.now()}`;
    const ann = await signUp(ctx.app, { name: `Ann ${tag}` });
    const ben = await signUp(ctx.app, { name: `Ben ${tag}` });
    const other = await signUp(ctx.app, { name: 'Someone Else' });
    const annChats = await seedChats(ann, 31);
    const benChats = await seedChats(ben, 12);
    const otherChats = await seedChats(other, 4);

    // One customer's chats in the exact order staff see them: every OPEN one (newest first, the greater id first
    // within a second), then every CLOSED one.
    const byOrder = (a: (typeof annChats)[number], b: (typeof annChats)[number]) =>
      Number(b.status === 'OPEN') - Number(a.status === 'OPEN') || b.at.localeCompare(a.at) || b.id.localeCompare(a.id);
    const seen = await expectKeysetPages(ctx, staff, {
      path: `/api/staff/chats?customerId=${ann.id}`,
      rows: chatRows,
      expected: ids(annChats),
      foreign: ids([...benChats, ...otherChats]),
      forged: [unranked, '10.1700000000000000:x'],
    });
    expect(seen).toEqual(ids([...annChats].sort(byOrder)));

    // The search, alone and with a status, across pages of 7.
    await expectKeysetPages(ctx, staff, { path: `/api/staff/chats?q=${tag}`, rows: chatRows, expected: ids([...annChats, ...benChats]), foreign: ids(otherChats), limit: 7 });
    const open = [...annChats, ...benChats].filter((chat) => chat.status === 'OPEN');
    const closed = [...annChats, ...benChats].filter((chat) => chat.status === 'CLOSED');
    await expectKeysetPages(ctx, staff, { path: `/api/staff/chats?q=${tag}&status=OPEN`, rows: chatRows, expected: ids(open), foreign: ids(closed), limit: 7 });
    await expectKeysetPages(ctx, staff, { path: `/api/staff/chats?q=${tag}&status=CLOSED`, rows: chatRows, expected: ids(closed), foreign: ids(open), limit: 4 });

    // Customers never read the inbox, cursor or not.
    expect((await as(ctx, ann, 'GET', '/api/staff/chats')).statusCode).toBe(403);
  });

  it('reads a page of the inbox from its index in order, however many chats there are and wherever the cursor is', async () => {
    // Thousands of CLOSED chats and a few OPEN ones, and thousands of users: the planner's statistics then say that
    // almost no row follows a cursor in the last rank, which must not turn a page into a sort of every chat.
    const user = await signUp(ctx.app);
    await sql(
      `INSERT INTO support_chats (id, user_id, reason, status, created_at, last_activity_at)
       SELECT 'bulk-' || n, $1, 'General Inquiry', CASE WHEN n % 1000 = 0 THEN 'OPEN' ELSE 'CLOSED' END, now() - n * interval '1 second', now() - n * interval '1 second'
         FROM generate_series(1, 4000) AS n`,
      [user.id],
    );
    await sql(`INSERT INTO users (id, name, email) SELECT 'bulk-user-' || n, 'Bulk', 'bulk-' || n || '@example.com' FROM generate_series(1, 4000) AS n`, []);
    await sql('ANALYZE support_chats', []);
    await sql('ANALYZE users', []);
    const firstOf = async (filter: Omit<StaffChatFilter, 'limit'>) => pageFrom(await listAllChats(ctx.app.db, { ...filter, limit: 10 }), 10).nextCursor!;
    const pages: StaffChatFilter[] = [
      { limit: 25 },
      { limit: 25, cursor: await firstOf({}) },
      { limit: 25, status: 'CLOSED', cursor: await firstOf({ status: 'CLOSED' }) },
      { limit: 25, status: 'OPEN' },
    ];
    for (const filter of pages) {
      const { sql: text, params } = listAllChats(ctx.app.db, filter).toSQL();
      const [row] = (await sql(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params)) as { 'QUERY PLAN': unknown }[];
      const plan = (typeof row!['QUERY PLAN'] === 'string' ? JSON.parse(row!['QUERY PLAN']) : row!['QUERY PLAN']) as { Plan: PlanNode }[];
      // Every step of the plan touches about a page of rows, never the thousands behind it.
      expect(rowsTouched(plan[0]!.Plan), JSON.stringify(filter)).toBeLessThanOrEqual(100);
    }
  });
});

interface PlanNode {
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The most rows one node of an analysed plan produced or read and threw away. */
const rowsTouched = (node: PlanNode): number =>
  Math.max(
    (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops'],
    ...(node.Plans ?? []).map(rowsTouched),
  );

describe('customers', () => {
  it('pages customers newest account first, ties broken by id, by search, never staff', async () => {
    const tag = `custpages${Date.now()}`;
    const expected: string[] = [];
    for (const [i, at] of tiedTimestamps(29).entries()) {
      const id = `customer-${tag}-${String(i).padStart(3, '0')}`;
      await sql(`INSERT INTO users (id, name, email, role, created_at, updated_at) VALUES ($1, $2, $3, 'customer', $4, $4)`, [id, `Cy ${tag} ${i}`, `${id}@example.com`, at]);
      expected.push(id);
    }
    const staffId = `staff-${tag}`;
    await sql(`INSERT INTO users (id, name, email, role) VALUES ($1, $2, $3, 'admin')`, [staffId, `Sam ${tag}`, `${staffId}@example.com`]);
    const untagged = await signUp(ctx.app, { name: 'Not Matching' });
    const seen = await expectKeysetPages(ctx, staff, {
      path: `/api/staff/customers?q=${tag}`,
      rows: (body) => body.customers as { id: string }[],
      expected,
      foreign: [staffId, untagged.id],
      forged: [ranked],
    });
    expect(seen).toEqual(expected.map((_, i) => expected[i ^ 1] ?? expected[i]));
    // Without a search the list pages every customer and no staff member.
    const customers = (await sql(`SELECT id FROM users WHERE role = 'customer'`, [])) as { id: string }[];
    await expectKeysetPages(ctx, staff, { path: '/api/staff/customers', rows: (body) => body.customers as { id: string }[], expected: ids(customers), foreign: [staffId, staff.id], limit: 9 });
  });
});

describe('projects', () => {
  it("pages every project of a customer created newest first, and of one release status, never another's", async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const seed = async (user: TestUser, count: number) => {
      const rows: { id: string; status: string }[] = [];
      for (const [i, at] of tiedTimestamps(count).entries()) {
        const row = { id: `project-${user.id}-${String(i).padStart(3, '0')}`, status: i % 4 === 0 ? 'PUBLISHED' : 'PENDING' };
        await sql(`INSERT INTO projects (id, user_id, project_name, release_status, created_at, last_modified_at) VALUES ($1, $2, $1, $3, $4, $4)`, [row.id, user.id, row.status, at]);
        rows.push(row);
      }
      return rows;
    };
    const mine = await seed(owner, 27);
    const theirs = await seed(other, 9);
    const rows = (body: Record<string, unknown>) => (body.projects as { projectId: string }[]).map((p) => ({ id: p.projectId }));
    const expected = ids(mine);
    const seen = await expectKeysetPages(ctx, staff, { path: `/api/staff/projects?ownerId=${owner.id}`, rows, expected, foreign: ids(theirs), forged: [ranked] });
    expect(seen).toEqual(expected.map((_, i) => expected[i ^ 1] ?? expected[i]));
    const published = [...mine, ...theirs].filter((p) => p.status === 'PUBLISHED');
    const pending = [...mine, ...theirs].filter((p) => p.status === 'PENDING');
    await expectKeysetPages(ctx, staff, { path: '/api/staff/projects?releaseStatus=PUBLISHED', rows, expected: ids(published), foreign: ids(pending), limit: 3 });
    await expectKeysetPages(ctx, staff, { path: `/api/staff/projects?ownerId=${owner.id}&releaseStatus=PENDING`, rows, expected: ids(pending.filter((p) => p.id.includes(owner.id))), foreign: ids(published), limit: 6 });
  });
});

describe('deletion requests', () => {
  it('pages one status at a time, newest request first, ties broken by id', async () => {
    const requests: { id: string; status: string }[] = [];
    for (const [i, at] of tiedTimestamps(34).entries()) {
      const request = { id: `deletion-${String(i).padStart(3, '0')}`, status: i % 2 === 0 ? 'pending' : 'done' };
      await sql(`INSERT INTO account_deletion_requests (id, name, email, status, requested_at, user_id) VALUES ($1, 'Dee', $2, $3, $4, 'guest')`, [
        request.id,
        `${request.id}@example.com`,
        request.status,
        at,
      ]);
      requests.push(request);
    }
    const rows = (body: Record<string, unknown>) => body.requests as { id: string }[];
    const of = (status: string) => ids(requests.filter((r) => r.status === status));
    const seen = await expectKeysetPages(ctx, staff, { path: '/api/staff/deletion-requests', rows, expected: of('pending'), foreign: of('done'), limit: 5, forged: [ranked] });
    expect(seen).toEqual(of('pending'));
    await expectKeysetPages(ctx, staff, { path: '/api/staff/deletion-requests?status=done', rows, expected: of('done'), foreign: of('pending'), limit: 4 });
    await expectKeysetPages(ctx, staff, { path: '/api/staff/deletion-requests?status=refused', rows, expected: [] });
  });
});

describe("a customer's audit log and e-mails", () => {
  it('pages the audit log newest entry first, never another customer’s', async () => {
    const customer = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const seed = async (user: TestUser, count: number) => {
      const entries: string[] = [];
      for (const at of tiedTimestamps(count)) {
        const id = randomUUID();
        await sql(`INSERT INTO audit_log (id, actor_id, actor_name, action, entity_type, entity_id, customer_id, created_at) VALUES ($1, $2, 'Sam', 'project.update', 'project', 'p', $3, $4)`, [
          id,
          staff.id,
          user.id,
          at,
        ]);
        entries.push(id);
      }
      return entries;
    };
    const mine = await seed(customer, 28);
    const theirs = await seed(other, 3);
    const seen = await expectKeysetPages(ctx, staff, {
      path: `/api/staff/customers/${customer.id}/audit`,
      rows: (body) => body.entries as { id: string }[],
      expected: mine,
      foreign: theirs,
      forged: [ranked],
    });
    // By insertion order, newest first, whatever the ids.
    expect(seen).toEqual([...mine].reverse());
  });

  it("pages the e-mails newest first, ties broken by id, never another customer's; a cursor's id must be a UUID", async () => {
    const customer = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const seed = async (user: TestUser, count: number) => {
      const mails: string[] = [];
      for (const at of tiedTimestamps(count, Date.parse('2020-01-01T00:00:00.000Z'))) {
        const id = randomUUID();
        await sql(
          `INSERT INTO mail_outbox (id, message_id, kind, user_id, to_address, subject, html, text_body, status, created_at) VALUES ($1::uuid, $1::text, 'test', $2, 'x@example.com', 'Hi', '', '', 'sent', $3)`,
          [id, user.id, at],
        );
        mails.push(id);
      }
      return mails;
    };
    const mine = await seed(customer, 27);
    const theirs = await seed(other, 2);
    const signUpMail = (await as(ctx, staff, 'GET', `/api/staff/customers/${customer.id}/mail?limit=100`)).json().mails.map((m: { id: string }) => m.id).filter((id: string) => !mine.includes(id));
    await expectKeysetPages(ctx, staff, {
      path: `/api/staff/customers/${customer.id}/mail`,
      rows: (body) => body.mails as { id: string }[],
      expected: [...signUpMail, ...mine],
      foreign: theirs,
      forged: [ranked, unranked, '1700000000000000:0000000g-0000-0000-0000-000000000000'],
    });
  });
});
