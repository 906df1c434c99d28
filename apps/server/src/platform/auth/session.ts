import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { isStaffRole, type Me, type Role } from '@portal/contracts/auth';
import type { RouteAuth } from '@portal/contracts/route';
import { mayCall } from '@portal/contracts/route-helpers';
import { AUTH_BASE_PATH } from '@portal/contracts/routes';
import { AppError, forbidden } from '../http/errors.ts';
import { sessionCookieName } from './auth.ts';
import { noteActivity } from './session-activity.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

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

/** The session a request is signed in with: when it began, and when its password was last confirmed. */
export interface SignedInSession {
  id: string;
  createdAt: Date;
  /** The sign-in, or the later confirmation of the password (decision 0049). */
  authenticatedAt: Date;
}

/**
 * Whether this signed-in user may act as staff: a staff account (agent or admin) whose second factor is set up. Every
 * check of staff rights asks this, never the role alone, so that a staff session without a second factor is a
 * customer's.
 */
export const actsAsStaff = (user: Pick<SessionUser, 'role' | 'twoFactorEnabled'> | null | undefined) =>
  isStaffRole(user?.role) && user?.twoFactorEnabled === true;

/** The stable code of the refusal a staff account gets until its second factor is set up. */
export const TWO_FACTOR_SETUP_REQUIRED = 'TWO_FACTOR_SETUP_REQUIRED';


/** What the session cache keeps per cookie. */
export interface SignedIn {
  user: SessionUser;
  session: SignedInSession;
}

const perRequest = new WeakMap<FastifyRequest, Promise<SignedIn | null>>();

/**
 * The key of the session cache: the session cookie exactly as better-auth reads it (its name, `__Secure-` prefixed on
 * https, and the first cookie of that name), so that no other cookie can stand for a session here.
 */
function sessionCookieOf(request: FastifyRequest): string | undefined {
  const name = sessionCookieName(request.server.config);
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** Whether the request carries a session cookie at all: without one, its sender is signed out for sure. */
export const hasSessionCookie = (request: FastifyRequest) => sessionCookieOf(request) !== undefined;

async function lookUpSession(request: FastifyRequest): Promise<SignedIn | null> {
  const found = await request.server.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).catch((error: unknown) => {
    // A database that is away is not a signed-out user: answered 503, the browser keeps its session and tries again.
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  });
  if (!found) return null;
  const session = found.session as { id: string; createdAt: Date | string; authenticatedAt?: Date | string | null };
  const createdAt = new Date(session.createdAt);
  return {
    user: found.user as unknown as SessionUser,
    session: { id: session.id, createdAt, authenticatedAt: session.authenticatedAt ? new Date(session.authenticatedAt) : createdAt },
  };
}

/** Whether a session began longer ago than SESSION_MAX_AGE_DAYS allows, however active it has been since. */
export const outlivedMaxAge = (request: FastifyRequest, session: SignedInSession) =>
  Date.now() - session.createdAt.getTime() >= request.server.config.SESSION_MAX_AGE_DAYS * 86_400_000;

/** Ends a session that outlived its absolute lifetime: its row goes, so that better-auth refuses it as well. */
async function endOutlivedSession(request: FastifyRequest, signedIn: SignedIn): Promise<null> {
  await request.server.database.sql.query('DELETE FROM sessions WHERE id = $1', [signedIn.session.id]);
  request.server.sessionCache.forgetUser(signedIn.user.id);
  return null;
}

/**
 * The signed-in user and session of this request, or null; looked up once per request, and served from the
 * session cache (platform/auth/session-cache.ts) while no change to that user or their sessions has been seen. A
 * session past its absolute lifetime is ended here, cached or not; a live one has its activity noted (throttled).
 */
export function signedIn(request: FastifyRequest): Promise<SignedIn | null> {
  let found = perRequest.get(request);
  if (!found) {
    const cookie = sessionCookieOf(request);
    const resolved = cookie
      ? request.server.sessionCache.resolve(cookie, async () => {
          const current = await lookUpSession(request);
          return current ? { userId: current.user.id, value: current } : null;
        })
      : lookUpSession(request);
    found = resolved.then(async (current) => {
      if (!current) return null;
      if (outlivedMaxAge(request, current.session)) return endOutlivedSession(request, current);
      await noteActivity(request, current.session.id);
      return current;
    });
    perRequest.set(request, found);
  }
  return found;
}

/** The signed-in user of this request, or null (see `signedIn`). */
export const sessionUser = async (request: FastifyRequest): Promise<SessionUser | null> => (await signedIn(request))?.user ?? null;

/**
 * After a write by a signed-in user (sign-out, a new password, a new name or photo): forget their cached session
 * here at once, before the response leaves, rather than when this instance hears the database's notification;
 * the next request of theirs reads what the write left. Registered for every request that is not a read, and for
 * the sign-in links, which write by GET (the link that confirms a new e-mail address changes the user row).
 */
export async function forgetSessionAfterWrite(request: FastifyRequest): Promise<void> {
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (read && !request.routeOptions.url?.startsWith(`${AUTH_BASE_PATH}/`)) return;
  const cookie = sessionCookieOf(request);
  if (!cookie) return;
  const cached = request.server.sessionCache.get(cookie);
  if (cached) request.server.sessionCache.forgetUser(cached.user.id);
}

/**
 * Before better-auth answers one of its own endpoints (which know only the sliding expiry), a session past its
 * absolute lifetime is ended, so that better-auth finds no session either.
 */
export async function endOutlivedSessionBeforeAuth(request: FastifyRequest): Promise<void> {
  if (request.routeOptions.url?.startsWith(`${AUTH_BASE_PATH}/`) && hasSessionCookie(request)) await signedIn(request);
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(request);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in.');
  return user;
}

/**
 * The check of `staff` and `admin` routes: the role must allow the route (contracts `mayCall`, the rule the console's
 * sections follow too), and a staff account must have its second factor before its role counts.
 */
export async function requireRole(request: FastifyRequest, auth: Extract<RouteAuth, 'staff' | 'admin'>): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isStaffRole(user.role)) throw forbidden('Staff only.');
  if (!actsAsStaff(user)) {
    throw new AppError(403, TWO_FACTOR_SETUP_REQUIRED, 'Set up two-factor authentication to open the staff console.');
  }
  if (!mayCall({ auth }, user.role)) throw forbidden('Admins only.');
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
  request.user = await requireRole(request, 'staff');
};

/** The sign-in check of `admin` routes: a customer or an agent gets 403. */
export const adminHook: preValidationHookHandler = async (request) => {
  request.user = await requireRole(request, 'admin');
};
