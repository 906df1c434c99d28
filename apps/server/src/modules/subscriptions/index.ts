/**
 * Subscriptions: the customer's list, cancel and free reactivation, and the lifecycle billing drives (start,
 * paid reactivation, renewal). Other modules use only what this file exports; their SQL may join the tables.
 */
export { subscriptionRoutes } from './routes.ts';
export { SUBSCRIPTION_NOT_FOUND, subscriptionsOf } from './service.ts';
export {
  dropPendingChange,
  reactivatePaid,
  recordRenewalFailure,
  renewPaid,
  scheduleDowngrade,
  startSubscription,
  upgradePaid,
  type PaidPlan,
} from './lifecycle.ts';
export { billingAnchorDayOf, nextDueDate, periodStartOf } from './periods.ts';
export { findSubscription, hasActiveSubscription, hasPaymentInFlight, lockUserPurchases } from './repository.ts';
export { assertPlanNotHeld, PLAN_ALREADY_ACTIVE_MESSAGE } from './purchase-guard.ts';
export { isActive, reactivationOf, renewalAmountOf, toSubscription } from './views.ts';
export { completionSteps, completionStepTemplates, subscriptions, type SubscriptionRow } from './schema.ts';
