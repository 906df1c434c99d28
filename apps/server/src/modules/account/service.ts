import type { FastifyInstance } from 'fastify';
import type { Me } from '@portal/contracts/auth';
import type { ProfileUpdate } from '@portal/contracts/account';
import { toMe, type SessionUser } from '../../platform/auth/session.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { getCompletedUpload } from '../uploads/service.ts';
import * as repo from './repository.ts';

async function currentProfile(app: FastifyInstance, userId: string): Promise<Me> {
  const row = await repo.findUser(app.db, userId);
  if (!row) throw notFound('Your account was not found.');
  return toMe(row);
}

export async function changeProfile(
  app: FastifyInstance,
  user: SessionUser,
  input: ProfileUpdate,
): Promise<Me> {
  await repo.updateProfile(app.db, user.id, { name: input.name, phone: input.phone }, app.clock());
  return currentProfile(app, user.id);
}

/** Makes a checked profile-picture upload of this user their photo. */
export async function changeProfilePhoto(
  app: FastifyInstance,
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
