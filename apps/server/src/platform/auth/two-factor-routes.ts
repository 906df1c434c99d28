import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { twoFactorRoutes as route } from '@portal/contracts/routes';
import { AppError, badRequest } from '../http/errors.ts';
import { authLimits, forwardAuthEndpoint } from './forward.ts';
import { verifications } from './schema.ts';
import { sessionUser, type SessionUser } from './session.ts';
import { totpOnce } from './totp-once.ts';
import { sendSecondFactorChanged } from './two-factor-mail.ts';
import { isStaffRole } from '@portal/contracts/auth';

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
 * per client address and per account (the signed-in one, or the one a sign-in is waiting for), an app's code taken
 * once (`totpOnce`), and a security e-mail when the second factor is turned on or off.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account before a two-factor change, for its security e-mail. */
    twoFactorBefore?: SessionUser;
  }
}

export async function twoFactorRoutes(app: FastifyInstance) {
  const { perAccount } = authLimits(app);
  const perSessionAccount = perAccount(async (request) => (await sessionUser(request))?.id);
  const codeAccount = async (request: FastifyRequest) => (await sessionUser(request))?.id ?? (await challengedUserId(request));
  const perCodeAccount = perAccount(codeAccount);
  const totp = totpOnce(app, codeAccount);

  /** Keeps the account as the request found it, before better-auth's change: what the security e-mail compares. */
  const remember = async (request: FastifyRequest) => {
    request.twoFactorBefore = (await sessionUser(request)) ?? undefined;
  };
  /** Mails the owner when better-auth's answer says the second factor was turned on or off. */
  const tell = (change: 'added' | 'removed') => async (request: FastifyRequest, response: Response) => {
    const before = request.twoFactorBefore;
    // Only a signed-in confirmation turns the second factor on; a sign-in's code changes nothing.
    const changed = change === 'added' ? before && !before.twoFactorEnabled : change === 'removed';
    if (response.status === 200 && before && changed) {
      await sendSecondFactorChanged(app, before, change).catch((error: unknown) => request.log.error({ err: error }, 'second-factor mail not queued'));
    }
  };

  /** Staff must sign in with a second factor: turning it off would only close the console to them. */
  const notStaff = async (request: FastifyRequest) => {
    if (isStaffRole((await sessionUser(request))?.role)) {
      throw new AppError(403, 'TWO_FACTOR_REQUIRED_FOR_STAFF', 'Staff accounts must keep two-factor authentication on.');
    }
  };

  const added = tell('added');
  /** A refused code's step is given back before anything else looks at the answer. */
  const codeAnswered = async (request: FastifyRequest, response: Response) => {
    await totp.settle(request, response);
    await added(request, response);
  };

  const endpoints = [
    { definition: route.enableTwoFactor, counts: perSessionAccount },
    { definition: route.verifyTwoFactorCode, counts: perCodeAccount, onAnswer: codeAnswered, takes: totp.take },
    { definition: route.verifyRecoveryCode, counts: perCodeAccount },
    { definition: route.regenerateRecoveryCodes, counts: perSessionAccount },
    { definition: route.disableTwoFactor, counts: perSessionAccount, onAnswer: tell('removed'), guard: notStaff },
  ];
  for (const { definition, counts, onAnswer, guard, takes } of endpoints) {
    forwardAuthEndpoint(app, 'POST', definition.path, {
      checks: [counts, parsedBody(definition.body), ...(guard ? [guard] : []), remember, ...(takes ? [takes] : [])],
      onAnswer,
    });
  }
}
