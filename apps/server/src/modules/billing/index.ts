/** Billing: saved cards, checkout, payments, promo codes, renewals and the sweeps that re-drive them. */
import type { PortalModule } from '../../platform/portal-module.ts';
import { billingRoutes } from './routes.ts';
import { staffBillingRoutes } from './staff-routes.ts';
import { pendingPaymentSweep, renewalSweep } from './sweeps.ts';
import { cardExpirySweep } from './card-expiry.ts';
import { renewalReminderSweep } from './renewal-reminders.ts';
import { priceChangeSweep } from './price-change-notices.ts';

export { runCardExpirySweep } from './card-expiry.ts';
export { billingCustomers, cards, paymentDisputes, payments, promoCodes } from './schema.ts';
export { latestDisputes } from './disputes.ts';
export { receiptPdf, type Receipt } from './receipts.ts';
export { disableCardsOf, eraseBillingOf, ERASED_PAYER_NAME } from './erase.ts';
export { paymentsOf } from './checkout-service.ts';
export { cardListOf } from './cards-service.ts';
export { payNow } from './pay-now.ts';
export { upsertBillingCustomers, upsertCards } from './cards-repository.ts';
export { upsertPayments } from './payments-repository.ts';
export { importedPromoCodes } from './promo-editor.ts';

export const billingModule: PortalModule = {
  name: 'billing',
  routes: [billingRoutes, staffBillingRoutes],
  work: [renewalSweep, pendingPaymentSweep, cardExpirySweep, renewalReminderSweep, priceChangeSweep],
};
