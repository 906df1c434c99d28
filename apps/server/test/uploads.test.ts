import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeStaff, signUp, type TestContext, type TestUser } from './helpers.ts';
import {
  createUpload,
  fileBytes,
  headUpload,
  patchUpload,
  uploadInChunks,
  uploadSmall,
} from './uploads-helpers.ts';
import { sanitizeFileName, type UploadPurpose, type UploadPurposes } from '../src/modules/uploads/purposes.ts';
import { portalModules } from '../src/app.ts';
import { getCompletedUpload } from '../src/modules/uploads/service.ts';

let ctx: TestContext;
let owner: TestUser;
let other: TestUser;
let staff: TestUser;

/** Two purposes of a module of the test's own, beside the portal's. */
const testPurposes: Record<string, UploadPurpose> = {
  'test-media': {
    kinds: ['image', 'video'],
    canUpload: async (_db, user, targetId) => targetId === `room-${user.id}`,
    canRead: async (_db, user) => user.email.startsWith('reader'),
    storageKey: (_user, targetId, fileName, now) =>
      `test_media/${targetId}/${now.getTime()}_${sanitizeFileName(fileName)}`,
  },
  'test-bad-key': {
    kinds: ['image'],
    canUpload: async () => true,
    canRead: async () => true,
    storageKey: (_user, _target, fileName) => `test/${fileName}`,
  },
};

beforeAll(async () => {
  ctx = await createTestApp({
    env: { UPLOAD_MAX_IMAGE_BYTES: String(300 * 1024), UPLOAD_MAX_VIDEO_BYTES: String(600 * 1024) },
    modules: [...portalModules, { name: 'test-uploads', routes: [], uploadPurposes: testPurposes as UploadPurposes }],
  });
  [owner, other, staff] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
  await makeStaff(ctx, staff);
});
afterAll(async () => ctx.close());

const profile = (user: TestUser) => ({
  purpose: 'profile-picture',
  targetId: user.id,
  filetype: 'image/png',
  filename: 'me.png',
});
const getFile = (cookie: string, id: string, query = '') =>
  ctx.app.inject({ url: `/api/files/${id}${query}`, headers: { cookie } });

describe('creating and finishing uploads', () => {
  it('takes a small file in the creation request and serves it with its type and nosniff', async () => {
    const bytes = fileBytes('png', 2000);
    const res = await createUpload(ctx.app, owner.cookie, {
      ...profile(owner),
      length: bytes.length,
      body: bytes,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['upload-offset']).toBe('2000');
    expect(res.headers.location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    const id = String(res.headers.location).split('/').pop()!;

    const file = await getFile(owner.cookie, id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBeUndefined();
    expect(file.rawPayload.equals(bytes)).toBe(true);

    const download = await getFile(owner.cookie, id, '?download=My%20photo.png');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="My photo.png"; filename*=UTF-8''My%20photo.png`,
    );
  });

  it('takes a larger file in chunks, reports the offset for resuming, and stores it under profile_pictures/{uid}', async () => {
    const bytes = fileBytes('jpeg', 200 * 1024);
    const created = await createUpload(ctx.app, owner.cookie, {
      ...profile(owner),
      filetype: 'image/jpeg',
      length: bytes.length,
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(
      (await patchUpload(ctx.app, owner.cookie, location, 0, bytes.subarray(0, 70_000))).statusCode,
    ).toBe(204);

    const head = await headUpload(ctx.app, owner.cookie, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('70000');
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    // Not readable before it is finished.
    const id = location.split('/').pop()!;
    expect((await getFile(owner.cookie, id)).statusCode).toBe(404);
    expect(await getCompletedUpload(ctx.app.db, id)).toBeNull();

    // A chunk at the wrong offset is refused without changing anything.
    expect((await patchUpload(ctx.app, owner.cookie, location, 10, bytes.subarray(10, 20))).statusCode).toBe(
      409,
    );
    const last = await patchUpload(ctx.app, owner.cookie, location, 70_000, bytes.subarray(70_000));
    expect(last.statusCode).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));

    const stored = path.join(ctx.config.dataDir, 'uploads', 'profile_pictures', owner.id);
    expect(readFileSync(stored).equals(bytes)).toBe(true);
    expect(existsSync(path.join(ctx.config.dataDir, 'uploads', 'incoming', id))).toBe(false);
    const completed = await getCompletedUpload(ctx.app.db, id);
    expect(completed).toMatchObject({
      id,
      userId: owner.id,
      purpose: 'profile-picture',
      targetId: owner.id,
      kind: 'image',
      contentType: 'image/jpeg',
      size: bytes.length,
      url: `/api/files/${id}`,
    });
    // A finished upload reports itself complete, so a client that lost the last answer does not start again.
    const again = await headUpload(ctx.app, owner.cookie, location);
    expect(again.headers['upload-offset']).toBe(String(bytes.length));
  });

  it('serves byte ranges (video seeking)', async () => {
    const bytes = fileBytes('png', 1000);
    const id = await uploadSmall(ctx.app, owner.cookie, profile(owner), bytes);
    const res = await ctx.app.inject({
      url: `/api/files/${id}`,
      headers: { cookie: owner.cookie, range: 'bytes=100-199' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const beyond = await ctx.app.inject({
      url: `/api/files/${id}`,
      headers: { cookie: owner.cookie, range: 'bytes=5000-' },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('cancels an unfinished upload (tus termination)', async () => {
    const created = await createUpload(ctx.app, owner.cookie, { ...profile(owner), length: 5000 });
    const location = String(created.headers.location);
    await patchUpload(ctx.app, owner.cookie, location, 0, fileBytes('png', 1000));
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: location,
      headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(res.statusCode).toBe(204);
    expect((await headUpload(ctx.app, owner.cookie, location)).statusCode).toBe(404);
  });
});

describe('upload rules', () => {
  it('requires a signed-in user', async () => {
    const res = await createUpload(ctx.app, '', { ...profile(owner), length: 10 });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ filetype: 'text/plain' }, 415, 'UNSUPPORTED_FILE_TYPE', 'Only images can be uploaded here.'],
    [{ filetype: 'video/mp4' }, 415, 'UNSUPPORTED_FILE_TYPE', 'Only images can be uploaded here.'],
    [{ filetype: 'image/svg+xml;x' }, 415, 'UNSUPPORTED_FILE_TYPE', 'Only images can be uploaded here.'],
    [{ length: 300 * 1024 + 1 }, 413, 'FILE_TOO_LARGE', 'Images can be at most 0.3 MB.'],
    [{ length: 0 }, 400, 'EMPTY_FILE', 'The file is empty.'],
    [{ purpose: 'nonsense' }, 400, 'UNKNOWN_PURPOSE', 'Say what the upload is for (purpose).'],
  ])('refuses %o at creation', async (override, status, code, message) => {
    const res = await createUpload(ctx.app, owner.cookie, { ...profile(owner), length: 100, ...override });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: { code, message } });
  });

  it('allows images and videos for a purpose that takes both, each with its own size cap', async () => {
    const media = { purpose: 'test-media', targetId: `room-${owner.id}`, filename: '../../etc/passwd' };
    const video = await uploadInChunks(
      ctx.app,
      owner.cookie,
      { ...media, filetype: 'video/mp4' },
      fileBytes('mp4', 500 * 1024),
      256 * 1024,
    );
    expect(video.response.statusCode).toBe(204);
    const completed = await getCompletedUpload(ctx.app.db, video.fileId!);
    expect(completed).toMatchObject({ kind: 'video', contentType: 'video/mp4' });
    // The client's file name is kept only as one sanitised segment, never as a path.
    const [row] = await ctx.database.sql.query<{ storage_key: string }>(
      `SELECT storage_key FROM uploads WHERE id = $1`,
      [video.fileId],
    );
    expect(row!.storage_key).toMatch(new RegExp(`^test_media/room-${owner.id}/[0-9]+_passwd$`));
    const tooBig = await createUpload(ctx.app, owner.cookie, {
      ...media,
      filetype: 'video/mp4',
      length: 600 * 1024 + 1,
    });
    expect(tooBig.json().error.message).toBe('Videos can be at most 0.6 MB.');
    const text = await createUpload(ctx.app, owner.cookie, {
      ...media,
      filetype: 'application/pdf',
      length: 10,
    });
    expect(text.json().error.message).toBe('Only images or videos can be uploaded here.');
  });

  it('refuses a storage key that is not made of plain names', async () => {
    const res = await createUpload(ctx.app, owner.cookie, {
      purpose: 'test-bad-key',
      targetId: 'x',
      filetype: 'image/png',
      filename: '..',
      length: 10,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_TARGET');
  });

  it('refuses a target the user does not own, as if it did not exist', async () => {
    const res = await createUpload(ctx.app, owner.cookie, { ...profile(other), length: 100 });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['text declared as an image', 'image/png', fileBytes('text', 4000)],
    ['a video declared as an image', 'image/png', fileBytes('mp4', 4000)],
  ])('discards %s once its bytes arrive', async (_name, filetype, bytes) => {
    const { response, fileId } = await uploadInChunks(
      ctx.app,
      owner.cookie,
      { ...profile(owner), filetype },
      bytes,
      1500,
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: { code: 'FILE_NOT_RECOGNISED', message: 'The file is not a valid image.' },
    });
    expect(await getCompletedUpload(ctx.app.db, fileId!)).toBeNull();
    expect((await getFile(owner.cookie, fileId!)).statusCode).toBe(404);
    expect(existsSync(path.join(ctx.config.dataDir, 'uploads', 'incoming', fileId!))).toBe(false);
  });

  it('discards a single-request upload whose bytes are not an image', async () => {
    const bytes = fileBytes('text', 300);
    const res = await createUpload(ctx.app, owner.cookie, {
      ...profile(owner),
      length: bytes.length,
      body: bytes,
    });
    expect(res.statusCode).toBe(415);
    const rows = await ctx.database.sql.query(
      `SELECT id FROM uploads WHERE user_id = $1 AND completed_at IS NULL AND size = 300`,
      [owner.id],
    );
    expect(rows).toEqual([]);
  });

  it("does not let another user resume, write to or cancel someone's upload", async () => {
    const created = await createUpload(ctx.app, owner.cookie, { ...profile(owner), length: 5000 });
    const location = String(created.headers.location);
    expect((await headUpload(ctx.app, other.cookie, location)).statusCode).toBe(404);
    expect((await patchUpload(ctx.app, other.cookie, location, 0, fileBytes('png', 100))).statusCode).toBe(
      404,
    );
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: location,
      headers: { cookie: other.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(del.statusCode).toBe(404);
    expect((await headUpload(ctx.app, owner.cookie, location)).headers['upload-offset']).toBe('0');
  });
});

describe('the upload a request acts on is the one its path names', () => {
  /** The victim's unfinished upload with 1000 bytes in, and the attacker's own fresh one. */
  async function twoUploads() {
    const theirs = await createUpload(ctx.app, owner.cookie, { ...profile(owner), length: 5000 });
    const victim = String(theirs.headers.location);
    await patchUpload(ctx.app, owner.cookie, victim, 0, fileBytes('png', 1000));
    const mine = await createUpload(ctx.app, other.cookie, { ...profile(other), length: 3000 });
    const attacker = String(mine.headers.location);
    return { victim, victimId: victim.split('/').pop()!, attacker };
  }
  const victimOffset = async (victim: string) =>
    (await headUpload(ctx.app, owner.cookie, victim)).headers['upload-offset'];

  it("HEAD with another user's upload id after the path (in the query) reads only one's own upload", async () => {
    const { victimId, attacker } = await twoUploads();
    const res = await headUpload(ctx.app, other.cookie, `${attacker}?x=/${victimId}`);
    expect(res.headers['upload-offset']).toBe('0');
    expect(res.headers['upload-length']).toBe('3000');
  });

  it("PATCH with another user's upload id in the query never writes to their upload", async () => {
    const { victim, victimId, attacker } = await twoUploads();
    // At the victim's offset: what tus would take if it acted on their upload.
    const res = await patchUpload(ctx.app, other.cookie, `${attacker}?x=/${victimId}`, 1000, fileBytes('png', 500));
    expect(res.statusCode).toBe(409);
    expect(await victimOffset(victim)).toBe('1000');
  });

  it("DELETE with another user's upload id in the query never drops their upload", async () => {
    const { victim, victimId, attacker } = await twoUploads();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${attacker}?x=/${victimId}`,
      headers: { cookie: other.cookie, 'tus-resumable': '1.0.0' },
    });
    // The attacker's own upload is what went.
    expect(res.statusCode).toBe(204);
    expect((await headUpload(ctx.app, other.cookie, attacker)).statusCode).toBe(404);
    expect(await victimOffset(victim)).toBe('1000');
  });

  it('an encoded ".." never reaches a file outside the unfinished uploads', async () => {
    const { attacker } = await twoUploads();
    // Upload-shaped files (bytes and tus's JSON beside them) outside incoming/, as tus would find them.
    const outside = path.join(ctx.config.dataDir, 'outside');
    writeFileSync(outside, 'not an upload');
    writeFileSync(`${outside}.json`, JSON.stringify({ id: 'outside', size: 5000, metadata: {} }));
    const call = (method: 'HEAD' | 'DELETE', url: string) =>
      ctx.app.inject({ method, url, headers: { cookie: other.cookie, 'tus-resumable': '1.0.0' } });

    expect((await call('HEAD', '/api/uploads/..%2F..%2Foutside')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/uploads/%2e%2e%2f%2e%2e%2foutside')).statusCode).toBe(404);
    const head = await call('HEAD', `${attacker}?x=/..%2F..%2Foutside`);
    expect(head.headers['upload-length']).toBe('3000');
    await call('DELETE', `${attacker}?x=/..%2F..%2Foutside`);
    expect(readFileSync(outside, 'utf8')).toBe('not an upload');
    expect(existsSync(`${outside}.json`)).toBe(true);
  });
});

describe('who can read a file', () => {
  it('is the uploader, staff, and whoever the purpose allows; nobody signed out', async () => {
    const id = await uploadSmall(ctx.app, owner.cookie, profile(owner), fileBytes('png', 500));
    expect((await getFile(owner.cookie, id)).statusCode).toBe(200);
    expect((await getFile(staff.cookie, id)).statusCode).toBe(200);
    expect((await getFile(other.cookie, id)).statusCode).toBe(404);
    expect((await getFile('', id)).statusCode).toBe(401);

    const media = await uploadSmall(
      ctx.app,
      owner.cookie,
      { purpose: 'test-media', targetId: `room-${owner.id}`, filetype: 'image/png', filename: 'a.png' },
      fileBytes('png', 500),
    );
    const reader = await signUp(ctx.app, { email: `reader-${Date.now()}@example.com` });
    expect((await getFile(reader.cookie, media)).statusCode).toBe(200);
    expect((await getFile(other.cookie, media)).statusCode).toBe(404);
  });
});
