import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Me, Role } from '@portal/contracts/auth';
import { AppError, forbidden } from '../http/errors.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  image: string | null;
  role: Role;
  createdAt: Date;
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The signed-in user of this request, or null; looked up once per request. */
export function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  let found = cache.get(request);
  if (!found) {
    found = request.server.auth.api
      .getSession({ headers: fromNodeHeaders(request.headers) })
      .then((s) => (s ? (s.user as unknown as SessionUser) : null))
      .catch(() => null);
    cache.set(request, found);
  }
  return found;
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(request);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in.');
  return user;
}

export async function requireStaff(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== 'staff') throw forbidden('Staff only.');
  return user;
}

export const toMe = (user: SessionUser): Me => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone ?? null,
  profileImageUrl: user.image ?? null,
  role: user.role,
  createdAt: new Date(user.createdAt).getTime(),
});

/** The sign-in check of `user` routes: sets `request.user` before the input is read (401 without a session). */
export const signedInHook: preValidationHookHandler = async (request) => {
  request.user = await requireUser(request);
};

/** The sign-in check of `staff` routes: a customer gets 403. */
export const staffHook: preValidationHookHandler = async (request) => {
  request.user = await requireStaff(request);
};
