/**
 * Subscriptions: the customer's list, cancel and free reactivation, and the lifecycle billing drives (start,
 * paid reactivation, renewal). Other modules use only what this file exports; their SQL may join the tables.
 */
import type { PortalModule } from '../../platform/portal-module.ts';
import { subscriptionRoutes } from './routes.ts';
import { staffSubscriptionRoutes } from './staff-routes.ts';
import { pauseResumeSweep } from './pause.ts';

export { cancelSubscription, reactivateSubscription, SUBSCRIPTION_NOT_FOUND, subscriptionsOf } from './service.ts';
export { extendSubscription } from './goodwill.ts';
export { churnByReason } from './churn.ts';
export type { StaffAct } from './staff-audit.ts';
export { ownerOfSubscription, staffAct } from './staff-routes.ts';
export {
  announceComingPrice,
  dropPendingChange,
  grantLastingDiscount,
  NO_COMING_PRICE,
  reactivatePaid,
  recordRenewalFailure,
  renewPaid,
  scheduleDowngrade,
  startSubscription,
  upgradePaid,
  withdrawComingPrice,
  type LastingDiscount,
  type PaidPlan,
} from './lifecycle.ts';
export { billingAnchorDayOf, nextDueDate, periodStartOf, shiftByPeriods } from './periods.ts';
export { discountOff, paysComingPrice, renewalPriceOf, retentionDiscountOf, type RenewalPrice } from './renewal-price.ts';
export {
  findSubscription,
  findSubscriptionOwner,
  hasActiveSubscription,
  hasPaymentInFlight,
  cancelSubscriptionsOf,
  lockUserPurchases,
  moveSubscriptionsToCard,
  upsertCompletionSteps,
  upsertSubscriptions,
} from './repository.ts';
export { assertPlanNotHeld, PLAN_ALREADY_ACTIVE_MESSAGE } from './purchase-guard.ts';
export { firstRenewalOnOrAfter, isActive, reactivationOf, toSubscription } from './views.ts';
export { pauseSubscription, resumeSubscription, runResumeSweep, type PauseActor } from './pause.ts';
export { completionSteps, completionStepTemplates, subscriptions, type SubscriptionRow } from './schema.ts';
export { completeStepsAt, insertStep, setStepFields, setStepStatus } from './steps.ts';
export { knownPlace } from './step-place.ts';
export {
  createStepTemplate,
  deleteStepTemplate,
  importedStepTemplates,
  listStepTemplates,
  updateStepTemplate,
} from './step-templates.ts';

export const subscriptionsModule: PortalModule = { name: 'subscriptions', routes: [subscriptionRoutes, staffSubscriptionRoutes], work: [pauseResumeSweep] };
