import type { FastifyInstance } from 'fastify';
import type { Subscription } from '@portal/contracts/subscriptions';
import { publishChange } from '../../platform/events/change-feed.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { sendDueDateExtended } from '../notifications/index.ts';
import { billingAnchorDayOf } from './periods.ts';
import { findSubscription, hasPaymentInFlight, updateSubscription } from './repository.ts';
import { SUBSCRIPTION_NOT_FOUND } from './service.ts';
import { auditSubscription, type StaffAct } from './staff-audit.ts';
import { isActive, toSubscription } from './views.ts';

const DAY_MS = 86_400_000;

/**
 * A goodwill credit (staff): the due date moves on by whole days at no charge, and the billing day becomes the new
 * due date's, so later renewals keep the credit. Past-due renewals the credit now covers stop being retried. Under
 * the subscription's row lock, and refused while one of its payments is in flight (it would settle the old period)
 * or when the due date is no longer the one staff extended from (a resent or concurrent request extends once).
 */
export async function extendSubscription(
  app: Pick<FastifyInstance, 'clock' | 'config' | 'db' | 'mail'>,
  staff: StaffAct,
  userId: string,
  id: string,
  extension: { days: number; fromDueDate: number },
): Promise<Subscription> {
  const { days } = extension;
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const row = await findSubscription(tx, userId, id, true);
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    if (!isActive(row)) throw conflict('NOT_ACTIVE', 'Only an active subscription can be extended.');
    if (row.dueDate.getTime() !== extension.fromDueDate) {
      throw conflict('DUE_DATE_CHANGED', 'The due date has changed since this page was loaded. Please check it and try again.');
    }
    if (await hasPaymentInFlight(tx, id)) throw conflict('PAYMENT_IN_PROGRESS', 'A payment for this subscription is in progress. Please try again in a moment.');
    const dueDate = new Date(row.dueDate.getTime() + days * DAY_MS);
    const covered = dueDate.getTime() > now.getTime();
    const updated = await updateSubscription(tx, id, {
      dueDate,
      billingAnchorDay: billingAnchorDayOf(dueDate),
      ...(covered ? { renewalFailures: 0, nextRenewalAttemptAt: null, renewalFailureReason: null } : {}),
      updatedAt: now,
    });
    await sendDueDateExtended(app, tx, { id, userId, serviceTitle: updated.serviceTitle, days, dueDate, previousDueDate: row.dueDate });
    await auditSubscription(tx, staff, 'subscription.extend', row, updated, now, { days });
    await publishChange(tx, { topic: `subscriptions:${id}`, audience: { userId } });
    return toSubscription(updated, now);
  });
}
