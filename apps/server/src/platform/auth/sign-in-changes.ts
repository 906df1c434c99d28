import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from './schema.ts';
import type { SecurityEvent } from './security-mail.ts';
import { isStaffRole } from '@portal/contracts/auth';

type SecurityMails = (user: { id: string; email: string; name: string }, event: SecurityEvent) => Promise<unknown>;

/** The endpoint context better-auth hands its database hooks: which endpoint is writing, for which request. */
interface HookContext {
  path?: string;
  request?: Request;
}

/** The payload of a verify-email link's token (already checked by better-auth when its callback runs). */
function emailChangeOf(request: Request | undefined): { previousEmail: string; newEmail: string } | null {
  const token = request ? new URL(request.url).searchParams.get('token') : null;
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: string; updateTo?: string; requestType?: string };
    if (claims.requestType !== 'change-email-verification' || !claims.email || !claims.updateTo) return null;
    return { previousEmail: claims.email, newEmail: claims.updateTo };
  } catch {
    return null;
  }
}

/** The session token of better-auth's cookie in this request (`<token>.<signature>`), if any. */
function sessionTokenOf(request: Request | undefined): string | null {
  const cookie = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(request?.headers.get('cookie') ?? '');
  return cookie ? decodeURIComponent(cookie[1]!).split('.')[0]! : null;
}

/** Endpoints through which a person signs in (a session made elsewhere continues one that is signed in already). */
const signsIn = (path: string | undefined) => Boolean(path && (path.startsWith('/sign-in/') || path.includes('/callback/') || path.startsWith('/two-factor/')));

/**
 * better-auth hooks for the changes to how an account signs in that better-auth itself does not follow up
 * (decision 0048): each sends its security e-mail, and a confirmed change of e-mail address signs out every other
 * session of the account.
 */
export function signInChanges(db: Db, mail: SecurityMails) {
  return {
    async sessionCreated(session: { id: string; userId: string; userAgent?: string | null; ipAddress?: string | null; createdAt: Date }, context: HookContext | null) {
      if (!signsIn(context?.path)) return;
      const [user] = await db.select().from(users).where(eq(users.id, session.userId));
      if (!isStaffRole(user?.role)) return;
      // A device is new when no other open session of the account has its browser.
      const sameBrowser = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, session.id), sql`${sessions.userAgent} IS NOT DISTINCT FROM ${session.userAgent ?? null}`));
      if (sameBrowser.length > 0) return;
      await mail(user, { kind: 'staff-new-device', userAgent: session.userAgent ?? null, ipAddress: session.ipAddress ?? null, at: new Date(session.createdAt) });
    },

    async passwordChanged(account: { userId: string }, context: HookContext | null) {
      if (context?.path !== '/change-password') return;
      const [user] = await db.select().from(users).where(eq(users.id, account.userId));
      if (user) await mail(user, { kind: 'password-changed' });
    },

    /** After a verify-email link: when it confirmed a new address, the other sessions end and the old address hears of it. */
    async userUpdated(user: { id: string; email: string; name: string }, context: HookContext | null) {
      if (context?.path !== '/verify-email') return;
      const request = context.request;
      const change = emailChangeOf(request);
      if (!change || change.newEmail !== user.email) return;
      // The browser that followed the link keeps its session, if it had one of this account; the link opens none.
      const keptToken = sessionTokenOf(request);
      await db.delete(sessions).where(and(eq(sessions.userId, user.id), keptToken ? ne(sessions.token, keptToken) : undefined));
      // The link reached the new address, so it is verified, whatever the old one was (better-auth keeps the old
      // address's state).
      await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      await mail(user, { kind: 'email-changed', ...change });
    },
  };
}
