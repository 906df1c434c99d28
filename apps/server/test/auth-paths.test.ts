import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, createTestApp, nextAddress, signUp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => ctx.close());

const post = (url: string, payload: object, options: { cookie?: string; remoteAddress?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { origin: TEST_PUBLIC_URL, ...(options.cookie ? { cookie: options.cookie } : {}) },
    remoteAddress: options.remoteAddress ?? nextAddress(),
  });

/**
 * A POST over a real connection with the path exactly as written: inject() would resolve its dot segments first,
 * as a browser does, but an attacker's client sends them as they are.
 */
function rawPost(path: string, payload: object): Promise<number> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: TEST_PUBLIC_URL } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Paths that better-auth itself would resolve to one of its endpoints, though no route of ours is named so. */
const aroundTheRoute = (endpoint: string) => [
  `/api/auth/x/%2e%2e/${endpoint}`,
  `/api/auth/x/%2E%2E/${endpoint}`,
  `/api/auth/./${endpoint}`,
  `/api/auth/%2e/${endpoint}`,
  `/api/auth//${endpoint}`,
];

describe('one canonical path to better-auth', () => {
  it('refuses a sign-up by a path around the sign-up route, so the password policy cannot be skipped', async () => {
    const body = { name: 'Eve', email: `eve-${Date.now()}@example.com`, phone: '555', password: 'password' };
    for (const url of aroundTheRoute('sign-up/email')) {
      expect(await rawPost(url, body), url).toBe(404);
    }
    const rows = await ctx.database.sql.query(`SELECT 1 FROM users WHERE email = $1`, [body.email]);
    expect(rows).toHaveLength(0);
  });

  it('refuses sign-in by a path around the sign-in route, so its limits cannot be skipped', async () => {
    const user = await signUp(ctx.app);
    for (const url of aroundTheRoute('sign-in/email')) {
      expect(await rawPost(url, { email: user.email, password: 'wrong-password-1' }), url).toBe(404);
    }
  });

  it('answers 404 to every better-auth endpoint the portal does not list', async () => {
    const user = await signUp(ctx.app);
    for (const [method, url] of [
      ['POST', '/api/auth/update-user'],
      ['GET', '/api/auth/get-session'],
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/revoke-sessions'],
      ['POST', '/api/auth/delete-user'],
      ['GET', '/api/auth/ok'],
      ['GET', '/api/auth/callback/other'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'POST' ? { name: 'Changed', role: 'staff' } : undefined, headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const me = await ctx.app.inject({ url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.json().user.name).toBe('Test User');
  });

  it('hands better-auth the routed path and a re-encoded query, never the raw URL', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/reset-password/..%2f..%2fget-session?callbackURL=%2Freset-password' });
    expect(res.statusCode).toBe(404);
    const link = await ctx.app.inject({ url: `/api/auth/reset-password/not-a-token?callbackURL=${encodeURIComponent(`${TEST_PUBLIC_URL}/reset-password`)}` });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe(`${TEST_PUBLIC_URL}/reset-password?error=INVALID_TOKEN`);
  });
});

describe('sign-in limit per account', () => {
  it('stops guesses at one account from many addresses once its failures reach the limit, and only that account', async () => {
    const user = await signUp(ctx.app, { password: 'the-right-password-1' });
    const other = await signUp(ctx.app, { password: 'the-right-password-2' });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await post('/api/auth/sign-in/email', { email: user.email, password: `guess-number-${i}` })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    // Even the right password waits for the window to end, whatever the address (the case of the address neither).
    const right = await post('/api/auth/sign-in/email', { email: user.email.toUpperCase(), password: 'the-right-password-1' });
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('RATE_LIMITED');
    expect((await post('/api/auth/sign-in/email', { email: other.email, password: 'the-right-password-2' })).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const user = await signUp(ctx.app, { password: 'the-right-password-3' });
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/sign-in/email', { email: user.email, password: 'the-right-password-3' })).statusCode).toBe(200);
    }
  });
});
