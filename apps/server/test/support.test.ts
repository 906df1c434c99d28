import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_REASONS } from '@portal/contracts/support';
import { createTestApp, signUp, type TestContext } from './helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';

let now = new Date('2026-03-01T10:00:00Z');
const tick = (ms = 60_000) => (now = new Date(now.getTime() + ms));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
});
afterAll(async () => ctx.close());

describe('creating a chat', () => {
  it('stores the reason and the first message, sent by the user, with status OPEN', async () => {
    const user = await signUp(ctx.app);
    const created = await call(ctx.app, user, 'POST', '/api/support/chats', { reason: 'Billing & Payments', initialMessage: '  My card was charged twice.  ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ success: true, chatId: expect.any(String) });

    const chat = await call(ctx.app, user, 'GET', `/api/support/chats/${created.body.chatId}`);
    expect(chat.status).toBe(200);
    expect(chat.body).toMatchObject({ id: created.body.chatId, reason: 'Billing & Payments', status: 'OPEN', createdTimestamp: now.getTime() });
    expect(chat.body.messages).toEqual([
      {
        id: expect.any(String),
        messageType: 'text',
        textMessage: 'My card was charged twice.',
        image: null,
        video: null,
        document: null,
        messengerType: 'user',
        sentTimestamp: now.getTime(),
      },
    ]);
  });

  it('defaults the reason to General Inquiry and accepts each of the eight reasons', async () => {
    const user = await signUp(ctx.app);
    const chatId = await call(ctx.app, user, 'POST', '/api/support/chats', { initialMessage: 'Hi' });
    expect((await call(ctx.app, user, 'GET', `/api/support/chats/${chatId.body.chatId}`)).body.reason).toBe('General Inquiry');
    for (const reason of SUPPORT_REASONS) expect((await call(ctx.app, user, 'POST', '/api/support/chats', { reason, initialMessage: 'x' })).status).toBe(201);
  });

  it.each([
    [{ initialMessage: '   ' }, 'initialMessage: Please provide a message.'],
    [{ initialMessage: '' }, 'initialMessage: Please provide a message.'],
    [{}, undefined],
    [{ reason: 'Gossip', initialMessage: 'hi' }, undefined],
    [{ initialMessage: 'x'.repeat(5001) }, undefined],
  ])('refuses %o with 400', async (payload, message) => {
    const user = await signUp(ctx.app);
    const res = await call(ctx.app, user, 'POST', '/api/support/chats', payload);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    if (message) expect(res.body.error.message).toBe(message);
  });

  it('needs a signed-in user', async () => {
    expect((await call(ctx.app, null, 'POST', '/api/support/chats', { initialMessage: 'hi' })).status).toBe(401);
    expect((await call(ctx.app, null, 'GET', '/api/support/chats')).status).toBe(401);
  });
});

describe('the chat list', () => {
  it('shows only the user\'s chats, most recent activity first, with the last message or "Media message"', async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const older = await createChat(ctx.app, user, 'First chat', 'Bug Report');
    tick();
    const newer = await createChat(ctx.app, user, 'Second chat', 'Other');
    await createChat(ctx.app, other, 'Not yours');
    tick();
    // A reply in the older chat makes it the most recent.
    expect((await call(ctx.app, user, 'POST', `/api/support/chats/${older}/messages`, { messageType: 'text', textMessage: ' Any news? ' })).status).toBe(201);

    const list = await call(ctx.app, user, 'GET', '/api/support/chats');
    expect(list.status).toBe(200);
    expect(list.body.chats.map((c: { id: string }) => c.id)).toEqual([older, newer]);
    expect(list.body.chats[0]).toMatchObject({ reason: 'Bug Report', status: 'OPEN', lastMessage: 'Any news?', lastMessengerType: 'user', lastActivityTimestamp: now.getTime() });
    expect(list.body.chats[1]).toMatchObject({ reason: 'Other', lastMessage: 'Second chat' });
  });
});

describe('access', () => {
  it('answers 404 to another customer reading or writing a chat, and lets its owner and staff do both', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const staff = await signUpStaff(ctx);
    const chatId = await createChat(ctx.app, owner);
    const text = { messageType: 'text', textMessage: 'hello' };

    expect((await call(ctx.app, stranger, 'GET', `/api/support/chats/${chatId}`)).status).toBe(404);
    const write = await call(ctx.app, stranger, 'POST', `/api/support/chats/${chatId}/messages`, text);
    expect(write.status).toBe(404);
    expect(write.body.error.code).toBe('NOT_FOUND');
    expect((await call(ctx.app, stranger, 'GET', '/api/support/chats')).body.chats).toEqual([]);
    expect((await call(ctx.app, owner, 'GET', '/api/support/chats/no-such-chat')).status).toBe(404);

    expect((await call(ctx.app, staff, 'GET', `/api/support/chats/${chatId}`)).status).toBe(200);
    const reply = await call(ctx.app, staff, 'POST', `/api/support/chats/${chatId}/messages`, text);
    expect(reply.status).toBe(201);
    expect(reply.body.messengerType).toBe('support');
    const messages = (await call(ctx.app, owner, 'GET', `/api/support/chats/${chatId}`)).body.messages;
    expect(messages.map((m: { messengerType: string }) => m.messengerType)).toEqual(['user', 'support']);
  });
});

describe('messages', () => {
  it('are trimmed, must not be blank, and come back oldest first even within one millisecond', async () => {
    const user = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, user, 'one');
    for (const textMessage of ['two', 'three', 'four']) {
      expect((await call(ctx.app, user, 'POST', `/api/support/chats/${chatId}/messages`, { messageType: 'text', textMessage })).status).toBe(201);
    }
    const blank = await call(ctx.app, user, 'POST', `/api/support/chats/${chatId}/messages`, { messageType: 'text', textMessage: ' \n ' });
    expect(blank.status).toBe(400);
    const detail = await call(ctx.app, user, 'GET', `/api/support/chats/${chatId}`);
    expect(detail.body.messages.map((m: { textMessage: string }) => m.textMessage)).toEqual(['one', 'two', 'three', 'four']);
  });

  it.each([
    [{ messageType: 'audio', textMessage: 'x' }],
    [{ messageType: 'text' }],
    [{ messageType: 'image' }],
    [{ messageType: 'video', uploadId: '' }],
    [{ messageType: 'image', imageUrl: 'https://example.com/cat.jpg' }],
  ])('refuses the malformed message %o with 400', async (payload) => {
    const user = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, user);
    expect((await call(ctx.app, user, 'POST', `/api/support/chats/${chatId}/messages`, payload)).status).toBe(400);
  });

  it('refuses an image or video that was not uploaded for this chat', async () => {
    const user = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, user);
    const res = await call(ctx.app, user, 'POST', `/api/support/chats/${chatId}/messages`, { messageType: 'image', uploadId: 'not-an-upload' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('UPLOAD_NOT_FOUND');
  });
});
