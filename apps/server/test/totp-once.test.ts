import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, nextAddress, signUp, type TestContext } from './helpers.ts';
import { secretOfUri, totpCode } from '../src/platform/auth/totp.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const PASSWORD = 'correct-horse-1';
const post = (url: string, payload: object, cookie: string) => ctx.app.inject({ method: 'POST', url, payload, headers: { cookie }, remoteAddress: nextAddress() });
const verify = (code: string, cookie: string) => post('/api/auth/two-factor/verify-totp', { code }, cookie);
const sessionSet = (res: { headers: Record<string, unknown> }) => cookieHeader(res.headers['set-cookie'] as string[] | undefined).includes('session_token=');

/** A challenge cookie: the password was right, the sign-in waits for the app's code. */
async function challenge(email: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: PASSWORD }, remoteAddress: nextAddress() });
  expect(res.json()).toMatchObject({ twoFactorRedirect: true });
  return cookieHeader(res.headers['set-cookie']);
}

/**
 * An account whose second factor was confirmed with the code of the current step; `code(offset)` is the code of a
 * step counted from that one. Starts early in a step, so that the step before stays accepted through the test.
 */
async function confirmedAccount() {
  const untilLate = 30_000 - (Date.now() % 30_000);
  if (untilLate < 10_000) await new Promise((resolve) => setTimeout(resolve, untilLate + 10));
  const user = await signUp(ctx.app);
  const enabled = await post('/api/auth/two-factor/enable', { password: PASSWORD }, user.cookie);
  const secret = secretOfUri(enabled.json().totpURI as string);
  const at = Date.now();
  const code = (offset = 0) => totpCode(secret, at, offset);
  expect((await verify(code(), user.cookie)).statusCode).toBe(200);
  return { ...user, code };
}

describe('an authenticator code works once', () => {
  it('refuses the code that confirmed the factor at sign-in; the next code signs in once; an earlier one never again', async () => {
    const user = await confirmedAccount();
    const replayed = await verify(user.code(), await challenge(user.email));
    expect([replayed.statusCode, replayed.json().error.code]).toEqual([401, 'TOTP_CODE_USED']);
    expect(replayed.json().error.message).toBe('That code was already used. Please wait for the next code from your authenticator app.');
    expect(sessionSet(replayed)).toBe(false);

    const next = await verify(user.code(1), await challenge(user.email));
    expect([next.statusCode, sessionSet(next)]).toEqual([200, true]);
    for (const used of [user.code(1), user.code()]) {
      const again = await verify(used, await challenge(user.email));
      expect([again.statusCode, again.json().error.code, sessionSet(again)]).toEqual([401, 'TOTP_CODE_USED', false]);
    }
    // A wrong code is still better-auth's to count.
    expect((await verify('000000', await challenge(user.email))).json().error.code).toBe('INVALID_CODE');
  });

  it('lets one of two sign-ins sending the same code at once through, never both', async () => {
    const user = await confirmedAccount();
    const [first, second] = [await challenge(user.email), await challenge(user.email)];
    const answers = await Promise.all([verify(user.code(1), first), verify(user.code(1), second)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((res) => res.statusCode === 401)!.json().error.code).toBe('TOTP_CODE_USED');
    expect(answers.filter(sessionSet)).toHaveLength(1);
  });

  it('gives a code back when better-auth refuses the sign-in anyway, so it works once the refusal is over', async () => {
    const user = await confirmedAccount();
    await ctx.database.sql.query(`UPDATE two_factors SET locked_until = now() + interval '15 minutes' WHERE user_id = $1`, [user.id]);
    const locked = await verify(user.code(1), await challenge(user.email));
    expect([locked.statusCode, locked.json().error.code]).toEqual([429, 'ACCOUNT_TEMPORARILY_LOCKED']);
    await ctx.database.sql.query('UPDATE two_factors SET locked_until = NULL WHERE user_id = $1', [user.id]);
    const after = await verify(user.code(1), await challenge(user.email));
    expect([after.statusCode, sessionSet(after)]).toEqual([200, true]);
  });
});
