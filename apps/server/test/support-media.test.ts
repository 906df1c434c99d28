import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from './helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';
import { createUpload, fileBytes, uploadSmall } from './uploads-helpers.ts';

const now = new Date('2026-03-02T12:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
});
afterAll(async () => ctx.close());

const image = fileBytes('png', 2048);
const video = fileBytes('mp4', 4096);
const storageKeyOf = async (id: string) =>
  (await ctx.database.sql.query<{ storage_key: string }>('SELECT storage_key FROM uploads WHERE id = $1', [id]))[0]!.storage_key;

describe('chat media', () => {
  it('sends an image and a video uploaded for the chat; their URLs serve the file to the owner and staff only', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const staff = await signUpStaff(ctx);
    const chatId = await createChat(ctx.app, owner);
    const imageId = await uploadSmall(ctx.app, owner.cookie, { purpose: 'chat-image', targetId: chatId, filetype: 'image/png', filename: 'My Screen shot (1).png' }, image);
    expect(await storageKeyOf(imageId)).toBe(`chat_images/${chatId}/${now.getTime()}_My_Screen_shot_1_.png`);
    const videoId = await uploadSmall(ctx.app, staff.cookie, { purpose: 'chat-video', targetId: chatId, filetype: 'video/mp4', filename: 'how-to.mp4' }, video);
    expect(await storageKeyOf(videoId)).toBe(`chat_videos/${chatId}/${now.getTime()}_how-to.mp4`);

    const sentImage = await call(ctx.app, owner, 'POST', `/api/support/chats/${chatId}/messages`, { messageType: 'image', uploadId: imageId });
    expect(sentImage.status).toBe(201);
    expect(sentImage.body).toMatchObject({ messageType: 'image', textMessage: null, image: `/api/files/${imageId}`, video: null, messengerType: 'user' });
    const sentVideo = await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/messages`, { messageType: 'video', uploadId: videoId });
    expect(sentVideo.body).toMatchObject({ messageType: 'video', image: null, video: `/api/files/${videoId}`, messengerType: 'support' });

    const list = await call(ctx.app, owner, 'GET', '/api/support/chats');
    expect(list.body.chats[0]).toMatchObject({ lastMessage: 'Media message', lastMessengerType: 'support' });
    const detail = await call(ctx.app, owner, 'GET', `/api/support/chats/${chatId}`);
    expect(detail.body.messages.map((m: { messageType: string }) => m.messageType)).toEqual(['text', 'image', 'video']);

    for (const [user, expected] of [[owner, 200], [staff, 200], [stranger, 404]] as const) {
      const res = await ctx.app.inject({ url: `/api/files/${videoId}`, headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(expected);
      if (expected === 200) expect(res.rawPayload.equals(video)).toBe(true);
    }
  });

  it('refuses uploads to a chat of someone else, a closed chat, or of the wrong kind', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const staff = await signUpStaff(ctx);
    const chatId = await createChat(ctx.app, owner);
    const start = (cookie: string, purpose: string, filetype: string) =>
      createUpload(ctx.app, cookie, { purpose, targetId: chatId, filetype, filename: 'x', length: image.length, body: image });

    expect((await start(stranger.cookie, 'chat-image', 'image/png')).statusCode).toBe(404);
    expect((await start(owner.cookie, 'chat-image', 'video/mp4')).statusCode).toBe(415);
    expect((await start(owner.cookie, 'chat-video', 'image/png')).statusCode).toBe(415);
    expect((await start(owner.cookie, 'chat-image', 'application/pdf')).statusCode).toBe(415);
    await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/close`);
    expect((await start(owner.cookie, 'chat-image', 'image/png')).statusCode).toBe(404);
  });

  it('refuses a media message naming an upload of another chat, another purpose, another person, or unfinished', async () => {
    const owner = await signUp(ctx.app);
    const staff = await signUpStaff(ctx);
    const chatId = await createChat(ctx.app, owner);
    const otherChat = await createChat(ctx.app, owner);
    const elsewhere = await uploadSmall(ctx.app, owner.cookie, { purpose: 'chat-image', targetId: otherChat, filetype: 'image/png' }, image);
    const aVideo = await uploadSmall(ctx.app, owner.cookie, { purpose: 'chat-video', targetId: chatId, filetype: 'video/mp4' }, video);
    const staffImage = await uploadSmall(ctx.app, staff.cookie, { purpose: 'chat-image', targetId: chatId, filetype: 'image/png' }, image);
    const started = await createUpload(ctx.app, owner.cookie, { purpose: 'chat-image', targetId: chatId, filetype: 'image/png', length: image.length });
    const unfinished = String(started.headers.location).split('/').pop()!;

    for (const body of [
      { messageType: 'image', uploadId: elsewhere },
      { messageType: 'image', uploadId: aVideo },
      { messageType: 'image', uploadId: staffImage },
      { messageType: 'image', uploadId: unfinished },
    ]) {
      const res = await call(ctx.app, owner, 'POST', `/api/support/chats/${chatId}/messages`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('UPLOAD_NOT_FOUND');
    }
    expect((await call(ctx.app, owner, 'GET', `/api/support/chats/${chatId}`)).body.messages).toHaveLength(1);
  });
});
