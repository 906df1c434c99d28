import type { FastifyInstance } from 'fastify';
import type { Me, SessionState } from '@portal/contracts/auth';
import type { DeletionRequest, ProfileUpdate } from '@portal/contracts/account';
import { actsAsStaff, toMe, type SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { hasActiveSubscription } from '../subscriptions/index.ts';
import { eraseUploadAt, getCompletedUpload } from '../uploads/index.ts';
import * as repo from './repository.ts';
import type { accountDeletionRequests } from './schema.ts';
import { isStaffRole } from '@portal/contracts/auth';

/** The signed-in user, and where spec §4 sends them after sign-in. */
export async function sessionState(db: Db, user: SessionUser | null): Promise<SessionState> {
  if (!user) return { user: null, landing: null };
  if (actsAsStaff(user)) return { user: toMe(user), landing: '/staff' };
  // A staff account sets up its second factor before anything else of the console (decision 0050).
  if (isStaffRole(user.role)) return { user: toMe(user), landing: '/two-factor-setup' };
  const active = await hasActiveSubscription(db, user.id);
  return { user: toMe(user), landing: active ? '/dashboard' : '/select-plan' };
}

async function currentProfile(app: Pick<FastifyInstance, 'db'>, userId: string): Promise<Me> {
  const row = await repo.findUser(app.db, userId);
  if (!row) throw notFound('Your account was not found.');
  return toMe(row);
}

export async function changeProfile(
  app: Pick<FastifyInstance, 'clock' | 'db'>,
  user: SessionUser,
  input: ProfileUpdate,
): Promise<Me> {
  await repo.updateProfile(app.db, user.id, { name: input.name, phone: input.phone }, app.clock());
  return currentProfile(app, user.id);
}

/** Makes a checked profile-picture upload of this user their photo. */
export async function changeProfilePhoto(
  app: Pick<FastifyInstance, 'clock' | 'db'>,
  user: SessionUser,
  fileId: string,
): Promise<Me> {
  const upload = await getCompletedUpload(app.db, fileId);
  if (
    !upload ||
    upload.userId !== user.id ||
    upload.purpose !== 'profile-picture' ||
    upload.targetId !== user.id
  ) {
    throw badRequest('UPLOAD_NOT_FOUND', 'That picture was not uploaded as your profile picture.');
  }
  await repo.updateProfileImage(app.db, user.id, upload.url, app.clock());
  return currentProfile(app, user.id);
}

/**
 * Removes the profile photo: the user row forgets it and its upload (record and file) is deleted, so its address
 * answers 404 from then on. The file goes after the commit, so that a rollback leaves the photo whole.
 */
export async function removeProfilePhoto(app: Pick<FastifyInstance, 'clock' | 'config' | 'db'>, user: SessionUser): Promise<Me> {
  const eraseFile = await app.db.transaction(async (tx): Promise<() => Promise<void>> => {
    const row = await repo.findUser(tx, user.id);
    await repo.updateProfileImage(tx, user.id, null, app.clock());
    return row?.image ? eraseUploadAt(tx, app.config, row.image, 'profile-picture') : async () => undefined;
  });
  await eraseFile();
  return currentProfile(app, user.id);
}

export const toDeletionRequest = (row: typeof accountDeletionRequests.$inferSelect): DeletionRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  reason: row.reason,
  status: row.status,
  requestedAt: row.requestedAt.getTime(),
  userId: row.userId,
});

/** Stored requests, newest first, for operators. */
export async function deletionRequests(db: Db, email?: string): Promise<DeletionRequest[]> {
  return (await repo.listDeletionRequests(db, email)).map(toDeletionRequest);
}
