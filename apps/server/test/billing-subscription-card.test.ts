import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRenewalSweep } from '../src/modules/billing/renewals.ts';
import { as, createBillingApp, saveCard, subscribedUser, type ManualClock } from './billing-helpers.ts';
import type { TestContext } from './helpers.ts';

let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
});
afterAll(async () => ctx.close());

const subscription = async (user: Parameters<typeof as>[1], id: string) => (await as(ctx, user, 'GET', `/api/subscriptions/${id}`)).json();

describe("the subscription's card", () => {
  it('chooses which saved card pays a subscription; its brand and last 4 follow', async () => {
    const { user, subscriptionId, card } = await subscribedUser(ctx);
    expect(await subscription(user, subscriptionId)).toMatchObject({ cardId: card.id, cardLast4: '1111' });
    const master = await saveCard(ctx, user, { number: '5105105105105100' });
    const res = await as(ctx, user, 'PUT', `/api/subscriptions/${subscriptionId}/card`, { cardId: master.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cardId: master.id, cardBrand: 'MASTERCARD', cardLast4: '5100' });
    expect(await subscription(user, subscriptionId)).toMatchObject({ cardId: master.id, cardLast4: '5100' });
  });

  it("refuses a card that is not saved, another user's card, and an unknown subscription", async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const declined = await saveCard(ctx, user, { number: '4000000000000002' });
    const bad = await as(ctx, user, 'PUT', `/api/subscriptions/${subscriptionId}/card`, { cardId: declined.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('CARD_NOT_USABLE');
    const other = await subscribedUser(ctx);
    const foreign = await as(ctx, user, 'PUT', `/api/subscriptions/${subscriptionId}/card`, { cardId: other.card.id });
    expect(foreign.statusCode).toBe(404);
    const foreignSub = await as(ctx, other.user, 'PUT', `/api/subscriptions/${subscriptionId}/card`, { cardId: other.card.id });
    expect(foreignSub.statusCode).toBe(404);
    expect((await as(ctx, user, 'PUT', `/api/subscriptions/${subscriptionId}/card`, {})).statusCode).toBe(400);
  });

  it('deleting the card of an active subscription without naming the card that takes over is refused, and nothing changes', async () => {
    const { user, subscriptionId, card } = await subscribedUser(ctx);
    const spare = await saveCard(ctx, user, { number: '5105105105105100' });
    const res = await as(ctx, user, 'DELETE', `/api/cards/${card.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CARD_REPLACEMENT_REQUIRED');
    const list = (await as(ctx, user, 'GET', '/api/cards')).json();
    expect(list.cards.map((c: { id: string }) => c.id).sort()).toEqual([card.id, spare.id].sort());
    expect(await subscription(user, subscriptionId)).toMatchObject({ cardId: card.id });
    // The replacement must be another of the user's saved cards.
    const self = await as(ctx, user, 'DELETE', `/api/cards/${card.id}?replacementCardId=${card.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('CARD_NOT_USABLE');
  });

  it('deleting it with a replacement moves the subscription (and the default) to that card, which pays the next charge', async () => {
    const { user, subscriptionId, card } = await subscribedUser(ctx);
    const spare = await saveCard(ctx, user, { number: '5105105105105100' });
    const res = await as(ctx, user, 'DELETE', `/api/cards/${card.id}?replacementCardId=${spare.id}`);
    expect(res.statusCode).toBe(204);
    expect(await subscription(user, subscriptionId)).toMatchObject({ cardId: spare.id, cardBrand: 'MASTERCARD', cardLast4: '5100' });
    expect((await as(ctx, user, 'GET', '/api/cards')).json()).toMatchObject({ defaultCardId: spare.id, cards: [{ id: spare.id }] });
  });

  it('the only card that pays an active subscription cannot be deleted: ONLY_PAYING_CARD, and nothing changes', async () => {
    const { user, subscriptionId, card } = await subscribedUser(ctx);
    const res = await as(ctx, user, 'DELETE', `/api/cards/${card.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'ONLY_PAYING_CARD', message: 'This card pays an active subscription. Please add another card first.' });
    expect(await subscription(user, subscriptionId)).toMatchObject({ cardId: card.id, cardLast4: card.last4 });
    expect((await as(ctx, user, 'GET', '/api/cards')).json()).toMatchObject({ defaultCardId: card.id, cards: [{ id: card.id, usable: true }] });
    // Once the subscription is cancelled, the card pays nothing and can go.
    expect((await as(ctx, user, 'POST', `/api/subscriptions/${subscriptionId}/cancel`)).statusCode).toBe(200);
    expect((await as(ctx, user, 'DELETE', `/api/cards/${card.id}`)).statusCode).toBe(204);
  });

  it('the default card pays a subscription without a card of its own, so it is protected the same way', async () => {
    const { user, subscriptionId, card } = await subscribedUser(ctx);
    // An imported subscription may have no card of its own: the default card pays it.
    await ctx.database.sql.query(`UPDATE subscriptions SET card_id = NULL, card_brand = NULL, card_last4 = NULL WHERE id = $1`, [subscriptionId]);
    expect((await as(ctx, user, 'DELETE', `/api/cards/${card.id}`)).json().error.code).toBe('ONLY_PAYING_CARD');
    const spare = await saveCard(ctx, user, { number: '5105105105105100' });
    expect((await as(ctx, user, 'DELETE', `/api/cards/${card.id}`)).json().error.code).toBe('CARD_REPLACEMENT_REQUIRED');
    // A card that is not the default pays nothing here and goes without a question.
    const third = await saveCard(ctx, user, { number: '6011000000000004' });
    expect((await as(ctx, user, 'DELETE', `/api/cards/${third.id}`)).statusCode).toBe(204);
    expect((await as(ctx, user, 'DELETE', `/api/cards/${card.id}?replacementCardId=${spare.id}`)).statusCode).toBe(204);
    expect((await as(ctx, user, 'GET', '/api/cards')).json().defaultCardId).toBe(spare.id);
  });

  it('flags a card that expires before the next renewal of the subscription it pays, and not one that lasts', async () => {
    const { user, subscriptionId, card } = await subscribedUser(ctx);
    const sub = await subscription(user, subscriptionId);
    expect((await as(ctx, user, 'GET', '/api/cards')).json().expiringBeforeRenewal).toEqual([]);
    // The clock is in March 2026; the renewal in April. A card good through March 2026 expires before it.
    const shortLived = await saveCard(ctx, user, { number: '5105105105105100', expMonth: 3, expYear: 2026 });
    expect(shortLived.status).toBe('Complete');
    await as(ctx, user, 'PUT', `/api/subscriptions/${subscriptionId}/card`, { cardId: shortLived.id });
    const list = (await as(ctx, user, 'GET', '/api/cards')).json();
    expect(list.expiringBeforeRenewal).toEqual([
      { cardId: shortLived.id, subscriptionId, serviceTitle: sub.serviceTitle, dueDate: sub.dueDate },
    ]);
    await as(ctx, user, 'PUT', `/api/subscriptions/${subscriptionId}/card`, { cardId: card.id });
    expect((await as(ctx, user, 'GET', '/api/cards')).json().expiringBeforeRenewal).toEqual([]);
  });

  it('the chosen card pays the next renewal', async () => {
    const { user, subscriptionId } = await subscribedUser(ctx);
    const master = await saveCard(ctx, user, { number: '5105105105105100' });
    await as(ctx, user, 'PUT', `/api/subscriptions/${subscriptionId}/card`, { cardId: master.id });
    const sub = await subscription(user, subscriptionId);
    time.advance(sub.dueDate - time.now().getTime() + 60_000);
    await runRenewalSweep(ctx.app);
    await ctx.app.billing.settle();
    const { payments } = (await as(ctx, user, 'GET', '/api/payments')).json();
    expect(payments[0]).toMatchObject({ purchaseType: 'Renewal', status: 'Complete', cardBrand: 'MASTERCARD', cardLast4: '5100' });
  });
});
