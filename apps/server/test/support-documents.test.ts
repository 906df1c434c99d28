import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from './helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';
import { createUpload, fileBytes, uploadSmall } from './uploads-helpers.ts';

// PDF documents (up to 20 MB) can be sent both ways in a chat (issue 23 point 5): recognised by their `%PDF-`
// signature, never by their name or declared type, and always served as a download.
const now = new Date('2026-03-02T12:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
});
afterAll(async () => ctx.close());

/** A small PDF: the signature, then filler; what the server reads is the first bytes. */
const pdf = (size = 3000) => Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), Buffer.alloc(size, 0x20)]);
const documentOf = (chatId: string, filename: string) => ({ purpose: 'chat-document', targetId: chatId, filetype: 'application/pdf', filename });

describe('chat documents', () => {
  it('go both ways and download, with Content-Disposition: attachment, to the chat’s customer and staff only', async () => {
    const [owner, stranger] = [await signUp(ctx.app), await signUp(ctx.app)];
    const staff = await signUpStaff(ctx);
    const chatId = await createChat(ctx.app, owner);
    const bytes = pdf();
    const fromCustomer = await uploadSmall(ctx.app, owner.cookie, documentOf(chatId, 'Invoice March.pdf'), bytes);
    const sent = await call(ctx.app, owner, 'POST', `/api/support/chats/${chatId}/messages`, { messageType: 'document', uploadId: fromCustomer });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ messageType: 'document', document: `/api/files/${fromCustomer}`, image: null, video: null, textMessage: null, messengerType: 'user' });

    const fromStaff = await uploadSmall(ctx.app, staff.cookie, documentOf(chatId, 'guide.pdf'), pdf(500));
    const reply = await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/messages`, { messageType: 'document', uploadId: fromStaff });
    expect(reply.body).toMatchObject({ messageType: 'document', document: `/api/files/${fromStaff}`, messengerType: 'support' });
    const detail = await call(ctx.app, owner, 'GET', `/api/support/chats/${chatId}`);
    expect(detail.body.messages.map((m: { messageType: string }) => m.messageType)).toEqual(['text', 'document', 'document']);

    for (const [user, expected] of [[owner, 200], [staff, 200], [stranger, 404]] as const) {
      const res = await ctx.app.inject({ url: `/api/files/${fromCustomer}`, headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(expected);
      if (expected !== 200) continue;
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice_March.pdf"; filename*=UTF-8''Invoice_March.pdf`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('are recognised by their bytes: a renamed file that is not a PDF is refused and nothing is kept', async () => {
    const owner = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, owner);
    for (const bytes of [fileBytes('png', 2000), fileBytes('text', 2000), Buffer.from('<html><script>alert(1)</script>%PDF-1.7')]) {
      const res = await createUpload(ctx.app, owner.cookie, { ...documentOf(chatId, 'report.pdf'), length: bytes.length, body: bytes });
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().error.code).toBe('FILE_NOT_RECOGNISED');
    }
    expect(await ctx.database.sql.query(`SELECT id FROM uploads WHERE target_id = $1`, [chatId])).toEqual([]);
    // A PDF declared as something else is refused before any byte is stored; so is a PDF sent as an image.
    expect((await createUpload(ctx.app, owner.cookie, { ...documentOf(chatId, 'a.pdf'), filetype: 'application/octet-stream', length: 3000, body: pdf() })).statusCode).toBe(415);
    const asImage = await createUpload(ctx.app, owner.cookie, { purpose: 'chat-image', targetId: chatId, filetype: 'image/png', filename: 'a.png', length: pdf().length, body: pdf() });
    expect(asImage.statusCode).toBe(415);
  });

  it('may weigh 20 MB at most', async () => {
    const owner = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, owner);
    const tooLarge = await createUpload(ctx.app, owner.cookie, { ...documentOf(chatId, 'big.pdf'), length: 20 * 1024 * 1024 + 1 });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toEqual({ code: 'FILE_TOO_LARGE', message: 'PDF documents can be at most 20 MB.' });
    const atTheLimit = await createUpload(ctx.app, owner.cookie, { ...documentOf(chatId, 'big.pdf'), length: 20 * 1024 * 1024 });
    expect(atTheLimit.statusCode).toBe(201);
  });

  it('are refused as a message naming an image upload, and an image upload is refused as a document', async () => {
    const owner = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, owner);
    const imageId = await uploadSmall(ctx.app, owner.cookie, { purpose: 'chat-image', targetId: chatId, filetype: 'image/png' }, fileBytes('png', 1000));
    const documentId = await uploadSmall(ctx.app, owner.cookie, documentOf(chatId, 'x.pdf'), pdf());
    const asDocument = await call(ctx.app, owner, 'POST', `/api/support/chats/${chatId}/messages`, { messageType: 'document', uploadId: imageId });
    expect(asDocument.status).toBe(400);
    const asImage = await call(ctx.app, owner, 'POST', `/api/support/chats/${chatId}/messages`, { messageType: 'image', uploadId: documentId });
    expect(asImage.status).toBe(400);
  });
});
