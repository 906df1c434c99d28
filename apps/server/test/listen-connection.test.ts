import { afterAll, describe, expect, it } from 'vitest';
import { listStaffChats, listPayments } from '@portal/contracts/routes';
import { SessionCache } from '../src/platform/auth/session-cache.ts';
import type { SqlClient } from '../src/platform/db/client.ts';
import { createTestApp, signUp, type TestContext } from './helpers.ts';

/** A database client whose LISTEN connection the test loses and brings back at will. */
function fakeListeningClient() {
  let connection: ((connected: boolean) => void) | undefined;
  const client: SqlClient = {
    exec: async () => undefined,
    query: async () => [],
    listen: async (_channel, _onMessage, onConnection) => {
      connection = onConnection;
      return async () => undefined;
    },
  };
  return { client, lose: () => connection!(false), restore: () => connection!(true) };
}

describe('the session cache while its LISTEN connection is down', () => {
  it('trusts nothing it holds, caches nothing, and announces the return so that streams are ended', async () => {
    const database = fakeListeningClient();
    const cache = new SessionCache<string>(600_000);
    await cache.start(database.client);
    let lookups = 0;
    const lookup = async () => ((lookups += 1), { userId: 'u1', value: 'signed-in' });
    let resyncs = 0;
    cache.onResync(() => (resyncs += 1));

    await cache.resolve('cookie', lookup);
    await cache.resolve('cookie', lookup);
    expect(lookups).toBe(1);

    database.lose();
    expect(cache.trusted).toBe(false);
    expect(cache.get('cookie')).toBeUndefined();
    await cache.resolve('cookie', lookup);
    await cache.resolve('cookie', lookup);
    expect(lookups).toBe(3);
    expect(cache.size).toBe(0);

    database.restore();
    expect(resyncs).toBe(1);
    await cache.resolve('cookie', lookup);
    await cache.resolve('cookie', lookup);
    expect(lookups).toBe(4);
  });
});

// The PostgreSQL leg of the suite (CI runs the server tests on PostgreSQL too): PGlite runs in the process and has
// no connection that a server could end.
describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, a LISTEN connection the server ends', () => {
  let ctx: TestContext;
  afterAll(async () => ctx?.close());

  it('is opened again; a session ended meanwhile is refused, and notifications take effect at once again', async () => {
    ctx = await createTestApp({ env: { SESSION_CACHE_MS: '600000' } });
    const user = await signUp(ctx.app);
    const read = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
    expect((await read(listPayments.path)).statusCode).toBe(200);
    expect(ctx.app.sessionCache.size).toBe(1);

    const resynced = Promise.all([
      new Promise<void>((resolve) => ctx.app.sessionCache.onResync(resolve)),
      new Promise<void>((resolve) => ctx.app.changeFeed.onResync(resolve)),
    ]);
    const ended = await ctx.database.sql.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'portal-listen:' || current_schema()`,
    );
    // The session cache's and the change feed's.
    expect(ended).toEqual([{ ended: true }, { ended: true }]);
    // Signed out while nobody listened: the notification of this delete may never arrive.
    await ctx.database.sql.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    await resynced;
    expect((await read(listPayments.path)).statusCode).toBe(401);

    const again = await signUp(ctx.app);
    const staffChats = () => ctx.app.inject({ method: 'GET', url: listStaffChats.path, headers: { cookie: again.cookie } });
    expect((await staffChats()).statusCode).toBe(403);
    await ctx.database.sql.query(`UPDATE users SET role = 'staff', two_factor_enabled = true WHERE id = $1`, [again.id]);
    await expect.poll(async () => (await staffChats()).statusCode, { timeout: 2000, interval: 10 }).toBe(200);
  });
});
