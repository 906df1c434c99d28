import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, cookieHeader, createTestApp, nextAddress, signUp, startSignUp, verificationLink, type TestContext } from './helpers.ts';
import { outboxFor } from './notify-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
});
afterAll(async () => ctx.close());

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });
const get = (url: string, cookie?: string) => ctx.app.inject({ url, headers: cookie ? { cookie } : {}, remoteAddress: nextAddress() });
const signUpBody = (email: string, extra: object = {}) => ({ name: 'Someone Else', email, phone: '555 010 7777', password: 'a-different-password-1', ...extra });
const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });
const count = async (sql: string, params: unknown[]) => (await ctx.database.sql.query<{ n: number }>(sql, params))[0]!.n;
const accountsWith = (email: string) => count('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [email]);
const sessionsOf = (userId: string) => count('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId]);
const fresh = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('sign-up tells no one which addresses have accounts', () => {
  it('answers a sign-up for an address with an account exactly as one for a new address, and mails the owner instead', async () => {
    const owner = await signUp(ctx.app, { password: 'the-owners-password-1' });
    const sessionsBefore = await sessionsOf(owner.id);

    const forNew = await post('/api/auth/sign-up/email', signUpBody(fresh('new')));
    const forExisting = await post('/api/auth/sign-up/email', signUpBody(owner.email.toUpperCase()));
    expect(forExisting.statusCode).toBe(forNew.statusCode);
    expect(forExisting.statusCode).toBe(200);
    expect(forExisting.json()).toEqual(forNew.json());
    expect(forNew.json()).toEqual({ checkEmail: true });
    // Neither signs in: a new account waits for its link, an existing one for its owner.
    expect(forNew.headers['set-cookie']).toBeUndefined();
    expect(forExisting.headers['set-cookie']).toBeUndefined();

    expect(await accountsWith(owner.email)).toBe(1);
    expect(await sessionsOf(owner.id)).toBe(sessionsBefore);
    const [warning, ...more] = await outboxFor(ctx, owner.email, 'sign-up-existing-account');
    expect(more).toEqual([]);
    expect(warning!.subject).toBe('Someone tried to create an account with your e-mail address');
    expect(warning!.text_body).toContain(`${TEST_PUBLIC_URL}/login`);
    expect(warning!.text_body).toContain(`${TEST_PUBLIC_URL}/forgot-password`);
    expect(await outboxFor(ctx, owner.email, 'email-verification')).toHaveLength(1);

    // The account is untouched: its password signs in, the one typed at the second sign-up does not.
    expect((await signIn(owner.email, 'the-owners-password-1')).statusCode).toBe(200);
    expect((await signIn(owner.email, 'a-different-password-1')).statusCode).toBe(401);
  });

  it('counts sign-ups per address named, whoever sends them, for new addresses and accounts alike', async () => {
    const owner = await signUp(ctx.app);
    for (const email of [owner.email, fresh('limit')]) {
      // The helper's own sign-up counted once for the owner's address.
      const allowed = email === owner.email ? 2 : 3;
      for (let i = 0; i < allowed; i++) expect((await post('/api/auth/sign-up/email', signUpBody(email))).statusCode).toBe(200);
      const limited = await post('/api/auth/sign-up/email', signUpBody(email));
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
    }
  });
});

describe('a new account signs in once its address is verified', () => {
  it('refuses the right password of an unverified account with a way on, and a wrong one as for any address', async () => {
    const { email, password } = await startSignUp(ctx.app);
    const refused = await signIn(email, password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email address first: follow the link we emailed you, or send a new one.' },
    });
    expect(refused.headers['set-cookie']).toBeUndefined();

    const wrong = await signIn(email, 'not-the-password-1');
    const unknown = await signIn(fresh('nobody'), 'not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('signs in by the link and goes on to the page the sign-up named', async () => {
    const page = '/email-verified?new=1&plan=plan-7&fromCheckout=1';
    const { email, password } = await startSignUp(ctx.app, { callbackURL: page });
    const link = await verificationLink(ctx.app, email);

    const followed = await get(link);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${TEST_PUBLIC_URL}${page}`);
    const me = (await get('/api/me', cookieHeader(followed.headers['set-cookie']))).json();
    expect(me.user.email).toBe(email);
    expect(me.landing).toBe('/select-plan');
    expect((await signIn(email, password)).statusCode).toBe(200);

    // Followed again, it goes to the same page but signs no one in.
    const again = await get(link);
    expect(again.headers.location).toBe(`${TEST_PUBLIC_URL}${page}`);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it.each(['https://evil.example/checkout', '//evil.example/checkout', '/\\evil.example', 'javascript:alert(1)', 'checkout'])(
    'refuses %s as the page to go on to at sign-up',
    async (callbackURL) => {
      const email = fresh('elsewhere');
      const res = await post('/api/auth/sign-up/email', signUpBody(email, { callbackURL }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'The page to continue to must be a page of this site.' });
      expect(await accountsWith(email)).toBe(0);
      expect(await outboxFor(ctx, email)).toEqual([]);
    },
  );

  it('refuses a link whose page to go on to was changed to another site, and verifies nothing', async () => {
    const { email, password } = await startSignUp(ctx.app);
    const link = await verificationLink(ctx.app, email);
    for (const elsewhere of ['https://evil.example/', '//evil.example/', `${TEST_PUBLIC_URL}.evil.example/`]) {
      const res = await get(link.replace(/callbackURL=[^&]+/, `callbackURL=${encodeURIComponent(elsewhere)}`));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_CALLBACK_URL');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await signIn(email, password)).statusCode).toBe(403);
  });

  it('"Resend" answers alike for any address and keeps the page to go on to', async () => {
    const page = '/email-verified?new=1&plan=plan-9&fromCheckout=1';
    const { email } = await startSignUp(ctx.app, { callbackURL: page });
    const verified = await signUp(ctx.app);
    const answers = [];
    for (const address of [email, verified.email, fresh('unknown')]) {
      const res = await post('/api/auth/send-verification-email', { email: address, callbackURL: page });
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers).toEqual([[200, { status: true }], [200, { status: true }], [200, { status: true }]]);
    expect(await outboxFor(ctx, email, 'email-verification')).toHaveLength(2);
    expect(await outboxFor(ctx, verified.email, 'email-verification')).toHaveLength(1);

    const followed = await get(await verificationLink(ctx.app, email));
    expect(followed.headers.location).toBe(`${TEST_PUBLIC_URL}${page}`);

    const elsewhere = await post('/api/auth/send-verification-email', { email, callbackURL: 'https://evil.example/' });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('counts an address as verified once a password reset link mailed to it is used', async () => {
    const { email } = await startSignUp(ctx.app);
    await post('/api/auth/request-password-reset', { email });
    const [mail] = await outboxFor(ctx, email, 'password-reset');
    const opened = await get(/\/api\/auth\/reset-password\/[^\s)\]]+/.exec(mail!.text_body)![0]);
    const token = new URL(String(opened.headers.location)).searchParams.get('token')!;
    expect((await post('/api/auth/reset-password', { token, newPassword: 'my-own-new-password-1' })).statusCode).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM users WHERE email = $1 AND email_verified', [email])).toBe(1);
    expect((await signIn(email, 'my-own-new-password-1')).statusCode).toBe(200);
  });
});
