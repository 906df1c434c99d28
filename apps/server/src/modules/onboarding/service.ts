import type { FastifyInstance } from 'fastify';
import {
  COMPLETED_STEP_STATUS,
  type ActionItem,
  type Banner,
  type CompletionSteps,
  stepPlaceSchema,
} from '@portal/contracts/onboarding';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { notFound } from '../../platform/http/errors.ts';
import { insertStep, knownPlace, setStepFields, setStepStatus, startSubscription } from '../subscriptions/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { ActionSource } from '../../platform/portal-module.ts';
import * as repo from './repository.ts';

/** A banner as the API gives it (spec §3 FeaturedBanner). */
export const toBanner = (b: Awaited<ReturnType<typeof repo.listBanners>>[number]): Banner => ({
  id: b.id,
  imageUrl: b.imageUrl,
  linkUrl: b.linkUrl,
  title: b.title,
  subtitle: b.subtitle,
  timeCreated: b.timeCreated.getTime(),
});

export async function listBanners(db: Db): Promise<Banner[]> {
  return (await repo.listBanners(db)).map(toBanner);
}

/**
 * The Action Center (spec §4): an active subscription without a submitted questionnaire asks to complete the
 * form; one with steps not yet completed asks to finish project setup. Nothing asked: the page says all set. A user
 * with no active subscription has one thing to do first: choose a plan. What other modules ask (`PortalModule.actions`:
 * a project whose preview waits for the customer's decision asks them to review it) comes first, after a plan.
 */
export async function actionCenter(db: Db, userId: string, otherModules: readonly ActionSource[]): Promise<ActionItem[]> {
  const active = await repo.activeSubscriptionProgress(db, userId);
  const asked = (await Promise.all(otherModules.map((source) => source(db, userId)))).flat();
  if (active.length === 0) return [{ kind: 'choose-plan' }, ...asked];
  const actions: ActionItem[] = [...asked];
  for (const s of active) {
    if (!s.submitted)
      actions.push({ kind: 'complete-form', subscriptionId: s.id, serviceTitle: s.serviceTitle });
    if (s.completed < s.total) {
      actions.push({
        kind: 'project-setup',
        subscriptionId: s.id,
        serviceTitle: s.serviceTitle,
        completed: s.completed,
        total: s.total,
      });
    }
  }
  return actions;
}

async function stepsOf(db: Db, subscriptionId: string, serviceTitle: string): Promise<CompletionSteps> {
  const steps = (await repo.listSteps(db, subscriptionId)).map((s) => ({
    id: s.id,
    stepIndex: s.stepIndex,
    stepDetails: s.stepDetails,
    stepStatus: s.stepStatus,
    completedAt: s.completedAt?.getTime() ?? null,
    place: stepPlaceSchema.safeParse(s.place).data ?? null,
  }));
  const completed = steps.filter((s) => s.stepStatus === COMPLETED_STEP_STATUS).length;
  return { subscriptionId, serviceTitle, steps, completed, total: steps.length };
}

export async function completionSteps(
  db: Db,
  user: SessionUser,
  subscriptionId: string,
): Promise<CompletionSteps> {
  const subscription = await repo.findOwnSubscription(db, user.id, subscriptionId);
  if (!subscription) throw notFound('Subscription not found.');
  return stepsOf(db, subscriptionId, subscription.serviceTitle);
}

/** Both the steps page and the owner's dashboard follow a step's status. */
async function publishStepChange(tx: Db, subscriptionId: string, ownerId: string) {
  await publishChange(tx, { topic: `steps:${subscriptionId}`, audience: { userId: ownerId } });
  await publishChange(tx, { topic: `dashboard:${ownerId}`, audience: { userId: ownerId } });
}

/**
 * The customer marks a step completed (spec §4; the first completion time is kept), or undoes that (`completed`
 * false: pending again, the time cleared).
 */
export async function markStep(
  app: Pick<FastifyInstance, 'clock' | 'db'>,
  user: SessionUser,
  subscriptionId: string,
  stepId: string,
  completed: boolean,
): Promise<CompletionSteps> {
  const subscription = await repo.findOwnSubscription(app.db, user.id, subscriptionId);
  const step = subscription && (await repo.findStep(app.db, subscriptionId, stepId));
  if (!subscription || !step) throw notFound('Step not found.');
  if ((step.stepStatus === COMPLETED_STEP_STATUS) !== completed) {
    await app.db.transaction(async (tx) => {
      if (completed) await setStepStatus(tx, subscriptionId, stepId, COMPLETED_STEP_STATUS, app.clock());
      else await setStepStatus(tx, subscriptionId, stepId, 'pending', null);
      await publishStepChange(tx, subscriptionId, user.id);
    });
  }
  return stepsOf(app.db, subscriptionId, subscription.serviceTitle);
}

/** Staff: any customer's subscription's steps. */
export async function staffSteps(db: Db, subscriptionId: string): Promise<CompletionSteps> {
  const subscription = await repo.findSubscriptionForStaff(db, subscriptionId);
  if (!subscription) throw notFound('Subscription not found.');
  return stepsOf(db, subscriptionId, subscription.serviceTitle);
}

/**
 * Staff set a step's status, details and/or place; "completed" stores the time, any other status clears it. Audited in
 * the same transaction; the customer's steps page and dashboard follow live.
 */
export async function updateStepAsStaff(
  app: Pick<FastifyInstance, 'clock' | 'db'>,
  actor: AuditActor,
  subscriptionId: string,
  stepId: string,
  input: { stepStatus?: string; stepDetails?: string; place?: string | null },
): Promise<void> {
  const place = input.place === undefined ? undefined : knownPlace(input.place);
  const subscription = await repo.findSubscriptionForStaff(app.db, subscriptionId);
  const before = subscription && (await repo.findStep(app.db, subscriptionId, stepId));
  if (!subscription || !before) throw notFound('Step not found.');
  const now = app.clock();
  await app.db.transaction(async (tx) => {
    if (input.stepStatus !== undefined) {
      const status = input.stepStatus.toLowerCase() === COMPLETED_STEP_STATUS ? COMPLETED_STEP_STATUS : input.stepStatus;
      await setStepStatus(tx, subscriptionId, stepId, status, status === COMPLETED_STEP_STATUS ? now : null);
    }
    if (input.stepDetails !== undefined || place !== undefined) await setStepFields(tx, stepId, { stepDetails: input.stepDetails, place });
    const after = await repo.findStep(tx, subscriptionId, stepId);
    await recordAudit(tx, { actor, action: 'step.update', entityType: 'step', entityId: stepId, customerId: subscription.userId, before, after, now });
    await publishStepChange(tx, subscriptionId, subscription.userId);
  });
}

/** Staff add a step after the subscription's last one. */
export async function addStepAsStaff(
  app: Pick<FastifyInstance, 'clock' | 'db'>,
  actor: AuditActor,
  subscriptionId: string,
  input: { stepDetails: string; place?: string | null | undefined },
): Promise<CompletionSteps> {
  const place = knownPlace(input.place ?? null);
  const subscription = await repo.findSubscriptionForStaff(app.db, subscriptionId);
  if (!subscription) throw notFound('Subscription not found.');
  const now = app.clock();
  await app.db.transaction(async (tx) => {
    const step = await insertStep(tx, { subscriptionId, userId: subscription.userId, stepDetails: input.stepDetails, place });
    await recordAudit(tx, { actor, action: 'step.create', entityType: 'step', entityId: step.id, customerId: subscription.userId, before: null, after: step, now });
    await publishStepChange(tx, subscriptionId, subscription.userId);
  });
  return stepsOf(app.db, subscriptionId, subscription.serviceTitle);
}

/** Operator seeding: an ACTIVE subscription to a plan, with its steps from the templates, as checkout makes it. */
export async function seedSubscription(
  app: Pick<FastifyInstance, 'clock' | 'db'>,
  email: string,
  planId?: string,
): Promise<string> {
  const userId = await repo.findUserIdByEmail(app.db, email);
  if (!userId) throw notFound('No account has that e-mail.');
  const plan = await repo.findPlanForSeeding(app.db, planId);
  if (!plan) throw notFound('No such plan.');
  return app.db.transaction(async (tx) => {
    const subscriptionId = await startSubscription(
      tx,
      {
        userId,
        serviceId: plan.id,
        serviceTitle: plan.title,
        price: plan.price,
        amount: plan.amount,
        recurring: plan.recurring,
        cardId: null,
        cardBrand: null,
        cardLast4: null,
      },
      app.clock(),
    );
    await publishChange(tx, { topic: `subscriptions:${subscriptionId}`, audience: { userId } });
    await publishChange(tx, { topic: `dashboard:${userId}`, audience: { userId } });
    return subscriptionId;
  });
}
