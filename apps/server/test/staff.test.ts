import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextAddress, setUpTwoFactor, signUp, startSignUp, type TestContext } from './helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';

const OPERATOR_TOKEN = 'operator-token-for-tests-0123';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_TOKEN } });
});
afterAll(async () => ctx.close());

const STAFF_ENDPOINTS: Array<['GET' | 'POST' | 'PATCH', string, unknown?]> = [
  ['GET', '/api/staff/chats'],
  ['GET', '/api/staff/chats/CHAT'],
  ['POST', '/api/staff/chats/CHAT/messages', { messageType: 'text', textMessage: 'hi' }],
  ['POST', '/api/staff/chats/CHAT/messages', { nonsense: true }],
  ['POST', '/api/staff/chats/CHAT/close'],
  ['POST', '/api/staff/chats/CHAT/reopen'],
  ['GET', '/api/staff/projects'],
  ['POST', '/api/staff/projects', { ownerId: 'x', projectName: 'p' }],
  ['PATCH', '/api/staff/projects/PROJECT', { releaseStatus: 'PUBLISHED' }],
];

describe('staff permissions', () => {
  it('answers 403 to a customer and 401 to a visitor on every staff endpoint, whatever the input', async () => {
    const customer = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, customer);
    for (const [method, path, body] of STAFF_ENDPOINTS) {
      const url = path.replace('CHAT', chatId).replace('PROJECT', 'p1');
      const asCustomer = await call(ctx.app, customer, method, url, body);
      expect(asCustomer.status, `${method} ${url}`).toBe(403);
      expect(asCustomer.body.error.code).toBe('FORBIDDEN');
      expect((await call(ctx.app, null, method, url, body)).status, `${method} ${url}`).toBe(401);
    }
    // Nothing happened to the chat.
    const chat = await call(ctx.app, customer, 'GET', `/api/support/chats/${chatId}`);
    expect(chat.body.status).toBe('OPEN');
    expect(chat.body.messages).toHaveLength(1);
  });
});

describe('staff and chats', () => {
  it('lists every chat with its customer, filters by status, replies as support, closes and reopens', async () => {
    const staff = await signUpStaff(ctx);
    const alice = await signUp(ctx.app, { name: 'Alice Customer' });
    const bob = await signUp(ctx.app);
    const aliceChat = await createChat(ctx.app, alice, 'Alice asks');
    const bobChat = await createChat(ctx.app, bob, 'Bob asks');

    const list = await call(ctx.app, staff, 'GET', '/api/staff/chats');
    expect(list.status).toBe(200);
    const ids = list.body.chats.map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([aliceChat, bobChat]));
    expect(list.body.chats.find((c: { id: string }) => c.id === aliceChat).customer).toEqual({ id: alice.id, name: 'Alice Customer', email: alice.email });

    const reply = await call(ctx.app, staff, 'POST', `/api/staff/chats/${aliceChat}/messages`, { messageType: 'text', textMessage: ' We are on it. ' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ messageType: 'text', textMessage: 'We are on it.', messengerType: 'support' });

    const closed = await call(ctx.app, staff, 'POST', `/api/staff/chats/${aliceChat}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: aliceChat, status: 'CLOSED', lastMessage: 'We are on it.', lastMessengerType: 'support' });
    const openOnly = await call(ctx.app, staff, 'GET', '/api/staff/chats?status=OPEN');
    expect(openOnly.body.chats.map((c: { id: string }) => c.id)).not.toContain(aliceChat);
    expect(openOnly.body.chats.map((c: { id: string }) => c.id)).toContain(bobChat);
    expect((await call(ctx.app, staff, 'GET', '/api/staff/chats?status=CLOSED')).body.chats.map((c: { id: string }) => c.id)).toEqual([aliceChat]);
    expect((await call(ctx.app, staff, 'GET', '/api/staff/chats?status=MAYBE')).status).toBe(400);

    const detail = await call(ctx.app, staff, 'GET', `/api/staff/chats/${aliceChat}`);
    expect(detail.body).toMatchObject({ status: 'CLOSED', customer: { id: alice.id } });
    expect(detail.body.messages.map((m: { textMessage: string }) => m.textMessage)).toEqual(['Alice asks', 'We are on it.']);
    expect((await call(ctx.app, alice, 'GET', '/api/support/chats')).body.chats[0].status).toBe('CLOSED');
  });

  it('takes no message in a closed chat from anyone until it is reopened', async () => {
    const staff = await signUpStaff(ctx);
    const owner = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, owner);
    const text = { messageType: 'text', textMessage: 'Still there?' };
    expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/close`)).status).toBe(200);
    // Closing twice is harmless.
    expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/close`)).body.status).toBe('CLOSED');

    const refused = await call(ctx.app, owner, 'POST', `/api/support/chats/${chatId}/messages`, text);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'CHAT_CLOSED', message: 'This conversation has been closed.' });
    expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/messages`, text)).status).toBe(409);

    expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/reopen`)).body.status).toBe('OPEN');
    expect((await call(ctx.app, owner, 'POST', `/api/support/chats/${chatId}/messages`, text)).status).toBe(201);
  });

  it('answers 404 for a chat that does not exist', async () => {
    const staff = await signUpStaff(ctx);
    expect((await call(ctx.app, staff, 'POST', '/api/staff/chats/nope/close')).status).toBe(404);
    expect((await call(ctx.app, staff, 'GET', '/api/staff/chats/nope')).status).toBe(404);
    expect((await call(ctx.app, staff, 'POST', '/api/staff/chats/nope/messages', { messageType: 'text', textMessage: 'x' })).status).toBe(404);
  });
});

describe('create-staff operator endpoint', () => {
  const operator = (payload: unknown, token = OPERATOR_TOKEN, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/operator/staff', payload: payload as object, remoteAddress, headers: { authorization: `Bearer ${token}` } });
  const signIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: nextAddress() });

  it('creates a staff account with a one-time generated password that signs in, and opens the console once its second factor is set up', async () => {
    const res = await operator({ email: 'New.Staff@Example.com' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: 'new.staff@example.com', created: true, temporaryPassword: expect.stringMatching(/^[A-Za-z0-9]{18}$/) });
    const signedIn = await signIn('new.staff@example.com', body.temporaryPassword);
    expect(signedIn.statusCode).toBe(200);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const me = await ctx.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ id: body.userId, role: 'admin', twoFactorEnabled: false });
    // The operator vouched for the address: the console never asks to verify it.
    expect((await ctx.app.inject({ url: '/api/me/security', headers: { cookie } })).json()).toMatchObject({ emailVerified: true });
    const refused = await ctx.app.inject({ url: '/api/staff/chats', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const staff = { id: body.userId, email: body.email, cookie };
    await setUpTwoFactor(ctx.app, staff, body.temporaryPassword);
    expect((await ctx.app.inject({ url: '/api/staff/chats', headers: { cookie: staff.cookie } })).statusCode).toBe(200);
  });

  it('sets a given password, and promotes an existing customer: signed out everywhere, Google links gone', async () => {
    expect((await operator({ email: 'chosen@example.com', password: 'chosen-password-1' })).json().temporaryPassword).toBeNull();
    expect((await signIn('chosen@example.com', 'chosen-password-1')).statusCode).toBe(200);

    // A verified customer keeps the password they chose; the session they had does not become staff.
    const customer = await signUp(ctx.app, { password: 'customer-password' });
    await ctx.database.sql.query('UPDATE users SET email_verified = true WHERE id = $1', [customer.id]);
    await ctx.database.sql.query(
      `INSERT INTO accounts (id, user_id, account_id, provider_id, created_at, updated_at) VALUES ($1, $2, 'google-subject', 'google', now(), now())`,
      [`google-${customer.id}`, customer.id],
    );
    const promoted = (await operator({ email: customer.email.toUpperCase() })).json();
    expect(promoted).toEqual({ userId: customer.id, email: customer.email, created: false, role: 'admin', temporaryPassword: null });
    expect((await call(ctx.app, customer, 'GET', '/api/staff/chats')).status).toBe(401);
    expect(await ctx.database.sql.query('SELECT provider_id FROM accounts WHERE user_id = $1', [customer.id])).toEqual([{ provider_id: 'credential' }]);
    const signedIn = await signIn(customer.email, 'customer-password');
    expect(signedIn.statusCode).toBe(200);
    const promotedUser = { ...customer, cookie: String(signedIn.headers['set-cookie']).split(';')[0]! };
    expect((await call(ctx.app, promotedUser, 'GET', '/api/staff/chats')).body.error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    await setUpTwoFactor(ctx.app, promotedUser, 'customer-password');
    expect((await call(ctx.app, promotedUser, 'GET', '/api/staff/chats')).status).toBe(200);
    expect((await signIn(customer.email, 'customer-password')).json().twoFactorRedirect).toBe(true);

    await operator({ email: customer.email, password: 'replaced-password' });
    expect((await signIn(customer.email, 'customer-password')).statusCode).toBe(401);
    expect((await signIn(customer.email, 'replaced-password')).json().twoFactorRedirect).toBe(true);
  });

  it('gives an unverified account a new password: whoever registered the address first never holds a staff password', async () => {
    // Registered, never verified (so never signed in): the operator's promotion makes the address verified.
    const squatter = await startSignUp(ctx.app, { password: 'squatter-password' });
    const promoted = (await operator({ email: squatter.email })).json();
    expect(promoted).toMatchObject({ created: false, temporaryPassword: expect.stringMatching(/^[A-Za-z0-9]{18}$/) });
    expect((await signIn(squatter.email, 'squatter-password')).statusCode).toBe(401);
    expect((await signIn(squatter.email, promoted.temporaryPassword)).statusCode).toBe(200);
    expect(await ctx.database.sql.query('SELECT email_verified FROM users WHERE email = $1', [squatter.email])).toEqual([{ email_verified: true }]);
  });

  it('answers 404 without the token or off loopback, and 400 to a bad e-mail', async () => {
    expect((await operator({ email: 'x@example.com' }, 'wrong-token-wrong-token-00')).statusCode).toBe(404);
    expect((await operator({ email: 'x@example.com' }, OPERATOR_TOKEN, '10.1.2.3')).statusCode).toBe(404);
    expect((await operator({ nonsense: 1 }, 'wrong-token-wrong-token-00')).statusCode).toBe(404);
    expect((await operator({ email: 'not-an-email' })).statusCode).toBe(400);
    expect((await operator({ email: 'short@example.com', password: 'short' })).statusCode).toBe(400);
  });
});

describe('API documentation', () => {
  it('documents the staff, support and project endpoints', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    for (const path of ['/api/staff/chats', '/api/staff/chats/{chatId}/messages', '/api/staff/chats/{chatId}/close', '/api/staff/chats/{chatId}/reopen', '/api/staff/projects', '/api/staff/projects/{projectId}', '/api/support/chats', '/api/support/chats/{chatId}/messages', '/api/projects', '/api/projects/{projectId}']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/staff/projects'].post.tags).toEqual(['staff']);
  });
});
