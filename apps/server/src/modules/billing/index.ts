/** Billing: saved cards, checkout, payments, promo codes, renewals and the sweeps that re-drive them. */
export { billingRoutes } from './routes.ts';
export { pendingPaymentSweep, renewalSweep } from './sweeps.ts';
export { cardExpirySweep, runCardExpirySweep } from './card-expiry.ts';
export { renewalReminderSweep } from './renewal-reminders.ts';
export { priceChangeSweep } from './price-change-notices.ts';
export { billingCustomers, cards, paymentDisputes, payments, promoCodes } from './schema.ts';
export { latestDisputes } from './disputes.ts';
export { receiptPdf, type Receipt } from './receipts.ts';
export { disableCardsOf, eraseBillingOf, ERASED_PAYER_NAME } from './erase.ts';
export { paymentsOf } from './checkout-service.ts';
export { cardListOf } from './cards-service.ts';
export { payNow } from './pay-now.ts';
export { upsertBillingCustomers, upsertCards } from './cards-repository.ts';
export { upsertPayments } from './payments-repository.ts';
