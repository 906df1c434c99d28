import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, cookieHeader, createTestApp, nextAddress, signUp, type TestContext } from './helpers.ts';
import { outboxFor } from './notify-helpers.ts';

/** Every change to how an account signs in sends a security e-mail; a confirmed new address signs out the rest. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const post = (url: string, payload: object, cookie?: string, userAgent?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { ...(cookie ? { cookie } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) }, remoteAddress: nextAddress() });
const get = (url: string, cookie?: string) => ctx.app.inject({ url, headers: cookie ? { cookie } : {} });
const signIn = (email: string, password: string, userAgent?: string) => post('/api/auth/sign-in/email', { email, password }, undefined, userAgent);
const meOf = async (cookie: string) => (await get('/api/me', cookie)).json().user;
/** The path of the last link to better-auth in the last mail of this kind to the address. */
async function linkOf(to: string, kind: string): Promise<string> {
  const mail = (await outboxFor(ctx, to, kind)).at(-1);
  expect(mail, `a ${kind} mail to ${to}`).toBeDefined();
  return mail!.text_body.match(new RegExp(`${TEST_PUBLIC_URL}(/api/auth/[^\\s)\\]]+)`))![1]!;
}

describe('security e-mails', () => {
  it('tell the owner that the password was changed', async () => {
    const user = await signUp(ctx.app, { password: 'current-pass-11' });
    const changed = await post('/api/auth/change-password', { currentPassword: 'current-pass-11', newPassword: 'brand-new-pass-22' }, user.cookie);
    expect(changed.statusCode).toBe(200);
    const [mail] = await outboxFor(ctx, user.email, 'security-password-changed');
    expect(mail!.subject).toBe('Your password was changed');
    expect(mail!.text_body).toContain('every other device signed in to it was signed out');
  });

  it('tell the owner that the password was reset', async () => {
    const user = await signUp(ctx.app, { password: 'first-password-1' });
    await post('/api/auth/request-password-reset', { email: user.email });
    const opened = await get(await linkOf(user.email, 'password-reset'));
    const token = new URL(String(opened.headers.location)).searchParams.get('token')!;
    expect((await post('/api/auth/reset-password', { token, newPassword: 'second-password-2' })).statusCode).toBe(200);
    const [mail] = await outboxFor(ctx, user.email, 'security-password-reset');
    expect(mail!.subject).toBe('Your password was reset');
  });

  it('tell the owner that a first password was added to an account made with Google', async () => {
    const user = await signUp(ctx.app);
    await ctx.database.sql.query(`DELETE FROM accounts WHERE user_id = $1 AND provider_id = 'credential'`, [user.id]);
    expect((await post('/api/me/password', { newPassword: 'first-pass-word-5' }, user.cookie)).statusCode).toBe(204);
    expect((await outboxFor(ctx, user.email, 'security-password-added')).map((m) => m.subject)).toEqual(['A password was added to your account']);
  });

  it('tell a staff member of each sign-in from a browser none of their sessions has, and stay quiet for customers', async () => {
    const staff = await signUp(ctx.app, { password: 'staff-password-1' });
    // Staff by role alone: the sign-in then opens a session at once, with no second factor asked in between.
    await ctx.database.sql.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [staff.id]);
    await ctx.database.sql.query('DELETE FROM sessions WHERE user_id = $1', [staff.id]);
    expect((await signIn(staff.email, 'staff-password-1', 'Browser A')).statusCode).toBe(200);
    expect((await signIn(staff.email, 'staff-password-1', 'Browser A')).statusCode).toBe(200);
    expect((await signIn(staff.email, 'staff-password-1', 'Browser B')).statusCode).toBe(200);
    const mails = await outboxFor(ctx, staff.email, 'security-staff-new-device');
    expect(mails.map((m) => m.subject)).toEqual(['A new device signed in to your staff account', 'A new device signed in to your staff account']);
    expect(mails[0]!.text_body).toContain('Browser A');
    expect(mails[1]!.text_body).toContain('Browser B');

    const customer = await signUp(ctx.app, { password: 'customer-pass-1' });
    expect((await signIn(customer.email, 'customer-pass-1', 'Browser C')).statusCode).toBe(200);
    expect(await outboxFor(ctx, customer.email, 'security-staff-new-device')).toEqual([]);
  });
});

describe('a confirmed change of e-mail address', () => {
  async function askToMove(password: string) {
    const user = await signUp(ctx.app, { password });
    const otherDevice = cookieHeader((await signIn(user.email, password)).headers['set-cookie']);
    const newEmail = `moved-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    expect((await post('/api/auth/change-email', { newEmail }, user.cookie)).statusCode).toBe(200);
    return { user, otherDevice, newEmail, link: await linkOf(newEmail, 'email-change-confirm') };
  }

  it('signs out every other session, keeps the one that followed the link, and tells the old address', async () => {
    const { user, otherDevice, newEmail, link } = await askToMove('move-password-1');
    const followed = await get(link, user.cookie);
    expect(followed.headers.location).toBe(`${TEST_PUBLIC_URL}/email-verified`);
    expect(await meOf(otherDevice)).toBeNull();
    expect((await meOf(cookieHeader(followed.headers['set-cookie']) || user.cookie))?.email).toBe(newEmail);
    const [mail] = await outboxFor(ctx, user.email, 'security-email-changed');
    expect(mail!.subject).toBe('Your e-mail address was changed');
    expect(mail!.text_body).toContain(newEmail);
  });

  it('followed in a browser that was not signed in: every earlier session ends, and the link signs nobody in', async () => {
    const { user, otherDevice, newEmail, link } = await askToMove('move-password-2');
    const followed = await get(link);
    expect(await meOf(user.cookie)).toBeNull();
    expect(await meOf(otherDevice)).toBeNull();
    expect(cookieHeader(followed.headers['set-cookie'])).toBe('');
    expect((await signIn(newEmail, 'move-password-2')).statusCode).toBe(200);
  });
});
