import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPayments } from '@portal/contracts/routes';
import { TEST_PUBLIC_URL, createTestApp, signUp, type TestContext } from './helpers.ts';

/** Sessions end a fixed time after their sign-in however active they are (the sliding expiry renews with use). */
const MAX_AGE_SECONDS = 3;
let ctx: TestContext;
beforeAll(async () => {
  // A long cache life, so that only the check on every request (cached or not) can end the session.
  ctx = await createTestApp({ env: { SESSION_CACHE_MS: '600000', SESSION_MAX_AGE_DAYS: String(MAX_AGE_SECONDS / 86_400) } });
});
afterAll(async () => ctx.close());

describe('the absolute lifetime of a session', () => {
  it('ends an active session once it is older than SESSION_MAX_AGE_DAYS, cached or not, for better-auth too', async () => {
    const user = await signUp(ctx.app);
    // Counted from the session's own start (the verification link made it), which the server's check counts from.
    const [session] = await ctx.database.sql.query<{ created_at: Date | string }>('SELECT created_at FROM sessions WHERE user_id = $1', [user.id]);
    const started = new Date(session!.created_at).getTime();
    const read = () => ctx.app.inject({ method: 'GET', url: listPayments.path, headers: { cookie: user.cookie } });
    // Used all along: each request would slide an expiry that only counts idle time.
    while (Date.now() - started < MAX_AGE_SECONDS * 1000 - 1200) {
      expect((await read()).statusCode).toBe(200);
      expect(ctx.app.sessionCache.size).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, MAX_AGE_SECONDS * 1000 + 300 - (Date.now() - started)));
    // better-auth's own endpoints refuse it as well, even when asked first.
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
      payload: { currentPassword: 'correct-horse-1', newPassword: 'another-good-password-2' },
    });
    expect(own.statusCode).toBe(401);
    expect(await ctx.database.sql.query('SELECT id FROM sessions WHERE user_id = $1', [user.id])).toEqual([]);
    expect((await read()).statusCode).toBe(401);
  });
});
