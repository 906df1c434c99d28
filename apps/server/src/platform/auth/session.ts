import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Me, Role } from '@portal/contracts/auth';
import { AUTH_BASE_PATH } from '@portal/contracts/routes';
import { AppError, forbidden } from '../http/errors.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  image: string | null;
  role: Role;
  /** Whether the account signs in with a second factor (staff must before the console opens, decision 0050). */
  twoFactorEnabled: boolean;
  createdAt: Date;
}

/**
 * Whether this signed-in user may act as staff: a staff account whose second factor is set up. Every check of staff
 * rights asks this, never the role alone, so that a staff session without a second factor is a customer's.
 */
export const actsAsStaff = (user: Pick<SessionUser, 'role' | 'twoFactorEnabled'> | null | undefined) =>
  user?.role === 'staff' && user.twoFactorEnabled === true;

/** The stable code of the refusal a staff account gets until its second factor is set up. */
export const TWO_FACTOR_SETUP_REQUIRED = 'TWO_FACTOR_SETUP_REQUIRED';

const perRequest = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** better-auth's signed session cookie (with the `__Secure-` prefix on https), the key of the session cache. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;
const sessionCookieOf = (request: FastifyRequest) => SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1];

/** Whether the request carries a session cookie at all: without one, its sender is signed out for sure. */
export const hasSessionCookie = (request: FastifyRequest) => sessionCookieOf(request) !== undefined;

async function lookUpSession(request: FastifyRequest): Promise<SessionUser | null> {
  const found = await request.server.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).catch(() => null);
  return found ? (found.user as unknown as SessionUser) : null;
}

/**
 * The signed-in user of this request, or null; looked up once per request, and served from the session cache
 * (platform/auth/session-cache.ts) while no change to that user or their sessions has been seen.
 */
export function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  let found = perRequest.get(request);
  if (!found) {
    const cookie = sessionCookieOf(request);
    found = cookie
      ? request.server.sessionCache.resolve(cookie, async () => {
          const user = await lookUpSession(request);
          return user ? { userId: user.id, value: user } : null;
        })
      : lookUpSession(request);
    perRequest.set(request, found);
  }
  return found;
}

/**
 * After a write by a signed-in user (sign-out, a new password, a new name or photo): forget their cached session
 * here at once, before the response leaves, rather than when this instance hears the database's notification;
 * the next request of theirs reads what the write left. Registered for every request that is not a read, and for
 * the sign-in links, which write by GET (the link that confirms a new e-mail address changes the user row).
 */
export async function forgetSessionAfterWrite(request: FastifyRequest): Promise<void> {
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (read && !request.url.startsWith(`${AUTH_BASE_PATH}/`)) return;
  const cookie = sessionCookieOf(request);
  if (!cookie) return;
  const cached = request.server.sessionCache.get(cookie);
  if (cached) request.server.sessionCache.forgetUser(cached.id);
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(request);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in.');
  return user;
}

export async function requireStaff(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== 'staff') throw forbidden('Staff only.');
  if (!actsAsStaff(user)) {
    throw new AppError(403, TWO_FACTOR_SETUP_REQUIRED, 'Set up two-factor authentication to open the staff console.');
  }
  return user;
}

export const toMe = (user: SessionUser): Me => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone ?? null,
  profileImageUrl: user.image ?? null,
  role: user.role,
  twoFactorEnabled: user.twoFactorEnabled === true,
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
