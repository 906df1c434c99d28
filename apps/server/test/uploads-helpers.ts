import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TestContext } from './helpers.ts';

/** A PNG's signature, its IHDR chunk (1x1, RGBA) and the start of its IDAT chunk: what a sniffer reads of one. */
const PNG_HEAD = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
  Buffer.from([0x1f, 0x15, 0xc4, 0x89]),
  Buffer.from([0, 0, 0x40, 0]),
  Buffer.from('IDAT'),
]);

/** Bytes that start like a real file of that kind, padded to `size` (the server checks the head only). */
export function fileBytes(kind: 'png' | 'jpeg' | 'mp4' | 'text', size: number): Buffer {
  const signatures = {
    png: PNG_HEAD,
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]),
    text: Buffer.from('hello, this is plain text and not a picture at all '),
  };
  const head = signatures[kind];
  return Buffer.concat([
    head,
    kind === 'text'
      ? Buffer.alloc(Math.max(0, size - head.length), 'a')
      : randomBytes(Math.max(0, size - head.length)),
  ]).subarray(0, size);
}

const encode = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

export interface UploadRequest {
  purpose: string;
  targetId: string;
  filetype: string;
  filename?: string;
  length: number;
  /** Sent with the creation request (tus creation-with-upload). */
  body?: Buffer;
}

export function createUpload(app: FastifyInstance, cookie: string, upload: UploadRequest) {
  const headers: Record<string, string> = {
    cookie,
    'tus-resumable': '1.0.0',
    'upload-length': String(upload.length),
    'upload-metadata': encode({
      purpose: upload.purpose,
      targetId: upload.targetId,
      filetype: upload.filetype,
      filename: upload.filename ?? 'file.bin',
    }),
  };
  if (upload.body) headers['content-type'] = 'application/offset+octet-stream';
  return app.inject({ method: 'POST', url: '/api/uploads', headers, payload: upload.body });
}

export function patchUpload(
  app: FastifyInstance,
  cookie: string,
  location: string,
  offset: number,
  bytes: Buffer,
) {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

export function headUpload(app: FastifyInstance, cookie: string, location: string) {
  return app.inject({ method: 'HEAD', url: location, headers: { cookie, 'tus-resumable': '1.0.0' } });
}

/** Uploads a whole file in chunks of `chunk` bytes; returns the last response and the file id. */
export async function uploadInChunks(
  app: FastifyInstance,
  cookie: string,
  upload: Omit<UploadRequest, 'length' | 'body'>,
  bytes: Buffer,
  chunk = 64 * 1024,
) {
  const created = await createUpload(app, cookie, { ...upload, length: bytes.length });
  if (created.statusCode !== 201) return { response: created, fileId: null };
  const location = String(created.headers.location);
  let response = created;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    response = await patchUpload(app, cookie, location, offset, bytes.subarray(offset, offset + chunk));
    if (response.statusCode !== 204) break;
  }
  return { response, fileId: location.split('/').pop()!, location };
}

/** Uploads a small file in the creation request; returns the file id, or throws with the server's answer. */
export async function uploadSmall(
  app: FastifyInstance,
  cookie: string,
  upload: Omit<UploadRequest, 'length' | 'body'>,
  bytes: Buffer,
): Promise<string> {
  const res = await createUpload(app, cookie, { ...upload, length: bytes.length, body: bytes });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return String(res.headers.location).split('/').pop()!;
}

/** An ACTIVE (or given status) subscription of the user, straight into the database. */
export async function insertSubscription(
  ctx: TestContext,
  userId: string,
  status = 'ACTIVE',
  title = 'Starter',
): Promise<string> {
  const id = randomUUID();
  await ctx.database.sql.query(
    `INSERT INTO subscriptions (id, user_id, status, service_id, service_title, price, amount, recurring, start_date, due_date)
     VALUES ($1, $2, $3, 'svc-starter', $4, '49.99', 4999, 'month', now(), now() + interval '30 days')`,
    [id, userId, status, title],
  );
  return id;
}
