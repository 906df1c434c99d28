import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { symmetricDecrypt } from 'better-auth/crypto';
import { AppError } from '../http/errors.ts';
import { twoFactors } from './schema.ts';
import { base32Bytes, stepOfCode } from './totp.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The TOTP step this request took for its account, and the one taken before it: given back if refused. */
    totpClaim?: { userId: string; step: number; previous: number | null };
  }
}

/** better-auth stores a secret given to it as base32 with this prefix, and a secret it made as it is. */
const BASE32_PREFIX = 'base32:';

const codeUsed = () =>
  new AppError(401, 'TOTP_CODE_USED', 'That code was already used. Please wait for the next code from your authenticator app.');

/** The HMAC key of the account's secret, decrypted as better-auth does (with its key ring, so rotation holds). */
async function keyOf(app: Pick<FastifyInstance, 'auth'>, encrypted: string): Promise<Buffer> {
  const { secretConfig } = await app.auth.$context;
  const secret = await symmetricDecrypt({ key: secretConfig, data: encrypted });
  return secret.startsWith(BASE32_PREFIX) ? base32Bytes(secret.slice(BASE32_PREFIX.length)) : Buffer.from(secret, 'utf8');
}

/**
 * A TOTP code works once (RFC 6238 §5.2). better-auth 1.7's twoFactor accepts any code of the step before, the
 * current step and the step after, and remembers none; so before it sees a code, the portal finds the step the code
 * is of and takes it for the account: `two_factors.last_totp_step` moves only forward, its row locked while it moves,
 * so of two requests with the same code (one after the other or at once) only one gets through; a code of that step or
 * an earlier one is refused with 401 TOTP_CODE_USED. A code that is of no step goes on to better-auth, which counts
 * it as wrong. `account` names the account the code is for (the signed-in one, or the one a sign-in waits for).
 */
export function totpOnce(app: Pick<FastifyInstance, 'auth' | 'db'>, account: (request: FastifyRequest) => Promise<string | undefined>) {
  const take = async (request: FastifyRequest) => {
    const code = (request.body as { code?: unknown } | undefined)?.code;
    const userId = await account(request);
    if (typeof code !== 'string' || !userId) return;
    const [row] = await app.db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
    if (!row) return;
    // Date.now, not the app's clock: better-auth checks the code against the real time.
    const step = stepOfCode(await keyOf(app, row.secret), code, Date.now());
    if (step === null) return;
    request.totpClaim = await app.db.transaction(async (tx) => {
      // The row is locked while its step moves, so that the step taken before is known for a give-back.
      const [locked] = await tx.select({ last: twoFactors.lastTotpStep }).from(twoFactors).where(eq(twoFactors.userId, userId)).for('update');
      if (!locked || (locked.last !== null && locked.last >= step)) throw codeUsed();
      await tx.update(twoFactors).set({ lastTotpStep: step }).where(eq(twoFactors.userId, userId));
      return { userId, step, previous: locked.last };
    });
  };

  /**
   * A code better-auth refused anyway (a locked factor, a spent sign-in) is given back, unless a later step was
   * taken meanwhile: the person may type it again once the refusal is dealt with.
   */
  const settle = async (request: FastifyRequest, response: Response) => {
    const claim = request.totpClaim;
    if (!claim || response.status === 200) return;
    await app.db
      .update(twoFactors)
      .set({ lastTotpStep: claim.previous })
      .where(and(eq(twoFactors.userId, claim.userId), eq(twoFactors.lastTotpStep, claim.step)));
  };

  return { take, settle };
}
