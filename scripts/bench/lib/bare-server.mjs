// The anchor of the API benchmark: the same SQL work as the portal's signed-in reads, written by hand on the bare
// driver behind a minimal node:http server. Each request looks its session up (the session row joined with its
// user, by the cookie's token); GET /api/me then asks whether the user has an active subscription (where the app
// lands them), and GET /api/payments reads the user's newest payments, their refunds and disputes.
// Runs in a process of its own, as the portal does: BARE_DATABASE_URL (PostgreSQL, a pool of 10 as the portal's,
// named prepared statements) or BARE_PGLITE_DIR (an embedded database opened in this process). Prints its port.
import http from 'node:http';
import { createRequire } from 'node:module';
import { openPglite } from './pglite.mjs';

const require = createRequire(import.meta.url);
const PAGE = 25;

const SESSION_SQL = `SELECT u.id, u.name, u.email, u.phone, u.image, u.role, u.created_at FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token = $1 AND s.expires_at > now()`;
const PAYMENTS_SQL = `SELECT * FROM payments WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${PAGE + 1}`;
const ACTIVE_SQL = `SELECT id FROM subscriptions WHERE user_id = $1 AND status IN ('ACTIVE', 'ACTIVE_PENDING_UPDATE') LIMIT 1`;
// What was refunded of each payment and its latest dispute, as the portal reads them.
const EXTRAS_SQL = `SELECT p.id AS payment_id,
    coalesce((SELECT sum(amount) FROM refunds WHERE payment_id = p.id AND status = 'Complete'), 0) AS refunded,
    d.id AS dispute_id, d.state, d.reason, d.amount, d.due_at, d.created_at
  FROM payments p LEFT JOIN LATERAL
    (SELECT * FROM payment_disputes WHERE payment_id = p.id ORDER BY created_at DESC, id DESC LIMIT 1) d ON true
  WHERE p.id = ANY($1)`;

async function openDriver() {
  if (process.env.BARE_DATABASE_URL) {
    const pg = require('pg');
    const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
    const query = async (name, text, values) => (await pool.query({ name, text, values })).rows;
    return { query, close: () => pool.end() };
  }
  const db = await openPglite(process.env.BARE_PGLITE_DIR);
  return { query: async (_name, text, values) => (await db.query(text, values)).rows, close: () => db.close() };
}

const driver = await openDriver();
const TOKEN = /(?:^|;\s*)better-auth\.session_token=([^;.]+)/;

async function sessionUser(request) {
  const token = TOKEN.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return null;
  const [user] = await driver.query('bare-session', SESSION_SQL, [decodeURIComponent(token)]);
  return user ?? null;
}

async function answer(request) {
  const user = await sessionUser(request);
  if (!user) return [401, { error: { code: 'UNAUTHENTICATED' } }];
  if (request.url === '/api/me') {
    const active = await driver.query('bare-active', ACTIVE_SQL, [user.id]);
    return [200, { user, landing: active.length ? '/dashboard' : '/select-plan' }];
  }
  if (request.url === '/api/payments') {
    const rows = await driver.query('bare-payments', PAYMENTS_SQL, [user.id]);
    const page = rows.slice(0, PAGE);
    const extras = await driver.query('bare-extras', EXTRAS_SQL, [page.map((r) => r.id)]);
    const byPayment = new Map(extras.map((e) => [e.payment_id, e]));
    const view = (r) => {
      const e = byPayment.get(r.id);
      const dispute = e?.dispute_id ? { id: e.dispute_id, state: e.state, reason: e.reason, amount: e.amount, dueAt: e.due_at, createdAt: e.created_at } : null;
      return { ...r, refunded: Number(e?.refunded ?? 0), dispute };
    };
    return [200, { payments: page.map(view), nextCursor: null }];
  }
  return [404, { error: { code: 'NOT_FOUND' } }];
}

const server = http.createServer((request, response) => {
  answer(request).then(
    ([status, body]) => {
      const text = JSON.stringify(body);
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      response.end(text);
    },
    (error) => {
      response.writeHead(500).end(String(error));
    },
  );
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => {
  server.close(() => driver.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
