import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { AccountSecurity, SignedInDevice } from '@portal/contracts/account';
import { assertPasswordAllowed } from '../../platform/auth/password-policy.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { sendSecurityMail } from '../../platform/auth/security-mail.ts';
import { sessionUser } from '../../platform/auth/session.ts';

/** better-auth's own session and account endpoints, called for the signed-in user of this request. */
const headersOf = (request: FastifyRequest) => fromNodeHeaders(request.headers);

async function hasPassword(request: FastifyRequest): Promise<boolean> {
  const accounts = await request.server.auth.api.listUserAccounts({ headers: headersOf(request) });
  return accounts.some((account) => account.providerId === 'credential');
}

export async function accountSecurity(request: FastifyRequest): Promise<AccountSecurity> {
  const session = await request.server.auth.api.getSession({ headers: headersOf(request) });
  return { emailVerified: Boolean(session?.user.emailVerified), hasPassword: await hasPassword(request) };
}

/** The account's sessions, without their tokens (which would sign anyone in), this device first. */
export async function signedInDevices(request: FastifyRequest): Promise<SignedInDevice[]> {
  const headers = headersOf(request);
  const [current, sessions] = await Promise.all([request.server.auth.api.getSession({ headers }), request.server.auth.api.listSessions({ headers })]);
  const devices = sessions.map((session) => ({
    id: session.id,
    userAgent: session.userAgent ?? null,
    ipAddress: session.ipAddress ?? null,
    createdAt: new Date(session.createdAt).getTime(),
    lastActiveAt: new Date(session.updatedAt).getTime(),
    current: session.id === current?.session.id,
  }));
  return devices.sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt - a.lastActiveAt);
}

/** A first password for an account made with Google; one that has a password changes it with the current one. */
export async function setFirstPassword(request: FastifyRequest, newPassword: string): Promise<void> {
  assertPasswordAllowed(newPassword);
  if (await hasPassword(request)) throw badRequest('PASSWORD_ALREADY_SET', 'Your account already has a password. Change it with your current password.');
  await request.server.auth.api.setPassword({ headers: headersOf(request), body: { newPassword } });
  const user = await sessionUser(request);
  if (user) await sendSecurityMail(request.server, user, { kind: 'password-added' });
}
