import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SQUARE } from '../src/platform/square/local.ts';
import { runPendingSweep } from '../src/modules/billing/sweeps.ts';
import { as, createBillingApp, nonceFor, saveCard, type ManualClock } from './billing-helpers.ts';
import { signUp, type TestContext } from './helpers.ts';

let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp());
});
afterAll(async () => ctx.close());

const sandboxCard = async (squareCardId: string) =>
  (
    await ctx.app.inject({
      url: `${LOCAL_SQUARE.basePath}/v2/cards/${encodeURIComponent(squareCardId)}`,
      headers: { authorization: `Bearer ${LOCAL_SQUARE.accessToken}` },
    })
  ).json().card;

const squareCardIdOf = async (cardId: string) =>
  (await ctx.database.sql.query<{ square_card_id: string }>(`SELECT square_card_id FROM cards WHERE id = $1`, [cardId]))[0]!.square_card_id;

describe('saving a card', () => {
  it('stores the token as PendingSquareCreation, then Complete with brand, last 4 and expiry', async () => {
    const user = await signUp(ctx.app);
    const res = await as(ctx, user, 'POST', '/api/cards', { nonce: await nonceFor(ctx, { number: '5105105105105100' }) });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'PendingSquareCreation', usable: false, brand: null, last4: null });
    await ctx.app.billing.settle();
    const card = (await as(ctx, user, 'GET', `/api/cards/${res.json().id}`)).json();
    expect(card).toMatchObject({ status: 'Complete', brand: 'MASTERCARD', last4: '5100', expMonth: 12, expYear: 2030, failureReason: null, usable: true });
    expect(await squareCardIdOf(card.id)).toMatch(/^ccof:/);
    const list = (await as(ctx, user, 'GET', '/api/cards')).json();
    expect(list).toMatchObject({ defaultCardId: card.id, cards: [{ id: card.id }] });
  });

  it('records a declined card as Error with its failure reason, never usable', async () => {
    const user = await signUp(ctx.app);
    const card = await saveCard(ctx, user, { number: '4000000000000002' });
    expect(card).toMatchObject({ status: 'Error', failureReason: 'Your card was declined. Please try another card.', usable: false });
    // The refused attempt is answered at its own address once; Saved Cards does not keep it.
    expect((await as(ctx, user, 'GET', '/api/cards')).json()).toMatchObject({ defaultCardId: null, cards: [] });
  });

  it.each([
    [{ cvv: '911' }, "The card's security code (CVV) was not accepted. Please check it and try again."],
    [{ postalCode: '99999' }, "The card's postal code was not accepted. Please check it and try again."],
    [{ expMonth: 1, expYear: 2040 }, "The card's expiration date was not accepted. Please check it and try again."],
  ])('records %o as Error: %s', async (values, reason) => {
    const user = await signUp(ctx.app);
    expect(await saveCard(ctx, user, values)).toMatchObject({ status: 'Error', failureReason: reason });
  });

  it('an unknown token becomes Error, and a blank one is refused', async () => {
    const user = await signUp(ctx.app);
    const res = await as(ctx, user, 'POST', '/api/cards', { nonce: 'cnon:never-issued' });
    await ctx.app.billing.settle();
    expect((await as(ctx, user, 'GET', `/api/cards/${res.json().id}`)).json()).toMatchObject({
      status: 'Error',
      failureReason: 'The card details were not accepted. Please check them and try again.',
    });
    const blank = await as(ctx, user, 'POST', '/api/cards', { nonce: '   ' });
    expect(blank.statusCode).toBe(400);
  });

  it('creates the Square customer once per user', async () => {
    const user = await signUp(ctx.app);
    await Promise.all([saveCard(ctx, user), saveCard(ctx, user, { number: '6011000000000004' })]);
    await saveCard(ctx, user, { number: '340000000000009', cvv: '1111' });
    const customers = await ctx.database.sql.query(`SELECT square_customer_id FROM billing_customers WHERE user_id = $1`, [user.id]);
    expect(customers).toHaveLength(1);
    const ids = await ctx.database.sql.query<{ customer_id: string }>(`SELECT DISTINCT customer_id FROM cards WHERE user_id = $1`, [user.id]);
    expect(ids.map((r) => r.customer_id)).toEqual([(customers[0] as { square_customer_id: string }).square_customer_id]);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/cards' });
    expect(res.statusCode).toBe(401);
  });
});

describe('default card and deletion', () => {
  it('keeps the first card as default, lets the user change it, and names the default card on every page', async () => {
    const user = await signUp(ctx.app);
    const first = await saveCard(ctx, user);
    time.advance(1000);
    const second = await saveCard(ctx, user, { number: '6011000000000004' });
    let list = (await as(ctx, user, 'GET', '/api/cards')).json();
    expect(list.defaultCardId).toBe(first.id);
    expect(list.defaultCard).toMatchObject({ id: first.id, usable: true });
    // Newest first; the default card comes in full on every page, so that the page can put it first.
    expect(list.cards.map((c: { id: string }) => c.id)).toEqual([second.id, first.id]);
    expect((await as(ctx, user, 'GET', '/api/cards?limit=1')).json()).toMatchObject({ cards: [{ id: second.id }], defaultCard: { id: first.id } });
    const changed = await as(ctx, user, 'PUT', '/api/cards/default', { cardId: second.id });
    expect(changed.statusCode).toBe(200);
    list = changed.json();
    expect(list.defaultCardId).toBe(second.id);
    expect(list.defaultCard.id).toBe(second.id);
  });

  it('refuses an Error card as default', async () => {
    const user = await signUp(ctx.app);
    const bad = await saveCard(ctx, user, { number: '4000000000000002' });
    const res = await as(ctx, user, 'PUT', '/api/cards/default', { cardId: bad.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CARD_NOT_USABLE');
  });

  it('deleting a card disables it at Square; deleting the default moves the default to another card', async () => {
    const user = await signUp(ctx.app);
    const first = await saveCard(ctx, user);
    time.advance(1000);
    const second = await saveCard(ctx, user, { number: '5105105105105100' });
    const squareId = await squareCardIdOf(first.id);
    const res = await as(ctx, user, 'DELETE', `/api/cards/${first.id}`);
    expect(res.statusCode).toBe(204);
    expect((await sandboxCard(squareId)).enabled).toBe(false);
    const list = (await as(ctx, user, 'GET', '/api/cards')).json();
    expect(list).toMatchObject({ defaultCardId: second.id, cards: [{ id: second.id }] });
    expect(list.cards).toHaveLength(1);
    await as(ctx, user, 'DELETE', `/api/cards/${second.id}`);
    expect((await as(ctx, user, 'GET', '/api/cards')).json()).toEqual({ cards: [], nextCursor: null, defaultCardId: null, defaultCard: null, expiringBeforeRenewal: [] });
  });

  it('an Error card can be deleted too', async () => {
    const user = await signUp(ctx.app);
    const bad = await saveCard(ctx, user, { cvv: '911' });
    expect((await as(ctx, user, 'DELETE', `/api/cards/${bad.id}`)).statusCode).toBe(204);
  });
});

describe("another user's cards", () => {
  it('answer 404 on every card route', async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const card = await saveCard(ctx, owner);
    expect((await as(ctx, other, 'GET', `/api/cards/${card.id}`)).statusCode).toBe(404);
    expect((await as(ctx, other, 'DELETE', `/api/cards/${card.id}`)).statusCode).toBe(404);
    expect((await as(ctx, other, 'PUT', '/api/cards/default', { cardId: card.id })).statusCode).toBe(404);
    expect((await as(ctx, other, 'GET', '/api/cards')).json().cards).toEqual([]);
    expect((await as(ctx, owner, 'GET', `/api/cards/${card.id}`)).json().status).toBe('Complete');
  });
});

describe('recovery', () => {
  it('a card left pending by a crash is made by the sweep, once, with the same idempotency key', async () => {
    const user = await signUp(ctx.app);
    const nonce = await nonceFor(ctx);
    const gateway = ctx.app.billing.gateway;
    const original = gateway.createCard;
    let calls = 0;
    // The first time, Square makes the card but the process dies before recording it.
    gateway.createCard = async (input) => {
      calls += 1;
      const result = await original(input);
      if (calls === 1) throw new Error('crash after Square made the card');
      return result;
    };
    try {
      const res = await as(ctx, user, 'POST', '/api/cards', { nonce });
      await ctx.app.billing.settle();
      expect((await as(ctx, user, 'GET', `/api/cards/${res.json().id}`)).json().status).toBe('PendingSquareCreation');
      time.advance(2 * 60_000);
      expect(await runPendingSweep(ctx.app)).toMatchObject({ cards: 1 });
      const card = (await as(ctx, user, 'GET', `/api/cards/${res.json().id}`)).json();
      expect(card).toMatchObject({ status: 'Complete', last4: '1111' });
      expect(calls).toBe(2);
      const atSquare = await ctx.database.sql.query(`SELECT id FROM square_sandbox_cards WHERE body->>'reference_id' = $1`, [card.id]);
      expect(atSquare).toHaveLength(1);
    } finally {
      gateway.createCard = original;
    }
  });
});

describe('rate limit', () => {
  it('holds one session to 20 card saves a minute, without holding up other users', async () => {
    const busy = await signUp(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await as(ctx, busy, 'POST', '/api/cards', { nonce: `cnon:made-up-${i}` })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
    const limited = await as(ctx, busy, 'POST', '/api/cards', { nonce: 'cnon:made-up-again' });
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    const other = await signUp(ctx.app);
    expect((await as(ctx, other, 'POST', '/api/cards', { nonce: 'cnon:made-up' })).statusCode).toBe(202);
    await ctx.app.billing.settle();
  });

  it('counts by the signed-in user, so a made-up cookie named like the session one does not start a new count', async () => {
    const busy = await signUp(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      // A cookie whose value contains the session cookie's name, with new text each time, before the real one.
      const cookie = `z=better-auth.session_token=${randomUUID()}; ${busy.cookie}`;
      statuses.push((await as(ctx, { ...busy, cookie }, 'POST', '/api/cards', { nonce: `cnon:made-up-${i}` })).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
    await ctx.app.billing.settle();
  });
});
