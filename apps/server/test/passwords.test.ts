import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, nextAddress, signUp, type TestContext, type TestUser } from './helpers.ts';

const MAX_ATTEMPTS = 3;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: String(MAX_ATTEMPTS) } });
});
afterAll(async () => ctx.close());

const PASSWORD = 'first-good-password';
const signIn = async (email: string, password = PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: nextAddress() });
const sessionOf = async (email: string, password = PASSWORD) => cookieHeader((await signIn(email, password)).headers['set-cookie']);
const isSignedIn = async (cookie: string) => (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json().user !== null;
const changePassword = (user: { cookie: string }, newPassword: string, extra: Record<string, unknown> = {}, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { cookie: user.cookie }, payload: { currentPassword: PASSWORD, newPassword, ...extra }, remoteAddress });
/** A reset token as the e-mailed link would carry it (better-auth keeps it as a verification row). */
async function resetToken(user: TestUser) {
  const token = randomUUID();
  await ctx.database.sql.query(
    `INSERT INTO verifications (id, identifier, value, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
    [randomUUID(), `reset-password:${token}`, user.id],
  );
  return token;
}
const resetPassword = (token: string, newPassword: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword }, remoteAddress });

describe('new passwords (OWASP ASVS V2.1)', () => {
  it.each([
    ['eleven-char', 'Password must be at least 12 characters.'],
    ['qwerty123456', 'This password is too common. Please choose another one.'],
    ['1QAZ2WSX3EDC', 'This password is too common. Please choose another one.'],
  ])('sign-up refuses %s', async (password, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'N', email: `n-${randomUUID()}@example.com`, phone: '555 000 0000', password },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('change and reset refuse short and common passwords too', async () => {
    const user = await signUp(ctx.app, { password: PASSWORD });
    expect((await changePassword(user, 'short-pass')).json().error.message).toBe('Password must be at least 12 characters.');
    expect((await changePassword(user, 'qazwsxedcrfv')).statusCode).toBe(400);
    const token = await resetToken(user);
    const common = await resetPassword(token, '123456789qwe');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.code).toBe('PASSWORD_TOO_COMMON');
    expect((await resetPassword(token, 'too-short')).statusCode).toBe(400);
  });
});

describe('sessions after a password change', () => {
  it('changing the password signs out the other sessions and keeps this one', async () => {
    const user = await signUp(ctx.app, { password: PASSWORD });
    const other = await sessionOf(user.email);
    const res = await changePassword(user, 'second-good-password');
    expect(res.statusCode, res.body).toBe(200);
    const current = cookieHeader(res.headers['set-cookie']) || user.cookie;
    expect(await isSignedIn(current)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
  });

  it('keeps the other sessions only when asked to', async () => {
    const user = await signUp(ctx.app, { password: PASSWORD });
    const other = await sessionOf(user.email);
    expect((await changePassword(user, 'second-good-password', { revokeOtherSessions: false })).statusCode).toBe(200);
    expect(await isSignedIn(other)).toBe(true);
  });

  it('resetting the password signs out every session', async () => {
    const user = await signUp(ctx.app, { password: PASSWORD });
    const other = await sessionOf(user.email);
    const res = await resetPassword(await resetToken(user), 'after-reset-password');
    expect(res.statusCode, res.body).toBe(200);
    expect(await isSignedIn(user.cookie)).toBe(false);
    expect(await isSignedIn(other)).toBe(false);
    expect((await signIn(user.email, 'after-reset-password')).statusCode).toBe(200);
  });
});

describe('rate limits per account as well as per address', () => {
  it('limits change-password per account, whatever the address', async () => {
    const user = await signUp(ctx.app, { password: PASSWORD });
    const codes = [];
    for (let i = 0; i <= MAX_ATTEMPTS; i++) codes.push((await changePassword(user, 'x', { currentPassword: 'wrong-password-guess' })).statusCode);
    expect(codes.slice(0, MAX_ATTEMPTS).every((c) => c !== 429)).toBe(true);
    const limited = await changePassword(user, 'another-good-password');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });

  it('limits reset-password per account (its token), whatever the address', async () => {
    const user = await signUp(ctx.app, { password: PASSWORD });
    const token = await resetToken(user);
    for (let i = 0; i < MAX_ATTEMPTS; i++) expect((await resetPassword(token, 'short')).statusCode).toBe(400);
    expect((await resetPassword(token, 'a-fine-new-password')).statusCode).toBe(429);
  });

  it('limits change-password per address too', async () => {
    const address = nextAddress();
    const codes = [];
    for (let i = 0; i <= MAX_ATTEMPTS; i++) {
      const user = await signUp(ctx.app, { password: PASSWORD });
      codes.push((await changePassword(user, 'short', {}, address)).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });
});

describe('sign-in answers', () => {
  it('never tell whether an account exists', async () => {
    const user = await signUp(ctx.app, { password: PASSWORD });
    const wrongPassword = await signIn(user.email, 'not-the-password-1');
    const noAccount = await signIn(`nobody-${randomUUID()}@example.com`, 'not-the-password-1');
    const noAccountCommonPassword = await signIn(`nobody-${randomUUID()}@example.com`, 'qwerty123456');
    for (const res of [noAccount, noAccountCommonPassword]) {
      expect(res.statusCode).toBe(wrongPassword.statusCode);
      expect(res.json()).toEqual(wrongPassword.json());
    }
    expect(wrongPassword.json().error.message).toBe('Incorrect email or password. Please try again.');
  });
});
