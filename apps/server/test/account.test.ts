import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { createUpload, fileBytes, insertSubscription, uploadSmall } from './uploads-helpers.ts';
import { insertQuestions } from './onboarding-helpers.ts';

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  user = await signUp(ctx.app, { name: 'Ada Lovelace', phone: '+1 555 123 4567' });
});
afterAll(async () => ctx.close());

const me = async (u: TestUser) =>
  (await ctx.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).json().user;
const patchProfile = (u: TestUser, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: u.cookie }, payload });
const setPhoto = (u: TestUser, fileId: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/me/photo', headers: { cookie: u.cookie }, payload: { fileId } });

describe('profile', () => {
  it('changes the name and phone; the e-mail stays', async () => {
    const res = await patchProfile(user, { name: '  Ada King ', phone: '+44 20 7946 0000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ada King', phone: '+44 20 7946 0000', email: user.email });
    expect(await me(user)).toMatchObject({ name: 'Ada King', phone: '+44 20 7946 0000' });
  });

  it('requires a phone number, as sign-up does', async () => {
    const res = await patchProfile(user, { name: 'Ada King', phone: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'phone: Phone Number is required.' });
    expect(await me(user)).toMatchObject({ phone: '+44 20 7946 0000' });
  });

  it.each([
    [{ name: ' ', phone: '555 010 0000' }, 'name: Full Name is required.'],
    [{ name: 'Ada', phone: 'call me' }, 'phone: Please enter a valid phone number.'],
    [{ name: 'x'.repeat(121), phone: '555 010 0000' }, 'name: Full Name must be at most 120 characters.'],
  ])('refuses %o', async (payload, message) => {
    const res = await patchProfile(user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message });
  });

  it('needs a session', async () => {
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: '/api/me', payload: { name: 'X', phone: '555 010 0000' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('profile photo', () => {
  it('becomes the uploaded profile picture, shown by /api/me at once', async () => {
    const fileId = await uploadSmall(
      ctx.app,
      user.cookie,
      { purpose: 'profile-picture', targetId: user.id, filetype: 'image/png', filename: 'me.png' },
      fileBytes('png', 1200),
    );
    const res = await setPhoto(user, fileId);
    expect(res.statusCode).toBe(200);
    expect(res.json().profileImageUrl).toBe(`/api/files/${fileId}`);
    expect((await me(user)).profileImageUrl).toBe(`/api/files/${fileId}`);
    const image = await ctx.app.inject({ url: `/api/files/${fileId}`, headers: { cookie: user.cookie } });
    expect(image.headers['content-type']).toBe('image/png');
  });

  it("refuses someone else's upload, an upload for another purpose, and a missing one", async () => {
    const other = await signUp(ctx.app);
    const theirs = await uploadSmall(
      ctx.app,
      other.cookie,
      { purpose: 'profile-picture', targetId: other.id, filetype: 'image/png' },
      fileBytes('png', 500),
    );
    await insertQuestions(ctx);
    const sub = await insertSubscription(ctx, user.id);
    const logo = await uploadSmall(
      ctx.app,
      user.cookie,
      { purpose: 'questionnaire-image', targetId: `${sub}/q-logo`, filetype: 'image/png' },
      fileBytes('png', 500),
    );
    for (const fileId of [theirs, logo, 'missing']) {
      const res = await setPhoto(user, fileId);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('UPLOAD_NOT_FOUND');
    }
  });

  it.each([
    // Too big is refused on the size it declares, before any byte is sent.
    ['too big', { filetype: 'image/png', length: 20 * 1024 * 1024 + 1 }, 413, 'FILE_TOO_LARGE', 'Images can be at most 20 MB.'],
    ['not an image type', { filetype: 'text/plain', length: 500, body: fileBytes('text', 500) }, 415, 'UNSUPPORTED_FILE_TYPE', 'Only images can be uploaded here.'],
    ['not image bytes', { filetype: 'image/png', length: 500, body: fileBytes('text', 500) }, 415, 'FILE_NOT_RECOGNISED', 'The file is not a valid image.'],
  ])('refuses a photo that is %s with a stable code and words, and keeps the photo', async (_, file, status, code, message) => {
    const owner = await signUp(ctx.app);
    const res = await createUpload(ctx.app, owner.cookie, { purpose: 'profile-picture', targetId: owner.id, ...file });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toEqual({ code, message });
    expect((await me(owner)).profileImageUrl).toBeNull();
  });

  it('is removed: the profile forgets it and its file is gone', async () => {
    const owner = await signUp(ctx.app);
    const fileId = await uploadSmall(ctx.app, owner.cookie, { purpose: 'profile-picture', targetId: owner.id, filetype: 'image/png' }, fileBytes('png', 800));
    expect((await setPhoto(owner, fileId)).statusCode).toBe(200);

    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/me/photo', headers: { cookie: owner.cookie } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().profileImageUrl).toBeNull();
    expect((await me(owner)).profileImageUrl).toBeNull();
    expect((await ctx.app.inject({ url: `/api/files/${fileId}`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect(await ctx.database.sql.query('SELECT id FROM uploads WHERE id = $1', [fileId])).toEqual([]);
    // Removing it again changes nothing and is no error.
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/me/photo', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
  });

  it("removes only the signed-in user's own photo", async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const fileId = await uploadSmall(ctx.app, owner.cookie, { purpose: 'profile-picture', targetId: owner.id, filetype: 'image/png' }, fileBytes('png', 800));
    await setPhoto(owner, fileId);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/me/photo', headers: { cookie: other.cookie } })).statusCode).toBe(200);
    expect((await me(owner)).profileImageUrl).toBe(`/api/files/${fileId}`);
    expect((await ctx.app.inject({ url: `/api/files/${fileId}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
  });
});
