import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { AccountSecurity } from '@portal/contracts/account';
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

/** A first password for an account made with Google; one that has a password changes it with the current one. */
export async function setFirstPassword(request: FastifyRequest, newPassword: string): Promise<void> {
  assertPasswordAllowed(newPassword);
  if (await hasPassword(request)) throw badRequest('PASSWORD_ALREADY_SET', 'Your account already has a password. Change it with your current password.');
  await request.server.auth.api.setPassword({ headers: headersOf(request), body: { newPassword } });
  const user = await sessionUser(request);
  if (user) await sendSecurityMail(request.server, user, { kind: 'password-added' });
}
