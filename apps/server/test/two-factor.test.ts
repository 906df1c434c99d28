import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, makeStaff, nextAddress, setUpTwoFactor, signUp, type TestContext, type TestUser } from './helpers.ts';
import { outboxFor } from './notify-helpers.ts';
import { nextTotpCode, secretOfUri } from '../src/platform/auth/totp.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '4' } });
});
afterAll(async () => ctx.close());

const PASSWORD = 'correct-horse-1';

type Headers = Record<string, string>;
const post = (url: string, payload: object, headers: Headers = {}, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress });

/** Signs in with the password: a session cookie, or (with a second factor) the cookie of the waiting challenge. */
async function signInWithPassword(email: string, remoteAddress = nextAddress(), cookie?: string) {
  const res = await post('/api/auth/sign-in/email', { email, password: PASSWORD }, cookie ? { cookie } : {}, remoteAddress);
  return { status: res.statusCode, body: res.json(), cookie: cookieHeader(res.headers['set-cookie']) };
}

const me = async (cookie: string) => (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json();

async function customerWithTwoFactor(): Promise<TestUser & { secret: string; recoveryCodes: string[] }> {
  const user = await signUp(ctx.app);
  const setup = await setUpTwoFactor(ctx.app, user);
  return { ...user, ...setup };
}

describe('turning the second factor on', () => {
  it('asks for the password, gives an otpauth URI named after the company and 10 recovery codes, and is on only once a code is confirmed', async () => {
    const user = await signUp(ctx.app);
    const headers = { cookie: user.cookie };
    expect((await post('/api/auth/two-factor/enable', { password: 'wrong-password-1' }, headers)).json().error.code).toBe('INVALID_PASSWORD');
    const enabled = await post('/api/auth/two-factor/enable', { password: PASSWORD }, headers);
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Your%20Business%20Your%20App:/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Your Business Your App');
    expect(backupCodes).toHaveLength(10);
    // Not on until the app's code is confirmed: a sign-in still needs only the password.
    expect((await me(user.cookie)).user.twoFactorEnabled).toBe(false);
    expect((await signInWithPassword(user.email)).body.twoFactorRedirect).toBeUndefined();

    const wrong = await post('/api/auth/two-factor/verify-totp', { code: '000000' }, headers);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CODE');
    const confirmed = await post('/api/auth/two-factor/verify-totp', { code: ` ${await nextTotpCode(secretOfUri(totpURI))} ` }, headers);
    expect(confirmed.statusCode).toBe(200);
    expect((await me(cookieHeader(confirmed.headers['set-cookie']))).user.twoFactorEnabled).toBe(true);
    expect(await outboxFor(ctx, user.email, 'two-factor-added')).toHaveLength(1);
  });

  it('refuses input that is not a code with 400', async () => {
    const user = await signUp(ctx.app);
    const res = await post('/api/auth/two-factor/verify-totp', { code: 42 }, { cookie: user.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('signing in with a second factor', () => {
  it('asks for a code after the password, refuses a wrong one, and signs in with the current one', async () => {
    const user = await customerWithTwoFactor();
    const first = await signInWithPassword(user.email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    // The password alone gives no session.
    expect((await me(first.cookie)).user).toBeNull();

    const wrong = await post('/api/auth/two-factor/verify-totp', { code: '000000' }, { cookie: first.cookie });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CODE');
    const right = await post('/api/auth/two-factor/verify-totp', { code: await nextTotpCode(user.secret) }, { cookie: first.cookie });
    expect(right.statusCode).toBe(200);
    expect((await me(cookieHeader(right.headers['set-cookie']))).user).toMatchObject({ id: user.id, twoFactorEnabled: true });
  });

  it('signs in once with a recovery code, which never works again', async () => {
    const user = await customerWithTwoFactor();
    const [code] = user.recoveryCodes;
    const first = await signInWithPassword(user.email);
    const used = await post('/api/auth/two-factor/verify-backup-code', { code }, { cookie: first.cookie });
    expect(used.statusCode).toBe(200);
    expect((await me(cookieHeader(used.headers['set-cookie']))).user.id).toBe(user.id);

    const again = await signInWithPassword(user.email);
    const reused = await post('/api/auth/two-factor/verify-backup-code', { code }, { cookie: again.cookie });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('INVALID_BACKUP_CODE');
    expect(cookieHeader(reused.headers['set-cookie'])).not.toContain('session_token=');
    // Another, unused code still works.
    const other = await post('/api/auth/two-factor/verify-backup-code', { code: user.recoveryCodes[1] }, { cookie: again.cookie });
    expect(other.statusCode).toBe(200);
  });

  it('new recovery codes replace the old ones', async () => {
    const user = await customerWithTwoFactor();
    const fresh = await post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD }, { cookie: user.cookie });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().backupCodes).toHaveLength(10);
    const challenge = await signInWithPassword(user.email);
    expect((await post('/api/auth/two-factor/verify-backup-code', { code: user.recoveryCodes[0] }, { cookie: challenge.cookie })).statusCode).toBe(401);
    expect((await post('/api/auth/two-factor/verify-backup-code', { code: fresh.json().backupCodes[0] }, { cookie: challenge.cookie })).statusCode).toBe(200);
  });

  it('limits code guesses per account, from however many addresses', async () => {
    const user = await customerWithTwoFactor();
    const challenge = await signInWithPassword(user.email);
    const statuses: number[] = [];
    // Each guess from a new address: only the per-account limit (4 here) can stop them. The code confirmed at
    // setup, a minute ago, counted against the account too.
    for (let i = 0; i < 5; i++) {
      statuses.push((await post('/api/auth/two-factor/verify-totp', { code: '000000' }, { cookie: challenge.cookie })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('limits code guesses per address', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const user = await customerWithTwoFactor();
      const challenge = await signInWithPassword(user.email);
      statuses.push((await post('/api/auth/two-factor/verify-totp', { code: '000000' }, { cookie: challenge.cookie }, address)).statusCode);
    }
    expect(statuses.slice(0, 4).every((status) => status === 401)).toBe(true);
    expect(statuses[4]).toBe(429);
  });

  it('turning it off asks for the password, mails the owner, and sign-in needs the password only again', async () => {
    const user = await customerWithTwoFactor();
    expect((await post('/api/auth/two-factor/disable', { password: 'wrong-password-1' }, { cookie: user.cookie })).statusCode).toBe(400);
    const off = await post('/api/auth/two-factor/disable', { password: PASSWORD }, { cookie: user.cookie });
    expect(off.statusCode).toBe(200);
    expect((await me(cookieHeader(off.headers['set-cookie']))).user.twoFactorEnabled).toBe(false);
    expect(await outboxFor(ctx, user.email, 'two-factor-removed')).toHaveLength(1);
    const signedIn = await signInWithPassword(user.email);
    expect(signedIn.body.twoFactorRedirect).toBeUndefined();
    expect((await me(signedIn.cookie)).user.id).toBe(user.id);
  });
});

describe('the security e-mail of a change', () => {
  it('is queued before the answer leaves, however long queueing takes', async () => {
    const user = await customerWithTwoFactor();
    const queue = ctx.app.mail.queue.bind(ctx.app.mail);
    ctx.app.mail.queue = async (...args: Parameters<typeof queue>) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return queue(...args);
    };
    try {
      expect((await post('/api/auth/two-factor/disable', { password: PASSWORD }, { cookie: user.cookie })).statusCode).toBe(200);
      expect(await outboxFor(ctx, user.email, 'two-factor-removed')).toHaveLength(1);
    } finally {
      ctx.app.mail.queue = queue;
    }
  });
});

describe('staff and the second factor', () => {
  it('refuses the console to staff until the second factor is set up, and sends them to the setup first', async () => {
    const staff = await signUp(ctx.app, { name: 'Nia New' });
    await ctx.database.sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [staff.id]);
    const signedIn = await signInWithPassword(staff.email);
    const refused = await ctx.app.inject({ url: '/api/staff/chats', headers: { cookie: signedIn.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await me(signedIn.cookie)).landing).toBe('/two-factor-setup');

    const user = { ...staff, cookie: signedIn.cookie };
    await setUpTwoFactor(ctx.app, user);
    expect((await ctx.app.inject({ url: '/api/staff/chats', headers: { cookie: user.cookie } })).statusCode).toBe(200);
    expect((await me(user.cookie)).landing).toBe('/staff');
  });

  it('gives a staff account without a second factor no staff view of customers\' chats', async () => {
    const customer = await signUp(ctx.app);
    const chat = await post('/api/support/chats', { reason: 'Technical Support', initialMessage: 'Help!' }, { cookie: customer.cookie });
    expect(chat.statusCode).toBe(201);
    const staff = await signUp(ctx.app);
    await ctx.database.sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [staff.id]);
    const signedIn = await signInWithPassword(staff.email);
    const read = await ctx.app.inject({ url: `/api/support/chats/${chat.json().chatId}`, headers: { cookie: signedIn.cookie } });
    expect(read.statusCode).toBe(404);
  });

  it('does not let staff turn the second factor off', async () => {
    const staff = await signUp(ctx.app);
    await makeStaff(ctx, staff);
    const res = await post('/api/auth/two-factor/disable', { password: PASSWORD }, { cookie: staff.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('TWO_FACTOR_REQUIRED_FOR_STAFF');
  });
});
