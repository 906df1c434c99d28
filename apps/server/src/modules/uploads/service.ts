import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_CONTENT_TYPE, DOCUMENT_MAX_BYTES, fileUrl, type UploadKind, type UploadMetadata } from '@portal/contracts/uploads';
import { actsAsStaff, type SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import { isSafeStorageKey } from './purposes.ts';
import * as repo from './repository.ts';
import type { UploadRow } from './schema.ts';
import { sniff, SNIFF_BYTES } from './sniff.ts';
import { incomingId, uploadStorage } from './storage.ts';

const KIND_NAMES: Record<UploadKind, string> = { image: 'images', video: 'videos', document: 'PDF documents' };

export const kindOfType = (contentType: string): UploadKind | null =>
  contentType.startsWith('image/') ? 'image' : contentType.startsWith('video/') ? 'video' : contentType === DOCUMENT_CONTENT_TYPE ? 'document' : null;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export function sizeCap(config: FastifyInstance['config'], kind: UploadKind): number {
  return kind === 'image' ? config.UPLOAD_MAX_IMAGE_BYTES : kind === 'video' ? config.UPLOAD_MAX_VIDEO_BYTES : DOCUMENT_MAX_BYTES;
}

/**
 * Checks a new upload before any byte is stored: a known purpose, a declared type the purpose takes, a size
 * within the cap of that kind, and a target the user may upload to. Records it with a storage key made here.
 */
export async function beginUpload(
  app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'uploadPurposes'>,
  user: SessionUser,
  metadata: Partial<UploadMetadata>,
  declaredLength: string | undefined,
): Promise<UploadRow> {
  const purpose = metadata.purpose ? app.uploadPurposes.get(metadata.purpose) : undefined;
  if (!purpose) throw badRequest('UNKNOWN_PURPOSE', 'Say what the upload is for (purpose).');
  const targetId = metadata.targetId ?? '';
  if (!targetId || targetId.length > 300)
    throw badRequest('TARGET_REQUIRED', 'Say what the upload belongs to (targetId).');
  if (!declaredLength || !/^\d{1,15}$/.test(declaredLength)) {
    throw badRequest(
      'UPLOAD_LENGTH_REQUIRED',
      'The file size (Upload-Length) must be given when the upload starts.',
    );
  }
  const size = Number(declaredLength);
  if (size === 0) throw badRequest('EMPTY_FILE', 'The file is empty.');

  const contentType = (metadata.filetype ?? '').toLowerCase().trim();
  const kind = kindOfType(contentType);
  if (!kind || !purpose.kinds.includes(kind) || !/^[a-z]+\/[a-z0-9.+-]{1,100}$/.test(contentType)) {
    const allowed = purpose.kinds.map((k) => KIND_NAMES[k]).join(' or ');
    throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', `Only ${allowed} can be uploaded here.`);
  }
  const cap = sizeCap(app.config, kind);
  if (size > cap)
    throw new AppError(
      413,
      'FILE_TOO_LARGE',
      `${KIND_NAMES[kind][0]!.toUpperCase()}${KIND_NAMES[kind].slice(1)} can be at most ${megabytes(cap)}.`,
    );

  if (!(await purpose.canUpload(app.db, user, targetId))) throw notFound('Nothing to upload to was found.');

  const now = app.clock();
  const storageKey = purpose.storageKey(user, targetId, metadata.filename ?? '', now);
  if (!isSafeStorageKey(storageKey)) throw badRequest('INVALID_TARGET', 'That upload target is not valid.');

  const row: repo.NewUpload = {
    id: randomUUID(),
    userId: user.id,
    purpose: metadata.purpose!,
    targetId,
    storageKey,
    contentType,
    size,
    createdAt: now,
  };
  await repo.insertUpload(app.db, row);
  return { ...row, completedAt: null };
}

const finishing = new Map<string, Promise<UploadRow>>();

/**
 * Ends an upload whose bytes have all arrived: the bytes must really be a file of the declared kind (checked on
 * its signature), else the upload is discarded. A checked file moves to its storage key and becomes readable.
 * Runs once per upload even when the last PATCH and a HEAD ask at the same time.
 */
export function finishUpload(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'uploadPurposes'>, uploadId: string): Promise<UploadRow> {
  let running = finishing.get(uploadId);
  if (!running) {
    running = verifyAndStore(app, uploadId).finally(() => finishing.delete(uploadId));
    finishing.set(uploadId, running);
  }
  return running;
}

async function verifyAndStore(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'uploadPurposes'>, uploadId: string): Promise<UploadRow> {
  const row = await repo.findUpload(app.db, uploadId);
  if (!row) throw notFound('That upload was not found.');
  if (row.completedAt) return row;
  const storage = uploadStorage(app.config);
  const tusId = incomingId(uploadId);
  const found = await sniff(await storage.readIncomingHead(tusId, SNIFF_BYTES));
  const declared = kindOfType(row.contentType);
  const allowedKinds = app.uploadPurposes.get(row.purpose)?.kinds ?? [];
  if (!found || found.kind !== declared || !allowedKinds.includes(found.kind)) {
    await storage.discard(tusId);
    await repo.deleteUpload(app.db, uploadId);
    throw new AppError(415, 'FILE_NOT_RECOGNISED', `The file is not a valid ${declared ?? 'file'}.`);
  }
  await storage.promote(tusId, row.storageKey);
  return repo.markCompleted(app.db, uploadId, found.mime, app.clock());
}

/** Gives up an unfinished upload: its bytes and its record go. */
export async function abandonUpload(app: Pick<FastifyInstance, 'config' | 'db'>, uploadId: string): Promise<void> {
  await uploadStorage(app.config).discard(incomingId(uploadId));
  await repo.deleteUpload(app.db, uploadId);
}

export interface CompletedUpload {
  id: string;
  userId: string;
  purpose: string;
  targetId: string;
  kind: UploadKind;
  contentType: string;
  size: number;
  url: string;
  completedAt: Date;
}

/**
 * A finished, checked upload, or null. Other modules use it to accept a file a user names (a chat message's
 * media, a questionnaire image, a profile photo): they compare its userId, purpose and targetId with theirs.
 */
export async function getCompletedUpload(db: Db, uploadId: string): Promise<CompletedUpload | null> {
  if (!uploadId || uploadId.length > 100) return null;
  const row = await repo.findCompletedUpload(db, uploadId);
  if (!row) return null;
  return {
    id: row.id,
    userId: row.userId,
    purpose: row.purpose,
    targetId: row.targetId,
    kind: kindOfType(row.contentType) ?? 'image',
    contentType: row.contentType,
    size: row.size,
    url: fileUrl(row.id),
    completedAt: row.completedAt!,
  };
}

/** Staff and the uploader always read a file; anyone else only when its purpose says so. */
export async function mayRead(
  app: Pick<FastifyInstance, 'db' | 'uploadPurposes'>,
  user: SessionUser,
  upload: Pick<UploadRow, 'userId' | 'purpose' | 'targetId'>,
): Promise<boolean> {
  if (actsAsStaff(user) || upload.userId === user.id) return true;
  const purpose = app.uploadPurposes.get(upload.purpose);
  return purpose ? purpose.canRead(app.db, user, upload.targetId) : false;
}

/** The form of every upload id (`beginUpload` makes them; migrated files get UUIDs of the same form). */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isUploadId = (id: string) => UPLOAD_ID.test(id);

/** The user's own upload, finished or not; "not found" for anyone else's and for anything not an upload id. */
export async function ownUpload(db: Db, userId: string, uploadId: string): Promise<UploadRow> {
  if (!isUploadId(uploadId)) throw notFound('That upload was not found.');
  const upload = await repo.findOwnUpload(db, userId, uploadId);
  if (!upload) throw notFound('That upload was not found.');
  return upload;
}

/** A finished file this user may read. One they may not is answered exactly like one that does not exist. */
export async function readableFile(app: Pick<FastifyInstance, 'db' | 'uploadPurposes'>, user: SessionUser, fileId: string): Promise<UploadRow> {
  const upload = await repo.findCompletedUpload(app.db, fileId);
  if (!upload || !(await mayRead(app, user, upload))) throw notFound('File not found.');
  return upload;
}
