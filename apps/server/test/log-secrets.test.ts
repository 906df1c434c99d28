import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { loggerOptions } from '../src/platform/http/logger.ts';
import { TEST_PUBLIC_URL, createTestApp, nextAddress, signUp, testConfig, type TestContext } from './helpers.ts';
import { outboxFor } from './notify-helpers.ts';
import { call, signUpStaff } from './staff-helpers.ts';

/** Every line the server logs, as written (request lines included). */
let written = '';
let ctx: TestContext;
beforeAll(async () => {
  const config = testConfig({ LOG_LEVEL: 'info' });
  const log = pino(loggerOptions(config), { write: (line: string) => void (written += line) });
  ctx = await createTestApp({ env: { LOG_LEVEL: 'info' }, loggerInstance: log });
});
afterAll(async () => ctx.close());

const post = (url: string, payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {}, remoteAddress: nextAddress() });

/** The link of the mail of this kind to this address, as a path on this server, and the token in it. */
async function linkOf(to: string, kind: string): Promise<{ path: string; token: string }> {
  const [mail] = await outboxFor(ctx, to, kind);
  expect(mail, `a ${kind} mail to ${to}`).toBeDefined();
  const url = new URL(new RegExp(`${TEST_PUBLIC_URL}/[^\\s)\\]]+`).exec(mail!.text_body)![0]);
  const token = url.searchParams.get('token') ?? url.pathname.split('/').at(-1)!;
  return { path: `${url.pathname}${url.search}`, token };
}

/** Follows a link as a browser would, through redirects on this server. */
async function follow(path: string) {
  let next: string | undefined = path;
  for (let hops = 0; next && hops < 5; hops++) {
    const location: unknown = (await ctx.app.inject({ url: next })).headers.location;
    next = typeof location === 'string' && location.startsWith(TEST_PUBLIC_URL) ? location.slice(TEST_PUBLIC_URL.length) : undefined;
  }
}

describe('the log', () => {
  it('carries no token of a followed reset, verification, staff-invitation or deletion link', async () => {
    const user = await signUp(ctx.app);
    const verify = await linkOf(user.email, 'email-verification');

    await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const reset = await linkOf(user.email, 'password-reset');

    const staff = await signUpStaff(ctx);
    const invitedEmail = `invited-${Date.now()}@example.com`;
    expect((await call(ctx.app, staff, 'POST', '/api/staff/team/invitations', { email: invitedEmail })).status).toBe(201);
    const invitation = await linkOf(invitedEmail, 'staff-invitation');

    expect((await post('/api/account-deletion-requests', { name: 'Test User', email: user.email, reason: '' }, user.cookie)).statusCode).toBe(201);
    const deletion = await linkOf(user.email, 'deletion-confirm');

    const links = [verify, reset, invitation, deletion];
    for (const link of links) await follow(link.path);
    // Each link was logged, with its token replaced.
    for (const link of links) expect(written).toContain(link.path.split('?')[0]!.replace(link.token, '[redacted]'));
    for (const link of links) expect(written).not.toContain(link.token);
  });

  it('carries no e-mail address of a sign-up for an existing account', async () => {
    const user = await signUp(ctx.app);
    const before = written.length;
    const printed: unknown[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) => vi.spyOn(console, level).mockImplementation((...args) => void printed.push(...args)));
    try {
      await post('/api/auth/sign-up/email', { name: 'Someone', email: user.email, phone: '555 010 0000', password: 'another-password-9' });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // better-auth's own line lands in the server's log, without the address.
    expect(written.slice(before)).toContain('better-auth: Sign-up attempt for existing email: [e-mail]');
    expect(written).not.toContain(user.email);
    expect(JSON.stringify(printed)).not.toContain(user.email);
  });
});
