import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListMultipartUploadsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../../scripts/s3-server.mjs';
import { buildApp } from '../src/app.ts';
import { incomingId, uploadStorage } from '../src/modules/uploads/storage.ts';
import type { UploadStorage } from '../src/modules/uploads/upload-storage.ts';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { createInstances, type Instances } from './instances-helpers.ts';
import { createUpload, fileBytes, headUpload, patchUpload } from './uploads-helpers.ts';

// S3 storage against a real S3-compatible server on loopback: OpenStack Swift's S3 API (scripts/s3-server.mjs,
// decision 0016), with the multipart uploads, ListParts and AbortMultipartUpload that tus appends, resumes and
// aborts with. Not a stand-in of our own.
const BUCKET = 'portal-test';
const MiB = 1024 * 1024;
const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
let server: S3Server;
let s3Env: Record<string, string>;
let ctx: TestContext;
let s3: S3Client;
let storage: UploadStorage;
let user: TestUser;

beforeAll(async () => {
  server = await startS3Server();
  await server.createBucket(BUCKET);
  s3Env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: server.endpoint,
    S3_REGION: server.region,
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    UPLOAD_MAX_IMAGE_BYTES: String(64 * MiB),
  };
  ctx = await createTestApp({ env: s3Env });
  s3 = new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
  storage = uploadStorage(ctx.config);
  user = await signUp(ctx.app);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  s3?.destroy();
  await server?.stop();
  rmSync(directory, { recursive: true, force: true });
});

const exists = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    () => false,
  );

/** An unfinished upload's bytes and tus bookkeeping as the tus store leaves them in the bucket. */
async function incomingObject(bytes: Buffer): Promise<{ uploadId: string; tusId: string }> {
  const uploadId = randomUUID();
  const tusId = incomingId(uploadId);
  await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: tusId, Body: bytes }));
  await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${tusId}.info`, Body: '{}' }));
  return { uploadId, tusId };
}

describe('S3 storage on an S3-compatible server', () => {
  it('reads an unfinished upload’s head, moves a finished one to its key, and serves it whole and by ranges', async () => {
    const bytes = fileBytes('png', 300 * 1024);
    const { uploadId, tusId } = await incomingObject(bytes);
    expect((await storage.readIncomingHead(tusId, 16)).equals(bytes.subarray(0, 16))).toBe(true);

    const key = `profile_pictures/${user.id}`;
    await storage.promote(tusId, key);
    expect(await exists(tusId)).toBe(false);
    expect(await exists(`${tusId}.info`)).toBe(false);
    expect(await storage.size(key)).toBe(bytes.length);
    await ctx.database.sql.query(
      `INSERT INTO uploads (id, user_id, purpose, target_id, storage_key, content_type, size, completed_at) VALUES ($1, $2, 'profile-picture', $2, $3, 'image/png', $4, now())`,
      [uploadId, user.id, key, bytes.length],
    );

    const get = (range?: string) => ctx.app.inject({ url: `/api/files/${uploadId}`, headers: { cookie: user.cookie, ...(range ? { range } : {}) } });
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    for (const [header, start, end] of [
      ['bytes=100-199', 100, 199],
      ['bytes=307000-', 307000, bytes.length - 1],
      ['bytes=-50', bytes.length - 50, bytes.length - 1],
    ] as const) {
      const part = await get(header);
      expect(part.statusCode, header).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(start, end + 1)), header).toBe(true);
    }
    expect((await get(`bytes=${bytes.length}-`)).statusCode).toBe(416);
  });

  it('a new file at a key replaces the old one', async () => {
    const key = `profile_pictures/replaced-${randomUUID()}`;
    const first = await incomingObject(fileBytes('png', 1000));
    await storage.promote(first.tusId, key);
    const second = fileBytes('png', 2000);
    await storage.promote((await incomingObject(second)).tusId, key);
    expect(await storage.size(key)).toBe(2000);
    const body = Buffer.from(await (await storage.read(key)).toArray().then((chunks) => Buffer.concat(chunks)));
    expect(body.equals(second)).toBe(true);
  });

  it('deletes an unfinished upload with its bookkeeping, and a second time changes nothing', async () => {
    const { tusId } = await incomingObject(fileBytes('png', 4000));
    await storage.discard(tusId);
    expect(await exists(tusId)).toBe(false);
    expect(await exists(`${tusId}.info`)).toBe(false);
    await expect(storage.discard(tusId)).resolves.toBeUndefined();
  });

  it('a tus upload starts in the bucket: the multipart upload and its bookkeeping are made there', async () => {
    const created = await createUpload(ctx.app, user.cookie, { purpose: 'profile-picture', targetId: user.id, filetype: 'image/png', length: 6000 });
    expect(created.statusCode).toBe(201);
    const tusId = incomingId(String(created.headers.location).split('/').pop()!);
    expect(await exists(`${tusId}.info`)).toBe(true);
  });

  it('stores a whole local file under a key (migrated files), replacing what was there', async () => {
    const local = path.join(directory, `local-${randomUUID()}.png`);
    const bytes = fileBytes('png', 40 * 1024);
    writeFileSync(local, bytes);
    const key = `profile_pictures/${randomUUID()}`;
    await storage.storeFile(key, local);
    expect(await storage.size(key)).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});

const multipartUploadsOf = async (tusId: string) =>
  (await s3.send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: tusId }))).Uploads ?? [];
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const storedBytes = async (key: string) => Buffer.concat(await (await storage.read(key)).toArray());
const picture = (owner: TestUser) => ({ purpose: 'profile-picture', targetId: owner.id, filetype: 'image/png', filename: 'me.png' });

describe('tus uploads on S3: appended, resumed, completed and aborted', () => {
  it('appends chunks, reports the offset to resume from, completes the multipart upload and serves the file', async () => {
    const owner = await signUp(ctx.app);
    const bytes = fileBytes('png', 13 * MiB);
    const created = await createUpload(ctx.app, owner.cookie, { ...picture(owner), length: bytes.length });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    const fileId = location.split('/').pop()!;
    const tusId = incomingId(fileId);
    const chunk = 3 * MiB;
    for (const offset of [0, chunk]) {
      expect((await patchUpload(ctx.app, owner.cookie, location, offset, bytes.subarray(offset, offset + chunk))).statusCode).toBe(204);
    }
    expect((await headUpload(ctx.app, owner.cookie, location)).headers['upload-offset']).toBe(String(2 * chunk));
    expect(await multipartUploadsOf(tusId)).toHaveLength(1);
    // A chunk at the wrong offset is refused and changes nothing.
    expect((await patchUpload(ctx.app, owner.cookie, location, 10, bytes.subarray(10, 20))).statusCode).toBe(409);
    for (let offset = 2 * chunk; offset < bytes.length; offset += chunk) {
      expect((await patchUpload(ctx.app, owner.cookie, location, offset, bytes.subarray(offset, offset + chunk))).statusCode).toBe(204);
    }

    expect(await multipartUploadsOf(tusId)).toHaveLength(0);
    expect(await exists(tusId)).toBe(false);
    const key = `profile_pictures/${owner.id}`;
    expect(await storage.size(key)).toBe(bytes.length);
    expect(digest(await storedBytes(key))).toBe(digest(bytes));
    const served = await ctx.app.inject({ url: `/api/files/${fileId}`, headers: { cookie: owner.cookie } });
    expect(served.statusCode).toBe(200);
    expect(digest(served.rawPayload)).toBe(digest(bytes));
    const part = await ctx.app.inject({ url: `/api/files/${fileId}`, headers: { cookie: owner.cookie, range: `bytes=${7 * MiB}-${7 * MiB + 99}` } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(7 * MiB, 7 * MiB + 100))).toBe(true);
    expect((await headUpload(ctx.app, owner.cookie, location)).headers['upload-offset']).toBe(String(bytes.length));
  }, 60_000);

  it('a cancelled upload (tus termination) aborts its multipart upload and leaves nothing in the bucket', async () => {
    const owner = await signUp(ctx.app);
    const bytes = fileBytes('png', 12 * MiB);
    const created = await createUpload(ctx.app, owner.cookie, { ...picture(owner), length: bytes.length });
    const location = String(created.headers.location);
    const tusId = incomingId(location.split('/').pop()!);
    expect((await patchUpload(ctx.app, owner.cookie, location, 0, bytes.subarray(0, 9 * MiB))).statusCode).toBe(204);
    expect(await multipartUploadsOf(tusId)).toHaveLength(1);

    const cancelled = await ctx.app.inject({ method: 'DELETE', url: location, headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0' } });
    expect(cancelled.statusCode).toBe(204);
    expect(await multipartUploadsOf(tusId)).toHaveLength(0);
    expect(await exists(`${tusId}.info`)).toBe(false);
    expect(await exists(`${tusId}.part`)).toBe(false);
    expect((await headUpload(ctx.app, owner.cookie, location)).statusCode).toBe(404);
  }, 60_000);

  it('discarding an abandoned upload aborts its multipart upload, and a second time changes nothing', async () => {
    const owner = await signUp(ctx.app);
    const created = await createUpload(ctx.app, owner.cookie, { ...picture(owner), length: 8 * MiB });
    const location = String(created.headers.location);
    const tusId = incomingId(location.split('/').pop()!);
    expect((await patchUpload(ctx.app, owner.cookie, location, 0, fileBytes('png', MiB))).statusCode).toBe(204);
    expect(await multipartUploadsOf(tusId)).toHaveLength(1);

    await storage.discard(tusId);
    expect(await multipartUploadsOf(tusId)).toHaveLength(0);
    expect(await exists(`${tusId}.info`)).toBe(false);
    expect(await exists(`${tusId}.part`)).toBe(false);
    await expect(storage.discard(tusId)).resolves.toBeUndefined();
  }, 60_000);

  it('an upload survives a server restart midway and completes from where it stopped', async () => {
    const owner = await signUp(ctx.app);
    const bytes = fileBytes('png', 20 * MiB);
    const start = async (port: number) => {
      const app = await buildApp({ config: ctx.config, database: ctx.database, serveWeb: false, logger: false });
      await app.listen({ port, host: '127.0.0.1' });
      return app;
    };
    let app: FastifyInstance = await start(0);
    const port = (app.server.address() as AddressInfo).port;
    const requests: Array<{ method: string; offset: number | null; afterRestart: boolean }> = [];
    let restarted = false;
    let restarting: Promise<void> | undefined;
    const restart = async () => {
      // A crash as far as the client can tell: the PATCH in flight is cut, then a new process listens on the port.
      app.server.closeAllConnections();
      await app.close();
      app = await start(port);
      restarted = true;
    };
    try {
      const fileId = await new Promise<string>((resolve, reject) => {
        const upload = new Upload(bytes, {
          endpoint: `http://127.0.0.1:${port}/api/uploads`,
          headers: { cookie: owner.cookie },
          metadata: { purpose: 'profile-picture', targetId: owner.id, filename: 'big.png', filetype: 'image/png' },
          chunkSize: 6 * MiB,
          retryDelays: [200, 500, 1000, 1000, 2000, 3000, 5000],
          storeFingerprintForResuming: false,
          onBeforeRequest: (req) => {
            const offset = req.getHeader('Upload-Offset');
            requests.push({ method: req.getMethod(), offset: offset ? Number(offset) : null, afterRestart: restarted });
          },
          onProgress: (sent) => {
            if (sent >= 8 * MiB && !restarting) restarting = restart();
          },
          onSuccess: () => resolve(upload.url!.split('/').pop()!),
          onError: reject,
        });
        upload.start();
      });
      expect(restarted).toBe(true);
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      expect(requests.some((r) => r.afterRestart && r.method === 'HEAD')).toBe(true);
      // It went on from what the bucket held: the first chunk at least, never from the start.
      const resumed = requests.filter((r) => r.afterRestart && r.method === 'PATCH');
      expect(resumed[0]!.offset).toBeGreaterThanOrEqual(6 * MiB);
      expect(digest(await storedBytes(`profile_pictures/${owner.id}`))).toBe(digest(bytes));
      const served = await app.inject({ url: `/api/files/${fileId}`, headers: { cookie: owner.cookie } });
      expect(digest(served.rawPayload)).toBe(digest(bytes));
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('one upload across instances sharing the bucket', () => {
  let portal: Instances;
  beforeAll(async () => {
    portal = await createInstances(2, { env: s3Env });
  });
  afterAll(async () => portal?.close());

  it('takes its chunks from the two instances in turn and is served by either', async () => {
    const [a, b] = portal.apps as [FastifyInstance, FastifyInstance];
    const owner = await signUp(a);
    const bytes = fileBytes('png', 15 * MiB);
    const created = await createUpload(a, owner.cookie, { ...picture(owner), length: bytes.length });
    const location = String(created.headers.location);
    const fileId = location.split('/').pop()!;
    expect((await patchUpload(a, owner.cookie, location, 0, bytes.subarray(0, 6 * MiB))).statusCode).toBe(204);
    expect((await headUpload(b, owner.cookie, location)).headers['upload-offset']).toBe(String(6 * MiB));
    expect((await patchUpload(b, owner.cookie, location, 6 * MiB, bytes.subarray(6 * MiB, 12 * MiB))).statusCode).toBe(204);
    const last = await patchUpload(a, owner.cookie, location, 12 * MiB, bytes.subarray(12 * MiB));
    expect(last.statusCode).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));
    for (const app of [a, b]) {
      const served = await app.inject({ url: `/api/files/${fileId}`, headers: { cookie: owner.cookie } });
      expect(served.statusCode).toBe(200);
      expect(digest(served.rawPayload)).toBe(digest(bytes));
    }
  }, 60_000);
});
