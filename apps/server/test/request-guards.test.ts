import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, cookieHeader, createTestApp, makeStaff, nextAddress, signUp, verificationLink, type TestContext, type TestUser } from './helpers.ts';

const OPERATOR_TOKEN = 'operator-token-for-guard-tests';
const ELSEWHERE = 'https://portal.example.net';
const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

let ctx: TestContext;
let user: TestUser;
let chatId: string;
beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_TOKEN } });
  user = await signUp(ctx.app);
  await makeStaff(ctx, user);
  const chat = await ctx.app.inject({ method: 'POST', url: '/api/support/chats', headers: { cookie: user.cookie }, payload: { initialMessage: 'hi' } });
  chatId = chat.json().chatId;
});
afterAll(async () => ctx.close());

/** One state-changing request of each route family, as a signed-in user's browser would send it. */
const families: [string, string, string, Record<string, unknown> | undefined, Record<string, string>?][] = [
  ['account', 'PATCH', '/api/me', { name: 'Mallory' }],
  ['content (deletion requests)', 'POST', '/api/account-deletion-requests', { email: 'x@example.com', reason: 'gone' }],
  ['support', 'POST', '/api/support/chats', { initialMessage: 'from elsewhere' }],
  ['billing: checkout', 'POST', '/api/checkout', { serviceId: 'x', cardId: 'y', idempotencyKey: 'k' }],
  ['billing: cards', 'POST', '/api/cards', { nonce: 'cnon:card-nonce-ok' }],
  ['subscriptions', 'POST', '/api/subscriptions/some-id/cancel', {}],
  ['onboarding', 'PUT', '/api/questionnaire/some-id', { answers: {} }],
  ['uploads (tus)', 'POST', '/api/uploads', undefined, { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': tusMetadata({ purpose: 'chat-image', targetId: 'x' }) }],
  ['staff', 'POST', '/api/staff/projects', { ownerEmail: 'x@example.com', projectName: 'P' }],
  ['sign-in (better-auth)', 'POST', '/api/auth/sign-out', {}],
];

describe('cross-site requests (issue 16 item 5)', () => {
  it.each(families)('refuses a %s write whose Origin is another site', async (_family, method, url, payload, headers) => {
    const res = await ctx.app.inject({ method: method as 'POST', url, payload, headers: { cookie: user.cookie, origin: ELSEWHERE, ...headers } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
  });

  it.each(['cross-site', 'same-site'])('refuses a write with no Origin but Sec-Fetch-Site: %s', async (site) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/support/chats', payload: { initialMessage: 'x' }, headers: { cookie: user.cookie, 'sec-fetch-site': site } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
  });

  it('decides an opaque origin (Origin: null, a form under Referrer-Policy no-referrer) by Sec-Fetch-Site', async () => {
    const post = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/support/chats', payload: { initialMessage: 'x' }, headers: { cookie: user.cookie, origin: 'null', ...headers } });
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post({})).statusCode).toBe(403);
  });

  it('takes writes from our own origin, and reads from anywhere', async () => {
    const ours = await ctx.app.inject({ method: 'POST', url: '/api/support/chats', payload: { initialMessage: 'ours' }, headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' } });
    expect(ours.statusCode).toBe(201);
    const read = await ctx.app.inject({ url: '/api/support/chats', headers: { cookie: user.cookie, origin: ELSEWHERE } });
    expect(read.statusCode).toBe(200);
  });

  it('takes a tus upload from our origin', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL, 'tus-resumable': '1.0.0', 'upload-length': '1000', 'upload-metadata': tusMetadata({ purpose: 'chat-image', targetId: chatId, filename: 'a.png', filetype: 'image/png' }) },
    });
    expect(res.statusCode).toBe(201);
  });

  it('takes requests without Origin or Sec-Fetch-Site (the operator CLI, servers)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/operator/account-deletion-requests', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const staff = await ctx.app.inject({ method: 'POST', url: '/api/operator/staff', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` }, payload: { email: 'ops@example.com' } });
    expect(staff.statusCode).toBe(200);
  });
});

describe('body types (issue 16 item 5)', () => {
  it.each([
    ['application/x-www-form-urlencoded', 'initialMessage=from+a+form'],
    ['text/plain', '{"initialMessage":"from a form"}'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="initialMessage"\r\n\r\nhi\r\n--x--\r\n'],
  ])('refuses %s on a JSON route with 415', async (type, payload) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/support/chats', payload, headers: { cookie: user.cookie, 'content-type': type } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toMatch(/^(UNSUPPORTED_MEDIA_TYPE|CTP_INVALID_MEDIA_TYPE)$/);
  });

  it('still parses the local Google stand-in HTML form', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/oidc/interaction/abc/login', payload: 'email=&name=', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter a name and a valid e-mail address.');
  });

  // The decision follows the route a request reaches, not the text of its address.
  it('parses the form on the route that takes it however its address is written', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/%6Fidc/interaction/abc/login', payload: 'email=&name=', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter a name and a valid e-mail address.');
  });

  it('refuses a form on a JSON route whose address mentions the stand-in', async () => {
    for (const url of ['/api/support/chats?next=/oidc/x', '/api/support/chats?/oidc/']) {
      const res = await ctx.app.inject({ method: 'POST', url, payload: 'initialMessage=from+a+form', headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' } });
      expect([res.statusCode, res.json().error.code], url).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    }
  });
});

describe('NUL characters (issue 16 item 4)', () => {
  const refused = async (request: InjectOptions) => {
    const res = await ctx.app.inject(request);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_CHARACTERS');
  };

  it('in a path parameter', () => refused({ url: '/api/support/chats/abc%00def', headers: { cookie: user.cookie } }));
  it('in a query', () => refused({ url: '/api/staff/projects?ownerId=a%00b', headers: { cookie: user.cookie } }));
  it('in a JSON field', () => refused({ method: 'POST', url: '/api/support/chats', payload: { initialMessage: 'a\u0000b' }, headers: { cookie: user.cookie } }));
  it('deep in a JSON body, or in a key', async () => {
    await refused({ method: 'PUT', url: '/api/questionnaire/x', payload: { answers: { q1: ['ok', 'b\u0000'] } }, headers: { cookie: user.cookie } });
    await refused({ method: 'PUT', url: '/api/questionnaire/x', payload: { answers: { 'q\u00001': 'ok' } }, headers: { cookie: user.cookie } });
  });
  it('in tus metadata', () =>
    refused({ method: 'POST', url: '/api/uploads', headers: { cookie: user.cookie, 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': tusMetadata({ purpose: 'chat-image', targetId: `${chatId}\u0000` }) } }));
  it("in better-auth's bodies (reset-password token, sign-in e-mail)", async () => {
    await refused({ method: 'POST', url: '/api/auth/reset-password', payload: { token: 'abc\u0000', newPassword: 'a-long-enough-secret' } });
    await refused({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'a\u0000@example.com', password: 'x' }, remoteAddress: nextAddress() });
  });
});

describe('trusted origins (issue 16 item 2)', () => {
  const signUpFrom = (app: TestContext['app'], origin: string, email = `lo-${Math.random().toString(36).slice(2)}@example.com`) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin, host: new URL(origin).host },
      payload: { name: 'Lo Calhost', email, phone: '555 000 1111', password: 'loopback-password-1' },
      remoteAddress: nextAddress(),
    });

  it('without PUBLIC_URL, trusts localhost and 127.0.0.1 on the port, each with a working session cookie', async () => {
    const local = await createTestApp({ env: { PUBLIC_URL: '', PORT: '1' } });
    try {
      for (const origin of ['http://localhost:1', 'http://127.0.0.1:1']) {
        const email = `lo-${Math.random().toString(36).slice(2)}@example.com`;
        const res = await signUpFrom(local.app, origin, email);
        expect(res.statusCode, res.body).toBe(200);
        const host = new URL(origin).host;
        const followed = await local.app.inject({ url: await verificationLink(local.app, email), headers: { host } });
        const me = await local.app.inject({ url: '/api/me', headers: { cookie: cookieHeader(followed.headers['set-cookie']), host } });
        expect(me.json().user.email).toBe(email);
      }
      const other = await signUpFrom(local.app, 'http://localhost:2');
      expect(other.statusCode).toBe(403);
      expect(other.json().error.message).toContain('PUBLIC_URL');
    } finally {
      await local.close();
    }
  });

  it('with PUBLIC_URL, refuses another origin with a message naming PUBLIC_URL', async () => {
    const res = await signUpFrom(ctx.app, 'http://127.0.0.1:1');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
    expect(res.json().error.message).toContain('PUBLIC_URL');
    expect(res.json().error.message).not.toContain('Invalid origin');
  });
});

describe('deeply nested JSON (issue 22 point 10)', () => {
  const nested = (depth: number, inner = '"x"') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
  const send = (body: string, url = '/api/support/chats') =>
    ctx.app.inject({ method: 'POST', url, payload: body, headers: { cookie: user.cookie, 'content-type': 'application/json' }, remoteAddress: nextAddress() });

  it('is refused with 400 TOO_DEEPLY_NESTED, never a 500, on our routes and on the sign-in ones', async () => {
    for (const url of ['/api/support/chats', '/api/auth/sign-in/email']) {
      for (const body of [nested(100_000), `{"initialMessage":${nested(100_000)}}`, `{"email":${nested(65, '{"a":"b"}')}}`]) {
        const res = await send(body, url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.code).toBe('TOO_DEEPLY_NESTED');
      }
    }
  });

  it('still reads a body nested less deeply, and finds a NUL deep in it', async () => {
    expect((await send(`{"initialMessage":${nested(60, '"a\\u0000b"')}}`)).json().error.code).toBe('INVALID_CHARACTERS');
    expect((await send(`{"initialMessage":${nested(60)}}`)).json().error.code).toBe('VALIDATION_ERROR');
  });
});
