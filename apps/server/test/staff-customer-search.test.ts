import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCustomers, RECENT_ACCOUNTS } from '../src/modules/staff/repository.ts';
import { pageFrom } from '../src/platform/db/keyset.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { tiedTimestamps } from './pages-helpers.ts';

// Staff search customers by a fragment of the name, e-mail or phone (decision 0068): the newest accounts read in
// order first, then the older ones through the trigram indexes. Whichever read finds a customer, the pages are the
// same: the same rows in the same order under the same cursors.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

interface Account {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: 'customer' | 'admin';
  at: string;
}

const NAMES = ['Quokka Quill', '100% Cotton', '1000 Cotton', 'snake_case', 'snakeXcase', 'back\\slash', 'backslash', 'Plain Person'];

/** 60 customers, two to a second so that pages break ties by id, and a staff member who matches every fragment. */
function accounts(): Account[] {
  const rows = tiedTimestamps(60).map((at, i): Account => ({
    id: `search-${String(i).padStart(3, '0')}`,
    name: `${NAMES[i % NAMES.length]} ${i}`,
    email: i % 3 === 0 ? `c${i}@wombat-mail.test` : `c${i}@example.com`,
    phone: i % 4 === 0 ? `+44 20 7946 ${String(i).padStart(4, '0')}` : i % 4 === 1 ? null : `555 01${String(i).padStart(2, '0')}`,
    role: 'customer',
    at,
  }));
  rows.push({ id: 'search-staff', name: 'Quokka 100% Cotton snake_case back\\slash', email: 'staff@wombat-mail.test', phone: '+44 20 7946 9999', role: 'admin', at: rows[10]!.at });
  return rows;
}

const FRAGMENTS = [
  'QUOKKA', // a name, in another case
  'wombat-mail', // an e-mail
  '20 7946', // a phone
  '100% cot', // `%` is itself, not any text: "1000 Cotton" does not match
  'snake_case', // `_` is itself, not any character: "snakeXcase" does not match
  'k\\sla', // `\` is itself, not an escape: "backslash" does not match
  'e_c', // no run of three letters or digits: read in order only
  'no-such-customer',
];

type Page = { ids: string[]; nextCursor: string | null };

async function readAll(q: string, window: number, limit: number) {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const page = pageFrom(await listCustomers(ctx.app.db, { q, limit, ...(cursor ? { cursor } : {}) }, window), limit);
    pages.push({ ids: page.rows.map((row) => row.id), nextCursor: page.nextCursor });
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('customer search', () => {
  it('reads the same pages whether a customer is among the newest accounts read in order or only in the trigram indexes', async () => {
    const rows = accounts();
    for (const row of rows) {
      await ctx.database.sql.query(`INSERT INTO users (id, name, email, phone, role, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`, [
        row.id,
        row.name,
        row.email,
        row.phone,
        row.role,
        row.at,
      ]);
    }
    const newestFirst = rows.filter((row) => row.role === 'customer').sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
    for (const q of FRAGMENTS) {
      const expected = newestFirst.filter((row) => [row.name, row.email, row.phone].some((value) => value?.toLowerCase().includes(q.toLowerCase()))).map((row) => row.id);
      if (q !== 'no-such-customer') expect(expected.length, q).toBeGreaterThan(4);
      for (const limit of [2, 25]) {
        const pages = await readAll(q, RECENT_ACCOUNTS, limit);
        expect(pages.flatMap((page) => page.ids), `${q}, pages of ${limit}`).toEqual(expected);
        for (const window of [1, 3, 5]) expect(await readAll(q, window, limit), `${q}, pages of ${limit}, window ${window}`).toEqual(pages);
      }
    }
  });
});
