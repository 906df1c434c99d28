import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { billingRoutes as route, planRoutes as planRoute } from '@portal/contracts/routes';
import { requireFreshSignIn } from '../../platform/auth/reauthentication.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { billingProfileOf, saveBillingProfile } from './billing-profile.ts';
import { addCard, cardListOf, cardOf, deleteCard, makeDefaultCard } from './cards-service.ts';
import { paymentOf, paymentsConfig, paymentsOf, quotePromo, startCheckout } from './checkout-service.ts';
import { installClockControl } from './clock-control.ts';
import { createBilling } from './context.ts';
import { createPromoCode, deletePromoCode, listPromoCodesForStaff, updatePromoCode } from './promo-editor.ts';
import { perSession } from './rate-limit.ts';
import { runRenewalSweep } from './renewals.ts';
import { runRenewalReminderSweep } from './renewal-reminders.ts';
import { runPendingSweep } from './sweeps.ts';
import { runPriceChangeSweep, withdrawPriceChange } from './price-change-notices.ts';
import { schedulePriceChange, toPriceChange } from '../plans/index.ts';
import { firstAnswer } from './views.ts';
import { changePlan, planOptionsOf, undoPlanChange } from './plan-change.ts';
import { payNow } from './pay-now.ts';
import { receiptOf } from './receipts.ts';
import { refundPayment } from './refunds.ts';
import { setSubscriptionCard } from './subscription-card.ts';
import { squareWebhookRoute } from './webhook-route.ts';
import { runResumeSweep } from '../subscriptions/index.ts';

async function sweepNow(app: Pick<FastifyInstance, 'billing' | 'clock' | 'config' | 'db' | 'log' | 'mail'>) {
  // Pauses that have ended resume first, so that the renewal sweep sees them as they now are.
  await runResumeSweep(app);
  const renewals = await runRenewalSweep(app);
  const pending = await runPendingSweep(app);
  const reminders = await runRenewalReminderSweep(app);
  const priceChanges = await runPriceChangeSweep(app);
  return { now: app.clock().getTime(), renewals: renewals.length, pending, reminders, priceChanges };
}

/**
 * Billing: saved cards, checkout, payments, renewals, and the operator's sweeps. Registered on the root instance
 * because it decorates it (`app.billing`: the Square gateway and the work queue) and, on test servers, makes its
 * clock movable.
 */
export const billingRoutes = fp(
  async (app) => {
    app.decorate('billing', createBilling(app));
    app.addHook('onClose', async () => app.billing.settle());
    const advanceClock = app.config.ALLOW_CLOCK_CONTROL ? installClockControl(app) : null;

    registerRoute(app, route.listCards, async (request) => cardListOf(app, request.user.id, request.query));
    registerRoute(
      app,
      route.addCard,
      async (request, reply) => reply.code(202).send(await addCard(app, request.user.id, request.body.nonce)),
      { config: perSession(20) },
    );
    registerRoute(app, route.getCard, async (request) => cardOf(app, request.user.id, request.params.id));
    registerRoute(app, route.deleteCard, async (request, reply) => {
      await deleteCard(app, request.user.id, request.params.id, request.query.replacementCardId);
      return reply.code(204).send(null);
    });
    registerRoute(app, route.setDefaultCard, async (request) => makeDefaultCard(app, request.user.id, request.body.cardId));
    registerRoute(app, route.setSubscriptionCard, async (request) =>
      setSubscriptionCard(app, request.user.id, request.params.id, request.body.cardId),
    );

    registerRoute(app, route.getBillingProfile, async (request) => billingProfileOf(app, request.user.id));
    registerRoute(app, route.updateBillingProfile, async (request) => saveBillingProfile(app, request.user.id, request.body));

    registerRoute(app, route.getPaymentsConfig, async () => paymentsConfig(app));
    registerRoute(app, route.validatePromoCode, async (request) =>
      quotePromo(app, request.user.id, request.body.serviceId, request.body.promoCode),
    );
    registerRoute(
      app,
      route.startCheckout,
      async (request, reply) => {
        const { payment, created } = await startCheckout(app, request.user, request.body);
        // A replay answers what the first request answered; the payment's state since is at GET /api/payments/:id.
        return reply.code(202).send(created ? payment : firstAnswer(payment));
      },
      { config: perSession(30) },
    );
    registerRoute(app, route.listPayments, async (request) => paymentsOf(app, request.user.id, request.query));
    registerRoute(app, route.getReceipt, async (request, reply) => {
      const receipt = await receiptOf(app, request.user.id, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${receipt.filename}"`)
        .header('cache-control', 'private, no-store')
        .code(200)
        .send(receipt.pdf);
    });
    registerRoute(app, route.getPayment, async (request) => paymentOf(app, request.user.id, request.params.id));

    registerRoute(app, route.getPlanOptions, async (request) => planOptionsOf(app, request.user.id, request.params.id, request.query.promoCode));
    registerRoute(app, route.changePlan, async (request) => changePlan(app, request.user, request.params.id, request.body), { config: perSession(60) });
    registerRoute(app, route.undoPlanChange, async (request) => undoPlanChange(app, request.user.id, request.params.id));
    registerRoute(
      app,
      route.payNow,
      async (request, reply) => reply.code(202).send(await payNow(app, request.user.id, request.params.id, request.body.cardId)),
      { config: perSession(60) },
    );

    registerRoute(app, route.refundPayment, async (request) => {
      await requireFreshSignIn(request);
      return refundPayment(app, request.user, request.params.id, request.body);
    });

    // Staff: the promo codes editor (/staff/promo-codes).
    registerRoute(app, route.listStaffPromoCodes, async () => listPromoCodesForStaff(app.db));
    registerRoute(app, route.createPromoCode, async (request, reply) =>
      reply.code(201).send(await createPromoCode(app.db, request.user, request.body, app.clock())),
    );
    registerRoute(app, route.updatePromoCode, async (request) =>
      updatePromoCode(app.db, request.user, request.params.code, request.body, app.clock()),
    );
    registerRoute(app, route.deletePromoCode, async (request, reply) => {
      await deletePromoCode(app.db, request.user, request.params.code, app.clock());
      return reply.code(204).send(null);
    });

    // Staff: a plan's price change with notice (decision 0062). The subscribers' notices go out once it has
    // committed; any a failure leaves out, the price change sweep sends.
    registerRoute(app, planRoute.schedulePriceChange, async (request, reply) => {
      const change = await schedulePriceChange(app.db, request.user, request.params.planId, request.body, app.clock());
      await runPriceChangeSweep(app).catch((err: unknown) => app.log.warn({ err, changeId: change.id }, 'price change notices left to the sweep'));
      return reply.code(201).send(toPriceChange(change));
    });

    registerRoute(app, planRoute.withdrawPriceChange, async (request) => {
      const { priceChange, subscribersTold } = await withdrawPriceChange(app, request.user, request.params.planId);
      return { priceChange: toPriceChange(priceChange), subscribersTold };
    });

    // Square's event notifications, in a scope that keeps their raw body for the signature check.
    await app.register(squareWebhookRoute);

    registerRoute(app, route.runBillingSweeps, async () => sweepNow(app));
    if (advanceClock) {
      registerRoute(app, route.advanceBillingClock, async (request) => {
        advanceClock(request.body.advanceMs + Math.round(request.body.advanceDays * 86_400_000));
        return sweepNow(app);
      });
    }
  },
  { name: 'billing' },
);
