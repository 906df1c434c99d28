import type { AuditAction } from '@portal/contracts/audit';
import type { Db } from '../../platform/db/client.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { SubscriptionRow } from './schema.ts';

/** A change staff make to a customer's subscription: who, and why (written to the audit log with it). */
export interface StaffAct {
  actor: AuditActor;
  why: string;
}

/** The fields of a subscription that staff's changes move, as the audit log keeps them before and after. */
const auditedFields = (row: SubscriptionRow) => ({
  serviceTitle: row.serviceTitle,
  status: row.status,
  dueDate: row.dueDate,
  cancelledAt: row.cancelledAt,
  cancelReason: row.cancelReason,
  cancelComment: row.cancelComment,
  renewalFailures: row.renewalFailures,
});

/** Records a staff change of a subscription in the change's own transaction, with the reason given. */
export async function auditSubscription(
  tx: Db,
  staff: StaffAct,
  action: Extract<AuditAction, `subscription.${string}`>,
  before: SubscriptionRow,
  after: SubscriptionRow,
  now: Date,
  extra: Record<string, unknown> = {},
) {
  await recordAudit(tx, {
    actor: staff.actor,
    action,
    entityType: 'subscription',
    entityId: after.id,
    customerId: after.userId,
    before: auditedFields(before),
    after: { ...auditedFields(after), ...extra, reason: staff.why },
    now,
  });
}
