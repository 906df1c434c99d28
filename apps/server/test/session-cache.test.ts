import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getSession, listPayments, listStaffChats, updateProfile } from '@portal/contracts/routes';
import { createInstances, type Instances } from './instances-helpers.ts';
import { TEST_PUBLIC_URL, createTestApp, setUpTwoFactor, signUp, type TestUser } from './helpers.ts';

/**
 * Signed-in users are cached by session cookie on each instance; these show that nothing that must end or change a
 * session waits for the cache: sign-out, a role given or taken, a new name, on the instance that made the change
 * and on another one.
 */
let instances: Instances;
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  // A long life for cached entries, so that only forgetting them can make these pass.
  instances = await createInstances(2, { env: { SESSION_CACHE_MS: '600000' } });
  [first, second] = instances.apps as [FastifyInstance, FastifyInstance];
});
afterAll(async () => instances.close());

/** A signed-in read: 401 once the session has ended. */
const me = (app: FastifyInstance, user: TestUser) => app.inject({ method: 'GET', url: listPayments.path, headers: { cookie: user.cookie } });
const nameOf = async (app: FastifyInstance, user: TestUser) =>
  (await app.inject({ method: 'GET', url: getSession.path, headers: { cookie: user.cookie } })).json().user?.name;
const staffChats = (app: FastifyInstance, user: TestUser) => app.inject({ method: 'GET', url: listStaffChats.path, headers: { cookie: user.cookie } });
const statusOf = async (answer: Promise<{ statusCode: number }>) => (await answer).statusCode;
/** Notifications cross to the other instance's LISTEN connection in a moment; no waiting on a timer beyond that. */
const soon = { timeout: 2000, interval: 10 };

describe('the session cache', () => {
  it('serves repeated requests of one session from the cache', async () => {
    const user = await signUp(first);
    expect((await me(second, user)).statusCode).toBe(200);
    const cached = second.sessionCache.size;
    expect(cached).toBeGreaterThan(0);
    expect((await me(second, user)).statusCode).toBe(200);
    expect(second.sessionCache.size).toBe(cached);
  });

  it('refuses a signed-out session at once on the instance that signed out, and on every other one', async () => {
    const user = await signUp(first);
    expect((await me(first, user)).statusCode).toBe(200);
    expect((await me(second, user)).statusCode).toBe(200);
    const out = await first.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL }, payload: {} });
    expect(out.statusCode).toBe(200);
    // The same instance: before the sign-out's answer left, with no wait at all.
    expect((await me(first, user)).statusCode).toBe(401);
    await expect.poll(() => statusOf(me(second, user)), soon).toBe(401);
  });

  it('gives and takes staff rights at once on every instance', async () => {
    const user = await signUp(first);
    // A staff member's second factor is set up (staff routes refuse a staff session without one).
    await setUpTwoFactor(first, user);
    expect((await staffChats(first, user)).statusCode).toBe(403);
    expect((await staffChats(second, user)).statusCode).toBe(403);
    await instances.ctx.database.sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [user.id]);
    await expect.poll(() => statusOf(staffChats(first, user)), soon).toBe(200);
    await expect.poll(() => statusOf(staffChats(second, user)), soon).toBe(200);
    await instances.ctx.database.sql.query(`UPDATE users SET role = 'customer' WHERE id = $1`, [user.id]);
    await expect.poll(() => statusOf(staffChats(first, user)), soon).toBe(403);
    await expect.poll(() => statusOf(staffChats(second, user)), soon).toBe(403);
  });

  it('shows a new name in the next answer of the instance that saved it', async () => {
    const user = await signUp(first);
    expect(await nameOf(first, user)).toBe('Test User');
    const saved = await first.inject({ method: 'PATCH', url: updateProfile.path, headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL }, payload: { name: 'New Name', phone: '555 010 0000' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await nameOf(first, user)).toBe('New Name');
  });

  it('keeps nothing it read while the user changed', async () => {
    const user = await signUp(first);
    const cache = first.sessionCache;
    // A lookup that overlaps a change to the same user must not be kept: it may hold what was there before.
    const answer = cache.resolve('overlapping-cookie', async () => {
      cache.forgetUser(user.id);
      return { userId: user.id, value: { id: user.id } as never };
    });
    await answer;
    expect(cache.get('overlapping-cookie')).toBeUndefined();
  });
});

describe('the session cache on https', () => {
  it('is keyed on the __Secure- cookie better-auth reads there, so the unprefixed name is no session', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://localhost:1', SESSION_CACHE_MS: '600000' } });
    try {
      const user = await signUp(secure.app);
      expect(user.cookie).toMatch(/^__Secure-better-auth\.session_token=/);
      const asked = (cookie: string) => secure.app.inject({ method: 'GET', url: listPayments.path, headers: { cookie } });
      expect((await asked(user.cookie)).statusCode).toBe(200);
      // better-auth reads no session from this cookie on https; the cache must not answer for it either.
      const unprefixed = user.cookie.replace(/^__Secure-/, '');
      expect((await asked(unprefixed)).statusCode).toBe(401);
      expect((await asked(`${unprefixed}; __Secure-better-auth.session_token=made-up`)).statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });
});
