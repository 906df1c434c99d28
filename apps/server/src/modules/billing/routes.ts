import fp from 'fastify-plugin';
import { cardRoutes } from './cards-routes.ts';
import { installClockControl } from './clock-control.ts';
import { createBilling } from './context.ts';
import { billingOperatorRoutes } from './operator-routes.ts';
import { paymentRoutes } from './payment-routes.ts';

/**
 * Billing: saved cards, checkout, payments, renewals. Registered on the root instance because it decorates it
 * (`app.billing`: the Square gateway and the work queue) and, on test servers, makes its clock movable.
 */
export const billingRoutes = fp(
  async (app) => {
    app.decorate('billing', createBilling(app));
    app.addHook('onClose', async () => app.billing.settle());
    const advanceClock = app.config.ALLOW_CLOCK_CONTROL ? installClockControl(app) : null;
    await app.register(cardRoutes);
    await app.register(paymentRoutes);
    await app.register(billingOperatorRoutes, { advanceClock });
  },
  { name: 'billing' },
);
