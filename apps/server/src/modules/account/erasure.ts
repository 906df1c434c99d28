import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { PageQuery } from '@portal/contracts/page';
import type { DeletionRequestStatus, StaffDeletionRequest } from '@portal/contracts/account';
import { topics } from '@portal/contracts/topics';
import { accounts, sessions, twoFactors, users } from '../../platform/auth/schema.ts';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, keysetKey, pageFrom } from '../../platform/db/keyset.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { disableCardsOf, eraseBillingOf, ERASED_PAYER_NAME } from '../billing/index.ts';
import { deleteAnswersOf } from '../onboarding/index.ts';
import { cancelSubscriptionsOf } from '../subscriptions/index.ts';
import { deleteChats, supportChats } from '../support/index.ts';
import { eraseUploadsOf } from '../uploads/index.ts';
import { accountDeletionRequests } from './schema.ts';
import { sendDeletionCarriedOut } from '../notifications/index.ts';
import { mailOutbox } from '../../platform/mail/schema.ts';
import { isStaffRole } from '@portal/contracts/auth';

type RequestRow = typeof accountDeletionRequests.$inferSelect;

const toStaffRequest = (row: RequestRow): StaffDeletionRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  reason: row.reason,
  status: row.status as StaffDeletionRequest['status'],
  requestedTimestamp: row.requestedAt.getTime(),
  signedIn: row.userId !== 'guest',
  outcome: row.outcome ?? null,
  refusalReason: row.refusalReason,
  decidedTimestamp: row.decidedAt ? row.decidedAt.getTime() : null,
  decidedByName: row.decidedByName,
});

/** /staff/deletion-requests: a page of one status, newest first (index account_deletion_requests_queue_idx). */
export async function listDeletionRequestsForStaff(db: Db, query: PageQuery & { status: DeletionRequestStatus }) {
  const rows = await db
    .select({ request: accountDeletionRequests, id: accountDeletionRequests.id, keysetKey: keysetKey(accountDeletionRequests.requestedAt) })
    .from(accountDeletionRequests)
    .where(
      and(
        eq(accountDeletionRequests.status, query.status),
        afterCursor(accountDeletionRequests.requestedAt, accountDeletionRequests.id, query.cursor, 'desc'),
      ),
    )
    .orderBy(desc(accountDeletionRequests.requestedAt), desc(accountDeletionRequests.id))
    .limit(query.limit + 1);
  const page = pageFrom(rows, query.limit);
  return { requests: page.rows.map(({ request }) => toStaffRequest(request)), nextCursor: page.nextCursor };
}

/** The pending request, locked for this transaction; 404 when unknown, 409 when already decided. */
async function lockPending(tx: Db, requestId: string): Promise<RequestRow> {
  const [row] = await tx.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.id, requestId)).for('update');
  if (!row) throw notFound('Deletion request not found.');
  if (row.status !== 'pending') throw conflict('REQUEST_CLOSED', 'This deletion request has already been decided.');
  return row;
}

async function decide(
  tx: Db,
  row: RequestRow,
  actor: AuditActor,
  change: { status: 'done' | 'refused'; outcome: 'erased' | 'no-account' | 'refused'; refusalReason?: string; customerId: string | null },
  now: Date,
): Promise<StaffDeletionRequest> {
  const [updated] = await tx
    .update(accountDeletionRequests)
    .set({ status: change.status, outcome: change.outcome, refusalReason: change.refusalReason ?? null, decidedAt: now, decidedById: actor.id, decidedByName: actor.name })
    .where(eq(accountDeletionRequests.id, row.id))
    .returning();
  const action = change.outcome === 'refused' ? 'deletion.refuse' : change.outcome === 'erased' ? 'deletion.carry-out' : 'deletion.no-account';
  await recordAudit(tx, {
    actor,
    action,
    entityType: 'deletion-request',
    entityId: row.id,
    customerId: change.customerId,
    before: { status: row.status },
    after: { status: change.status, outcome: change.outcome, refusalReason: change.refusalReason ?? null },
    now,
  });
  await publishChange(tx, { topic: topics.deletionRequests, audience: { staff: true } });
  return toStaffRequest(updated!);
}

const actorOf = (user: SessionUser): AuditActor => ({ id: user.id, name: user.name });

/** Refuses a pending request with staff's reason (the requester is told by e-mail once that lands). */
export async function refuseDeletionRequest(app: Pick<FastifyInstance, 'clock' | 'db'>, staff: SessionUser, requestId: string, reason: string) {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const row = await lockPending(tx, requestId);
    return decide(tx, row, actorOf(staff), { status: 'refused', outcome: 'refused', refusalReason: reason, customerId: null }, now);
  });
}

/**
 * Carries out a pending request (issue 11 item 3). Cards are disabled at the provider first (a failure there
 * changes nothing here); then, in one transaction: subscriptions cancelled (no renewal is ever attempted), cards
 * removed, payments kept with the payer's name and e-mail replaced, uploads and chats (with their messages)
 * deleted, questionnaire answers and drafts deleted, the profile anonymised, the sign-in methods and every session removed,
 * the request closed and audited. The stored bytes of the files are deleted after the commit.
 */
export async function carryOutDeletionRequest(app: Pick<FastifyInstance, 'billing' | 'clock' | 'config' | 'db' | 'log' | 'mail'>, staff: SessionUser, requestId: string) {
  const [pending] = await app.db.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.id, requestId));
  if (!pending) throw notFound('Deletion request not found.');
  if (pending.status !== 'pending') throw conflict('REQUEST_CLOSED', 'This deletion request has already been decided.');
  const [account] = await app.db.select().from(users).where(eq(users.email, pending.email.toLowerCase()));
  if (isStaffRole(account?.role)) throw conflict('STAFF_ACCOUNT', 'This e-mail belongs to a staff account; remove its staff rights first.');
  if (account) await disableCardsOf(app, account.id);

  const now = app.clock();
  let removeFiles: () => Promise<void> = async () => {};
  const result = await app.db.transaction(async (tx) => {
    const row = await lockPending(tx, requestId);
    if (!account) return decide(tx, row, actorOf(staff), { status: 'done', outcome: 'no-account', customerId: null }, now);
    const userId = account.id;
    await cancelSubscriptionsOf(tx, userId, now);
    await eraseBillingOf(tx, userId, now);
    const chats = await tx.select({ id: supportChats.id }).from(supportChats).where(eq(supportChats.userId, userId));
    removeFiles = await eraseUploadsOf(tx, app.config, userId, [userId, ...chats.map((c) => c.id)]);
    await deleteChats(tx, chats.map((c) => c.id));
    await deleteAnswersOf(tx, userId);
    // The mails to the account (their copies hold its name and address); the last one, below, is not the account's.
    await tx.delete(mailOutbox).where(eq(mailOutbox.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx
      .update(users)
      .set({ name: ERASED_PAYER_NAME, email: `deleted-${userId}@deleted.invalid`, emailVerified: false, twoFactorEnabled: false, phone: null, image: null, updatedAt: now })
      .where(eq(users.id, userId));
    // The last mail to the address, in this transaction: it goes only if the erasure commits.
    await sendDeletionCarriedOut(app, tx, { name: pending.name, email: pending.email, userId: null });
    return decide(tx, row, actorOf(staff), { status: 'done', outcome: 'erased', customerId: userId }, now);
  });
  await removeFiles().catch((error: unknown) => app.log.error({ err: error }, 'erased files could not all be removed from storage'));
  return result;
}
