import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DeletionRequest, DeletionRequestInput } from '@portal/contracts/account';
import { DELETION_LINK_EXPIRED, DELETION_LINK_INVALID } from '@portal/contracts/notifications';
import { topics } from '@portal/contracts/topics';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { AppError } from '../../platform/http/errors.ts';
import { sendDeletionConfirmation, sendDeletionReceived } from '../notifications/index.ts';
import * as repo from './repository.ts';
import { accountDeletionRequests } from './schema.ts';
import { toDeletionRequest } from './service.ts';

/** How long a confirmation link works. */
export const DELETION_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Spec §3 with confirmation: the request is stored 'unconfirmed' and a single-use link goes to the address it names.
 * Only following that link makes it 'pending' (what staff see), so nobody can file one for someone else's address.
 */
export async function requestAccountDeletion(app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>, input: DeletionRequestInput, userId: string | null): Promise<DeletionRequest> {
  const now = app.clock();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + DELETION_LINK_TTL_MS);
  return app.db.transaction(async (tx) => {
    const stored = await repo.insertDeletionRequest(tx, {
      id: crypto.randomUUID(),
      name: input.name,
      email: input.email.toLowerCase(),
      reason: input.reason || null,
      status: 'unconfirmed',
      requestedAt: now,
      userId: userId ?? 'guest',
      confirmTokenHash: hashToken(token),
      confirmExpiresAt: expiresAt,
    });
    await sendDeletionConfirmation(app, tx as unknown as Db, { ...stored, token, expiresAt });
    return toDeletionRequest(stored);
  });
}

/** Follows the mailed link: once, before it expires. A used or unknown link is refused, an expired one too. */
export async function confirmAccountDeletion(app: Pick<FastifyInstance, 'clock' | 'db' | 'mail'>, token: string): Promise<DeletionRequest> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(accountDeletionRequests)
      .where(eq(accountDeletionRequests.confirmTokenHash, hashToken(token)))
      .for('update');
    if (!row || row.status !== 'unconfirmed') throw new AppError(404, 'DELETION_LINK_INVALID', DELETION_LINK_INVALID);
    if (!row.confirmExpiresAt || row.confirmExpiresAt <= now) throw new AppError(410, 'DELETION_LINK_EXPIRED', DELETION_LINK_EXPIRED);
    const [confirmed] = await tx
      .update(accountDeletionRequests)
      .set({ status: 'pending', confirmedAt: now, confirmTokenHash: null })
      .where(eq(accountDeletionRequests.id, row.id))
      .returning();
    await sendDeletionReceived(app, tx as unknown as Db, confirmed!);
    await publishChange(tx, { topic: topics.deletionRequests, audience: { staff: true } });
    return toDeletionRequest(confirmed!);
  });
}
