/** Billing: saved cards, checkout, payments, promo codes, renewals and the sweeps that re-drive them. */
export { billingRoutes } from './routes.ts';
export { pendingPaymentSweep, renewalSweep } from './sweeps.ts';
export { billingCustomers, cards, payments } from './schema.ts';
