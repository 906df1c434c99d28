import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { twoFactorRoutes as route } from '@portal/contracts/routes';
import { AppError, badRequest } from '../http/errors.ts';
import { authLimits } from './rate-limits.ts';
import { forwardToAuth } from './routes.ts';
import { verifications } from './schema.ts';
import { sessionUser } from './session.ts';
import { sendSecondFactorChanged } from './two-factor-mail.ts';

/** better-auth's signed cookie that stands for a sign-in waiting for its second factor (`<identifier>.<signature>`). */
const CHALLENGE_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]+)/;

/**
 * The account a sign-in waiting for its second factor belongs to: the challenge's row names it. A made-up cookie
 * names no row, and better-auth refuses it anyway; the per-address limit still counts it.
 */
async function challengedUserId(request: FastifyRequest): Promise<string | undefined> {
  const raw = CHALLENGE_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (!raw) return undefined;
  const signed = decodeURIComponent(raw);
  const identifier = signed.slice(0, Math.max(0, signed.lastIndexOf('.')));
  if (!identifier) return undefined;
  const [row] = await request.server.db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, identifier));
  return row?.userId;
}

/** Checks the body against the route's schema and hands better-auth the parsed (trimmed) values. */
const parsedBody = (schema: z.ZodType) => async (request: FastifyRequest) => {
  const parsed = schema.safeParse(request.body ?? {});
  if (!parsed.success) throw badRequest('VALIDATION_ERROR', parsed.error.issues[0]!.message);
  request.body = parsed.data;
};

/**
 * better-auth's two-factor endpoints the portal uses (decision 0050), each listed by its path: code checks limited
 * per client address and per account (the signed-in one, or the one a sign-in is waiting for), and a security
 * e-mail when the second factor is turned on or off.
 */
export async function twoFactorRoutes(app: FastifyInstance) {
  const { limited, perAccount } = authLimits(app);
  const hidden = { schema: { hide: true } };
  const perSessionAccount = perAccount(async (request) => (await sessionUser(request))?.id);
  const perCodeAccount = perAccount(async (request) => (await sessionUser(request))?.id ?? (await challengedUserId(request)));

  /** Forwards, then mails the owner when the answer says the change was made. */
  const forwardAndTell = (change: 'added' | 'removed' | null) => async (request: FastifyRequest, reply: FastifyReply) => {
    const before = await sessionUser(request);
    const sent = await forwardToAuth(request, reply);
    // Only a signed-in confirmation turns the second factor on; a sign-in's code changes nothing.
    const changed = change === 'added' ? before && !before.twoFactorEnabled : change === 'removed';
    if (reply.statusCode === 200 && before && changed) {
      await sendSecondFactorChanged(app, before, change!).catch((error: unknown) => request.log.error({ err: error }, 'second-factor mail not queued'));
    }
    return sent;
  };

  /** Staff must sign in with a second factor: turning it off would only close the console to them. */
  const notStaff = async (request: FastifyRequest) => {
    if ((await sessionUser(request))?.role === 'staff') {
      throw new AppError(403, 'TWO_FACTOR_REQUIRED_FOR_STAFF', 'Staff accounts must keep two-factor authentication on.');
    }
  };

  const endpoints = [
    { definition: route.enableTwoFactor, counts: perSessionAccount, handler: forwardToAuth },
    { definition: route.verifyTwoFactorCode, counts: perCodeAccount, handler: forwardAndTell('added') },
    { definition: route.verifyRecoveryCode, counts: perCodeAccount, handler: forwardToAuth },
    { definition: route.regenerateRecoveryCodes, counts: perSessionAccount, handler: forwardToAuth },
    { definition: route.disableTwoFactor, counts: perSessionAccount, handler: forwardAndTell('removed'), guard: notStaff },
  ];
  for (const { definition, counts, handler, guard } of endpoints) {
    app.post(definition.path, {
      ...hidden,
      config: limited,
      preHandler: [counts, parsedBody(definition.body), ...(guard ? [guard] : [])],
    }, handler);
  }
}
