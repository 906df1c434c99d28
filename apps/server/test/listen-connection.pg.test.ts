import { afterAll, describe, expect, it } from 'vitest';
import { listStaffChats, listPayments } from '@portal/contracts/routes';
import { createTestApp, signUp, type TestContext } from './helpers.ts';

// PostgreSQL only (a .pg.test.ts file: the server suite runs it when TEST_DATABASE_URL is set, as CI's PostgreSQL leg
// does, and leaves it out on PGlite, which runs in the process and has no connection that a server could end).
// listen-connection.test.ts covers the same on both databases with a connection the test loses itself.
describe('on PostgreSQL, a LISTEN connection the server ends', () => {
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
    await ctx.database.sql.query(`UPDATE users SET role = 'admin', two_factor_enabled = true WHERE id = $1`, [again.id]);
    await expect.poll(async () => (await staffChats()).statusCode, { timeout: 2000, interval: 10 }).toBe(200);
  });
});
