import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, cookieHeader, createTestApp, nextAddress, signUp, startSignUp, type TestContext, type TestUser } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
});
afterAll(async () => ctx.close());

interface Caught {
  subject: string;
  text_body: string;
  envelope_to: string[];
}

/** Sends what is queued over SMTP to the local catcher, then reads what it received for this address. */
async function inbox(to: string): Promise<Caught[]> {
  await ctx.app.mail.deliver();
  return ctx.database.sql.query<Caught>(
    `SELECT subject, text_body, envelope_to FROM mailbox_messages WHERE envelope_to @> $1::jsonb ORDER BY received_at`,
    [JSON.stringify([to])],
  );
}

/** The link of the last mail with this subject, as a path to inject. */
async function linkIn(to: string, subject: string): Promise<string> {
  const mail = (await inbox(to)).filter((m) => m.subject === subject).at(-1);
  expect(mail, `a mail "${subject}" to ${to}`).toBeDefined();
  const url = mail!.text_body.match(new RegExp(`${TEST_PUBLIC_URL}/api/auth/[^\\s)\\]]+`))![0];
  return url.slice(TEST_PUBLIC_URL.length);
}

const post = (url: string, payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {}, remoteAddress: nextAddress() });
const get = (url: string, cookie?: string) => ctx.app.inject({ url, headers: cookie ? { cookie } : {} });
const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });
const security = async (user: TestUser) => (await get('/api/me/security', user.cookie)).json();

describe('sign-up mail', () => {
  it('sends a welcome and a verification link; following the link verifies the address and signs in', async () => {
    const { email } = await startSignUp(ctx.app);
    const subjects = (await inbox(email)).map((m) => m.subject).sort();
    expect(subjects).toEqual(['Verify your e-mail address', 'Welcome to Your Business Your App']);

    const link = await linkIn(email, 'Verify your e-mail address');
    const followed = await get(link);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${TEST_PUBLIC_URL}/email-verified`);
    const user = { id: '', email, cookie: cookieHeader(followed.headers['set-cookie']) };
    expect(await security(user)).toEqual({ emailVerified: true, hasPassword: true });
  });

  it('resends the link on request, and a tampered link is refused with a reason', async () => {
    const { email } = await startSignUp(ctx.app);
    expect((await post('/api/auth/send-verification-email', { email })).statusCode).toBe(200);
    expect((await inbox(email)).filter((m) => m.subject === 'Verify your e-mail address')).toHaveLength(2);

    const link = await linkIn(email, 'Verify your e-mail address');
    const tampered = await get(link.replace(/token=([^&]+)/, (_, token: string) => `token=${token.slice(0, -2)}xx`));
    expect(tampered.headers.location).toBe(`${TEST_PUBLIC_URL}/email-verified?error=INVALID_TOKEN`);
    expect(tampered.headers['set-cookie']).toBeUndefined();
  });

  it('limits resends per account, whoever asks', async () => {
    const { email } = await startSignUp(ctx.app);
    const ask = () => post('/api/auth/send-verification-email', { email: email.toUpperCase() });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });

  it('refuses a malformed address with the field message', async () => {
    const user = await signUp(ctx.app);
    const res = await post('/api/auth/change-email', { newEmail: 'not-an-address' }, user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'Please enter a valid email address.' } });
  });
});

describe('forgot password', () => {
  it('gives the same answer for an unknown address and sends nothing', async () => {
    const user = await signUp(ctx.app);
    const known = await post('/api/auth/request-password-reset', { email: user.email });
    const unknown = await post('/api/auth/request-password-reset', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await inbox('nobody-here@example.com')).toEqual([]);
    expect((await inbox(user.email)).map((m) => m.subject)).toContain('Reset your password');
  });

  it('sets a new password through a single-use link and signs out every session', async () => {
    const user = await signUp(ctx.app, { password: 'first-password-1' });
    await post('/api/auth/request-password-reset', { email: user.email });
    const link = await linkIn(user.email, 'Reset your password');
    const opened = await get(link);
    expect(opened.statusCode).toBe(302);
    const target = new URL(String(opened.headers.location));
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token')!;

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'second-password-2' });
    expect(reset.statusCode).toBe(200);
    expect((await get('/api/me', user.cookie)).json().user).toBeNull();
    expect((await signIn(user.email, 'first-password-1')).statusCode).toBe(401);
    expect((await signIn(user.email, 'second-password-2')).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'third-password-3' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'INVALID_TOKEN', message: 'This link has expired or was already used. Please ask for a new one.' });
    expect(new URL(String((await get(link)).headers.location)).searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('refuses a too common password on the reset page as at sign-up', async () => {
    const user = await signUp(ctx.app);
    await post('/api/auth/request-password-reset', { email: user.email });
    const token = new URL(String((await get(await linkIn(user.email, 'Reset your password'))).headers.location)).searchParams.get('token')!;
    const res = await post('/api/auth/reset-password', { token, newPassword: 'password1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This password is too common. Please choose another one.');
  });

  it('is rate limited per address', async () => {
    const email = `limit-${Date.now()}@example.com`;
    const ask = () => ctx.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('account settings', () => {
  it('changes the e-mail through a link to the new address, with a notice to the old one', async () => {
    const user = await signUp(ctx.app, { password: 'change-mail-pw-1' });
    const newEmail = `moved-${Date.now()}@example.com`;
    const asked = await post('/api/auth/change-email', { newEmail: newEmail.toUpperCase() }, user.cookie);
    expect(asked.statusCode).toBe(200);
    const notice = (await inbox(user.email)).find((m) => m.subject === 'Your e-mail address is being changed');
    expect(notice!.text_body).toContain(newEmail);
    expect((await get('/api/me', user.cookie)).json().user.email).toBe(user.email);

    const link = await linkIn(newEmail, 'Confirm your new e-mail address');
    const followed = await get(link, user.cookie);
    expect(followed.headers.location).toBe(`${TEST_PUBLIC_URL}/email-verified`);
    const me = await get('/api/me', cookieHeader(followed.headers['set-cookie']) || user.cookie);
    expect(me.json().user.email).toBe(newEmail);
    expect((await signIn(newEmail, 'change-mail-pw-1')).statusCode).toBe(200);
    expect((await signIn(user.email, 'change-mail-pw-1')).statusCode).toBe(401);
  });

  it('changes the password only with the current one, and signs out other devices', async () => {
    const user = await signUp(ctx.app, { password: 'current-pass-11' });
    const other = cookieHeader((await signIn(user.email, 'current-pass-11')).headers['set-cookie']);
    const wrong = await post('/api/auth/change-password', { currentPassword: 'not-the-password', newPassword: 'brand-new-pass-22' }, user.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Your current password is incorrect.');

    const changed = await post('/api/auth/change-password', { currentPassword: 'current-pass-11', newPassword: 'brand-new-pass-22' }, user.cookie);
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/me', other)).json().user).toBeNull();
    expect((await signIn(user.email, 'brand-new-pass-22')).statusCode).toBe(200);
  });

  it('lets an account without a password (made with Google) set a first one, then sign in with it', async () => {
    const user = await signUp(ctx.app);
    // What a Google sign-up leaves: a user with no credential account.
    await ctx.database.sql.query(`DELETE FROM accounts WHERE user_id = $1 AND provider_id = 'credential'`, [user.id]);
    expect((await security(user)).hasPassword).toBe(false);
    const changed = await post('/api/auth/change-password', { currentPassword: 'anything-at-all', newPassword: 'first-pass-word-5' }, user.cookie);
    expect(changed.statusCode).toBe(400);

    const tooShort = await post('/api/me/password', { newPassword: 'short' }, user.cookie);
    expect(tooShort.statusCode).toBe(400);
    expect((await post('/api/me/password', { newPassword: 'first-pass-word-5' }, user.cookie)).statusCode).toBe(204);
    expect((await security(user)).hasPassword).toBe(true);
    expect((await signIn(user.email, 'first-pass-word-5')).statusCode).toBe(200);
  });

  it('sets a first password only on an account without one', async () => {
    const user = await signUp(ctx.app);
    const res = await post('/api/me/password', { newPassword: 'another-pass-44' }, user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('PASSWORD_ALREADY_SET');
  });

  it('refuses the settings endpoints without a session', async () => {
    for (const url of ['/api/me/security', '/api/me/devices']) expect((await get(url)).statusCode).toBe(401);
  });
});
