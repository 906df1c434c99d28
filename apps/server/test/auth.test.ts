import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, cookieHeader, createTestApp, nextAddress, signUp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
});
afterAll(async () => ctx.close());

const signUpBody = (email: string) => ({ name: 'Ada Lovelace', email, phone: '+1 555 123 4567', password: 'analytical-engine' });

describe('sign-up', () => {
  it('creates the profile with name, e-mail, phone, role customer and a created time', async () => {
    const user = await signUp(ctx.app, { name: 'Ada Lovelace', phone: '+1 555 123 4567' });
    const res = await ctx.app.inject({ url: '/api/me', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    const me = res.json().user;
    expect(me).toMatchObject({ id: user.id, name: 'Ada Lovelace', email: user.email, phone: '+1 555 123 4567', role: 'customer', profileImageUrl: null });
    expect(me.createdAt).toBeGreaterThan(Date.now() - 60_000);
    expect(res.json().landing).toBe('/select-plan');
  });

  it.each([
    [{ name: '' }, 'Full Name is required.'],
    [{ phone: '' }, 'Phone Number is required.'],
    [{ password: 'short' }, 'Password must be at least 12 characters.'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
  ])('rejects %o with a readable message', async (override, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { ...signUpBody('v@example.com'), ...override },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } });
  });

  it('accepts a 128-character password with no composition rules', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { ...signUpBody('long@example.com'), password: 'a'.repeat(128) },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the password, sets an HttpOnly SameSite=Lax cookie, and makes a new session each time', async () => {
    const user = await signUp(ctx.app, { password: 'my-password-1' });
    const signIn = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'my-password-1' }, remoteAddress: nextAddress() });
    const first = await signIn();
    const second = await signIn();
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(cookieHeader(first.headers['set-cookie'])).not.toBe(cookieHeader(second.headers['set-cookie']));
  });

  it('answers a wrong password with a readable message', async () => {
    const user = await signUp(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'wrong-password' }, remoteAddress: nextAddress() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Incorrect email or password. Please try again.' } });
  });

  it('ends the session on the server at sign-out', async () => {
    const user = await signUp(ctx.app);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL }, payload: {} });
    expect(out.statusCode).toBe(200);
    // The old cookie, replayed, no longer names a session.
    const me = await ctx.app.inject({ url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.json().user).toBeNull();
  });

  it('rate limits sign-in attempts from one address', async () => {
    const attempt = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'nobody@example.com', password: 'whatever-1' }, remoteAddress: '10.0.2.9' });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt()).statusCode);
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('landing after sign-in (spec §4)', () => {
  it('is /dashboard with an ACTIVE or ACTIVE_PENDING_UPDATE subscription, /select-plan otherwise', async () => {
    const user = await signUp(ctx.app);
    const landing = async () => (await ctx.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).json().landing;
    const insert = (status: string) =>
      ctx.database.sql.query(
        `INSERT INTO subscriptions (id, user_id, status, service_id, service_title, price, amount, recurring, start_date, due_date)
         VALUES (gen_random_uuid()::text, $1, $2, 'svc', 'Plan', '$10', 1000, 'month', now(), now() + interval '30 days')`,
        [user.id, status],
      );
    await insert('CANCELLED');
    expect(await landing()).toBe('/select-plan');
    await insert('ACTIVE_PENDING_UPDATE');
    expect(await landing()).toBe('/dashboard');
  });
});
