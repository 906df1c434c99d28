import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { COMPLETED_STEP_STATUS } from '@portal/contracts/onboarding';
import type { Db } from '../../platform/db/client.ts';
import { completionSteps } from './schema.ts';

/** The writes of a subscription's setup steps, which the customer and staff change on the onboarding pages. */

/** Sets a step's status; returns false when the subscription has no such step. */
export async function setStepStatus(
  db: Db,
  subscriptionId: string,
  stepId: string,
  stepStatus: string,
  completedAt: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(completionSteps)
    .set({ stepStatus, completedAt })
    .where(and(eq(completionSteps.id, stepId), eq(completionSteps.subscriptionId, subscriptionId)))
    .returning({ id: completionSteps.id });
  return rows.length > 0;
}

/** Sets a step's details and/or place; a field left undefined is kept. */
export async function setStepFields(db: Db, stepId: string, fields: { stepDetails?: string | undefined; place?: string | null | undefined }) {
  await db.update(completionSteps).set(fields).where(eq(completionSteps.id, stepId));
}

/** A new pending step after the subscription's last one. */
export async function insertStep(db: Db, step: { subscriptionId: string; userId: string; stepDetails: string; place: string | null }) {
  const [last] = await db
    .select({ max: sql<number | null>`max(${completionSteps.stepIndex})` })
    .from(completionSteps)
    .where(eq(completionSteps.subscriptionId, step.subscriptionId));
  const [row] = await db
    .insert(completionSteps)
    .values({ id: randomUUID(), ...step, stepIndex: Number(last?.max ?? 0) + 1, stepStatus: 'pending' })
    .returning();
  return row!;
}

/** Completes the open steps of a subscription that name a place (e.g. the questionnaire); how many it completed. */
export async function completeStepsAt(db: Db, subscriptionId: string, place: string, now: Date): Promise<number> {
  const done = await db
    .update(completionSteps)
    .set({ stepStatus: COMPLETED_STEP_STATUS, completedAt: now })
    .where(and(eq(completionSteps.subscriptionId, subscriptionId), eq(completionSteps.place, place), ne(completionSteps.stepStatus, COMPLETED_STEP_STATUS)))
    .returning({ id: completionSteps.id });
  return done.length;
}
