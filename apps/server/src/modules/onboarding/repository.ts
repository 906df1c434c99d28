import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PageQuery } from '@portal/contracts/page';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, keysetKey } from '../../platform/db/keyset.ts';
import { upsertInto } from '../../platform/db/upsert.ts';
import { users } from '../../platform/auth/schema.ts';
import { ACTIVE_SUBSCRIPTION_STATUSES as ACTIVE_STATUSES } from '@portal/contracts/subscriptions';
import { services } from '../plans/index.ts';
import { completionSteps, subscriptions } from '../subscriptions/index.ts';
import { featuredBanners, formItems, formSubmissions, questionnaireDrafts, type FormSubmissionRow, type QuestionnaireDraftRow } from './schema.ts';

/** The user's subscription (any status), or undefined: another user's subscription is not found. */
export async function findOwnSubscription(db: Db, userId: string, subscriptionId: string) {
  const [row] = await db
    .select({ id: subscriptions.id, userId: subscriptions.userId, serviceTitle: subscriptions.serviceTitle })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
  return row;
}

/** Any subscription (staff only). */
export async function findSubscriptionForStaff(db: Db, subscriptionId: string) {
  const [row] = await db
    .select({ id: subscriptions.id, userId: subscriptions.userId, serviceTitle: subscriptions.serviceTitle })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return row;
}

export async function listFormItems(db: Db) {
  return db.select().from(formItems).orderBy(asc(formItems.sortOrder), asc(formItems.id));
}

export async function findFormItem(db: Db, id: string) {
  const [row] = await db.select().from(formItems).where(eq(formItems.id, id));
  return row;
}

export async function findSubmission(
  db: Db,
  userId: string,
  subscriptionId: string,
): Promise<FormSubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.subscriptionId, subscriptionId), eq(formSubmissions.userId, userId)));
  return row;
}

/**
 * Locks the user's subscription row for the rest of the transaction (sending and keeping a draft take turns, so
 * that a draft saved from before a submit cannot outlive it); false when it is not the user's.
 */
export async function lockOwnSubscription(db: Db, userId: string, subscriptionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)))
    .for('update');
  return rows.length > 0;
}

export async function findDraft(db: Db, userId: string, subscriptionId: string): Promise<QuestionnaireDraftRow | undefined> {
  const [row] = await db
    .select()
    .from(questionnaireDrafts)
    .where(and(eq(questionnaireDrafts.subscriptionId, subscriptionId), eq(questionnaireDrafts.userId, userId)));
  return row;
}

/** Keeps the draft, replacing the previous one. */
export async function saveDraft(db: Db, row: QuestionnaireDraftRow): Promise<void> {
  await db
    .insert(questionnaireDrafts)
    .values(row)
    .onConflictDoUpdate({ target: questionnaireDrafts.subscriptionId, set: { answers: row.answers, savedAt: row.savedAt } });
}

export async function deleteDraft(db: Db, subscriptionId: string): Promise<void> {
  await db.delete(questionnaireDrafts).where(eq(questionnaireDrafts.subscriptionId, subscriptionId));
}

/** Stores the answers; submitting again replaces them. */
export async function saveSubmission(db: Db, row: FormSubmissionRow): Promise<void> {
  await db
    .insert(formSubmissions)
    .values(row)
    .onConflictDoUpdate({
      target: formSubmissions.subscriptionId,
      set: { answers: row.answers, submittedAt: row.submittedAt },
    });
}

export async function listBanners(db: Db) {
  return db
    .select()
    .from(featuredBanners)
    .orderBy(desc(featuredBanners.timeCreated), asc(featuredBanners.id));
}

/** The user's active subscriptions, newest first, with whether the questionnaire was sent and step counts. */
export async function activeSubscriptionProgress(db: Db, userId: string) {
  return db
    .select({
      id: subscriptions.id,
      serviceTitle: subscriptions.serviceTitle,
      submitted: sql<boolean>`bool_or(${formSubmissions.subscriptionId} is not null)`,
      total: count(completionSteps.id),
      completed:
        sql<number>`count(${completionSteps.id}) filter (where ${completionSteps.stepStatus} = 'completed')`.mapWith(
          Number,
        ),
    })
    .from(subscriptions)
    .leftJoin(formSubmissions, eq(formSubmissions.subscriptionId, subscriptions.id))
    .leftJoin(completionSteps, eq(completionSteps.subscriptionId, subscriptions.id))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...ACTIVE_STATUSES])))
    .groupBy(subscriptions.id, subscriptions.serviceTitle, subscriptions.startDate)
    .orderBy(desc(subscriptions.startDate), asc(subscriptions.id));
}

export async function listSteps(db: Db, subscriptionId: string) {
  return db
    .select()
    .from(completionSteps)
    .where(eq(completionSteps.subscriptionId, subscriptionId))
    .orderBy(asc(completionSteps.stepIndex), asc(completionSteps.id));
}

export async function findStep(db: Db, subscriptionId: string, stepId: string) {
  const [row] = await db
    .select()
    .from(completionSteps)
    .where(and(eq(completionSteps.id, stepId), eq(completionSteps.subscriptionId, subscriptionId)));
  return row;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id;
}

/** The plan with this id, or the first visible plan. */
export async function findPlanForSeeding(db: Db, planId?: string) {
  const [row] = await db
    .select()
    .from(services)
    .where(planId ? eq(services.id, planId) : eq(services.visibility, 'visible'))
    .orderBy(asc(services.sortOrder), asc(services.id))
    .limit(1);
  return row;
}

/** Questionnaire answers in bulk (the migration): a row is written only where a compared field differs. */
export const upsertFormSubmissions = upsertInto(formSubmissions, 'subscriptionId');

/** Deletes an account's questionnaire answers and drafts (when it is erased). */
export async function deleteAnswersOf(tx: Db, userId: string) {
  await tx.delete(formSubmissions).where(eq(formSubmissions.userId, userId));
  await tx.delete(questionnaireDrafts).where(eq(questionnaireDrafts.userId, userId));
}

/** A page of the customer's submitted questionnaires, newest first (index form_submissions_user_submitted_idx). */
export function listQuestionnairesOf(db: Db, userId: string, page: PageQuery) {
  return db
    .select({
      id: formSubmissions.subscriptionId,
      serviceTitle: subscriptions.serviceTitle,
      submittedAt: formSubmissions.submittedAt,
      answers: formSubmissions.answers,
      keysetKey: keysetKey(formSubmissions.submittedAt),
    })
    .from(formSubmissions)
    .innerJoin(subscriptions, eq(subscriptions.id, formSubmissions.subscriptionId))
    .where(and(eq(formSubmissions.userId, userId), afterCursor(formSubmissions.submittedAt, formSubmissions.subscriptionId, page.cursor, 'desc')))
    .orderBy(desc(formSubmissions.submittedAt), desc(formSubmissions.subscriptionId))
    .limit(page.limit + 1);
}
