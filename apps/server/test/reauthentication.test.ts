import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, createTestApp, makeStaff, nextAddress, signUp, type TestContext, type TestUser } from './helpers.ts';

/**
 * Sensitive changes ask for the password again once the sign-in is older than REAUTHENTICATE_AFTER_MINUTES (10):
 * 403 REAUTHENTICATION_REQUIRED, then POST /api/me/reauthenticate, then the same change goes through.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { SESSION_CACHE_MS: '600000' } });
});
afterAll(async () => ctx.close());

type Method = 'POST' | 'DELETE';
const send = (user: TestUser, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL }, remoteAddress: nextAddress() });
const reauthenticate = (user: TestUser, password: string) => send(user, 'POST', '/api/me/reauthenticate', { password });
/** Makes every session of the user look signed in 11 minutes ago. */
/**
 * Makes the user's sign-in 11 minutes old. The write goes around the app, so this instance's session cache is told at
 * once: on PostgreSQL the database's notification would reach it only some milliseconds later.
 */
async function ageSignIn(user: TestUser) {
  await ctx.database.sql.query(`UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE user_id = $1`, [user.id]);
  ctx.app.sessionCache.forgetUser(user.id);
}

async function staffMember(): Promise<TestUser> {
  const staff = await signUp(ctx.app, { password: 'staff-password-1' });
  await makeStaff(ctx, staff, 'staff-password-1');
  return staff;
}

function expectReauthenticationRequired(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(403);
  expect(JSON.parse(res.body).error).toEqual({ code: 'REAUTHENTICATION_REQUIRED', message: 'Please confirm your password to continue.' });
}

describe('a sensitive change with an old sign-in', () => {
  it('changing the e-mail asks for the password again, then goes through', async () => {
    const user = await signUp(ctx.app, { password: 'customer-pass-1' });
    await ageSignIn(user);
    const newEmail = `moved-${randomUUID().slice(0, 8)}@example.com`;
    expectReauthenticationRequired(await send(user, 'POST', '/api/auth/change-email', { newEmail }));
    expect(await ctx.database.sql.query(`SELECT id FROM mail_outbox WHERE to_address = $1`, [newEmail])).toEqual([]);

    const wrong = await reauthenticate(user, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_PASSWORD');
    expectReauthenticationRequired(await send(user, 'POST', '/api/auth/change-email', { newEmail }));

    expect((await reauthenticate(user, 'customer-pass-1')).statusCode).toBe(204);
    expect((await send(user, 'POST', '/api/auth/change-email', { newEmail })).statusCode).toBe(200);
  });

  it('setting a first password asks again; an account without a password confirms by signing in with Google again', async () => {
    const user = await signUp(ctx.app);
    await ctx.database.sql.query(`DELETE FROM accounts WHERE user_id = $1 AND provider_id = 'credential'`, [user.id]);
    await ageSignIn(user);
    expectReauthenticationRequired(await send(user, 'POST', '/api/me/password', { newPassword: 'first-pass-word-5' }));
    const noPassword = await reauthenticate(user, 'anything-at-all');
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.code).toBe('NO_PASSWORD');
    // A new sign-in (with Google, for such an account) is fresh by itself.
    await ctx.database.sql.query(`UPDATE sessions SET created_at = now() WHERE user_id = $1`, [user.id]);
    ctx.app.sessionCache.forgetUser(user.id);
    expect((await send(user, 'POST', '/api/me/password', { newPassword: 'first-pass-word-5' })).statusCode).toBe(204);
  });

  it('removing staff asks again', async () => {
    const lead = await staffMember();
    const member = await staffMember();
    await ageSignIn(lead);
    expectReauthenticationRequired(await send(lead, 'DELETE', `/api/staff/team/${member.id}`));
    expect(await ctx.database.sql.query('SELECT role FROM users WHERE id = $1', [member.id])).toEqual([{ role: 'admin' }]);
    expect((await reauthenticate(lead, 'staff-password-1')).statusCode).toBe(204);
    expect((await send(lead, 'DELETE', `/api/staff/team/${member.id}`)).statusCode).toBe(204);
  });

  it('refunds and erasing an account ask again before anything else is looked at', async () => {
    const staff = await staffMember();
    await ageSignIn(staff);
    const refund = () => send(staff, 'POST', `/api/staff/payments/${randomUUID()}/refunds`, { amount: 100, reason: 'Goodwill', idempotencyKey: randomUUID() });
    const eraseAccount = () => send(staff, 'POST', `/api/staff/deletion-requests/${randomUUID()}/carry-out`);
    expectReauthenticationRequired(await refund());
    expectReauthenticationRequired(await eraseAccount());
    expect((await reauthenticate(staff, 'staff-password-1')).statusCode).toBe(204);
    expect((await refund()).statusCode).toBe(404);
    expect((await eraseAccount()).statusCode).toBe(404);
  });

  it('a fresh sign-in needs no confirmation, and confirming needs a session', async () => {
    const user = await signUp(ctx.app, { password: 'customer-pass-2' });
    expect((await send(user, 'POST', '/api/auth/change-email', { newEmail: `fresh-${randomUUID().slice(0, 8)}@example.com` })).statusCode).toBe(200);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/me/reauthenticate', payload: { password: 'x' }, headers: { origin: TEST_PUBLIC_URL } });
    expect(anonymous.statusCode).toBe(401);
  });
});
