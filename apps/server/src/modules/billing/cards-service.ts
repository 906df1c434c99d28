import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CARD_REPLACEMENT_REQUIRED, ONLY_PAYING_CARD, type Card, type CardList } from '@portal/contracts/billing';
import { PAGE_LIMIT_DEFAULT, type PageQuery } from '@portal/contracts/page';
import { users } from '../../platform/auth/schema.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { pageFrom } from '../../platform/db/keyset.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import {
  claimPendingCard,
  deleteCardRow,
  findCard,
  findCustomer,
  findNewestUsableCard,
  insertPendingCard,
  listCards,
  saveCustomer,
  setDefaultCard,
  updateCard,
} from './cards-repository.ts';
import type { CardRow } from './schema.ts';
import { moveSubscriptionsToCard } from '../subscriptions/index.ts';
import { activeSubscriptionsPaidBy, expiringBeforeRenewal, paysAnActiveSubscription } from './subscription-card.ts';
import { CARD_NOT_FOUND, isUsableCard, toCard } from './views.ts';

const providerUnavailable = () => new AppError(502, 'PROVIDER_UNAVAILABLE', 'Could not reach the payment provider. Please try again.');

/**
 * A page of the user's cards, newest first, with their default card in full (shown first wherever cards are listed,
 * whichever page holds it). A card Square refused (Error) is not listed: the attempt's failure is answered once, at
 * GET /api/cards/:id, and it does not stay in Saved Cards.
 */
export async function cardListOf(app: Pick<FastifyInstance, 'db'>, userId: string, query: PageQuery = { limit: PAGE_LIMIT_DEFAULT }): Promise<CardList> {
  const [rows, customer] = await Promise.all([listCards(app.db, userId, query), findCustomer(app.db, userId)]);
  const page = pageFrom(rows, query.limit);
  const stored = customer?.defaultCardId ? await findCard(app.db, userId, customer.defaultCardId) : undefined;
  const defaultCard = stored && stored.status !== 'Error' ? stored : null;
  const expiring = await expiringBeforeRenewal(app.db, userId, defaultCard);
  return {
    cards: page.rows.map(toCard),
    nextCursor: page.nextCursor,
    defaultCardId: defaultCard?.id ?? null,
    defaultCard: defaultCard && toCard(defaultCard),
    expiringBeforeRenewal: expiring,
  };
}

export async function cardOf(app: Pick<FastifyInstance, 'db'>, userId: string, id: string): Promise<Card> {
  const row = await findCard(app.db, userId, id);
  if (!row) throw notFound(CARD_NOT_FOUND);
  return toCard(row);
}

/** Stores a card token as PendingSquareCreation (spec §4) and has Square make the card right after. */
export async function addCard(app: Pick<FastifyInstance, 'billing' | 'clock' | 'db'>, userId: string, nonce: string): Promise<Card> {
  const now = app.clock();
  const row = await app.db.transaction(async (tx) => {
    const card = await insertPendingCard(tx, { id: randomUUID(), userId, nonce, now });
    await publishChange(tx, { topic: `cards:${card.id}`, audience: { userId } });
    return card;
  });
  app.billing.later(() => processCard(app, row.id));
  return toCard(row);
}

/** The user's Square customer, made once: the key is derived from the user, so a retry finds the same one. */
async function ensureCustomer(app: Pick<FastifyInstance, 'billing' | 'clock' | 'db'>, userId: string): Promise<string> {
  const existing = await findCustomer(app.db, userId);
  if (existing) return existing.squareCustomerId;
  const [user] = await app.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  const squareCustomerId = await app.billing.gateway.createCustomer({
    idempotencyKey: createHash('sha256').update(`customer:${userId}`).digest('hex').slice(0, 40),
    referenceId: userId.slice(0, 100),
    email: user?.email ?? '',
    name: user?.name ?? '',
  });
  return (await saveCustomer(app.db, userId, squareCustomerId, app.clock())).squareCustomerId;
}

/** Creates a pending card at Square (card id as idempotency key) and records Complete or Error. */
export async function processCard(app: Pick<FastifyInstance, 'billing' | 'clock' | 'db'>, id: string, claimed?: CardRow): Promise<void> {
  const card = claimed ?? (await claimPendingCard(app.db, id, app.clock()));
  if (!card) return;
  const customerId = await ensureCustomer(app, card.userId);
  const result = await app.billing.gateway.createCard({ idempotencyKey: card.id, sourceId: card.squareCardId, customerId, referenceId: card.id });
  let orphan: string | undefined;
  await app.db.transaction(async (tx) => {
    const now = app.clock();
    const current = await findCard(tx, card.userId, card.id, true);
    if (!current || current.status !== 'PendingSquareCreation') {
      // Deleted while Square was making it: leave no live card at Square that the user cannot see.
      if (!current && result.ok) orphan = result.card.id;
      return;
    }
    if (result.ok) {
      const { id: squareCardId, brand, last4, expMonth, expYear } = result.card;
      await updateCard(tx, card.id, { status: 'Complete', squareCardId, customerId, brand, last4, expMonth, expYear, failureReason: null, leaseUntil: null, updatedAt: now });
      const customer = await findCustomer(tx, card.userId);
      if (!customer?.defaultCardId) await setDefaultCard(tx, card.userId, card.id, now);
    } else {
      await updateCard(tx, card.id, { status: 'Error', customerId, failureReason: result.reason, leaseUntil: null, updatedAt: now });
    }
    await publishChange(tx, { topic: `cards:${card.id}`, audience: { userId: card.userId } });
  });
  if (orphan) await app.billing.gateway.disableCard(orphan);
}

/**
 * Deletes a card: disabled at Square first, so a deleted card can never be charged. A card that pays an active
 * subscription (as its own card, or as the default card of one without its own) needs another saved card to take
 * over: CARD_REPLACEMENT_REQUIRED when the user has one to name, ONLY_PAYING_CARD when a card must be added first.
 */
export async function deleteCard(app: Pick<FastifyInstance, 'billing' | 'clock' | 'db'>, userId: string, id: string, replacementCardId?: string): Promise<void> {
  const card = await findCard(app.db, userId, id);
  if (!card) throw notFound(CARD_NOT_FOUND);
  let replacement: CardRow | undefined;
  if (replacementCardId !== undefined) {
    const candidate = replacementCardId === id ? undefined : await findCard(app.db, userId, replacementCardId);
    replacement = candidate && isUsableCard(candidate) ? candidate : undefined;
    if (!replacement) throw badRequest('CARD_NOT_USABLE', 'The card that takes over must be another saved card.');
  } else if (isUsableCard(card) && (await paysAnActiveSubscription(app.db, userId, id, (await findCustomer(app.db, userId))?.defaultCardId === id))) {
    if (await findNewestUsableCard(app.db, userId, id)) {
      throw conflict(CARD_REPLACEMENT_REQUIRED, 'This card pays an active subscription. Please choose the card that takes over.');
    }
    throw conflict(ONLY_PAYING_CARD, 'This card pays an active subscription. Please add another card first.');
  }
  if (isUsableCard(card)) await app.billing.gateway.disableCard(card.squareCardId).catch(() => Promise.reject(providerUnavailable()));
  await app.db.transaction(async (tx) => {
    const now = app.clock();
    // Read again under the transaction: a subscription switched to this card meanwhile moves too.
    const moving = await activeSubscriptionsPaidBy(tx, userId, id);
    await moveSubscriptionsToCard(tx, moving.map((s) => s.id), replacement ?? null, now);
    await deleteCardRow(tx, id);
    const customer = await findCustomer(tx, userId);
    if (customer?.defaultCardId === id) {
      const next = replacement ?? (await findNewestUsableCard(tx, userId, id));
      await setDefaultCard(tx, userId, next?.id ?? null, now);
    }
    await publishChange(tx, { topic: `cards:${id}`, audience: { userId } });
    for (const sub of moving) await publishChange(tx, { topic: `subscriptions:${sub.id}`, audience: { userId } });
  });
}

/** Makes a usable card the user's default (spec §3 DefaultCard). */
export async function makeDefaultCard(app: Pick<FastifyInstance, 'clock' | 'db'>, userId: string, id: string): Promise<CardList> {
  const card = await findCard(app.db, userId, id);
  if (!card) throw notFound(CARD_NOT_FOUND);
  if (!isUsableCard(card)) throw badRequest('CARD_NOT_USABLE', 'Only a saved card can be the default card.');
  await app.db.transaction(async (tx) => {
    await setDefaultCard(tx, userId, id, app.clock());
    await publishChange(tx, { topic: `cards:${id}`, audience: { userId } });
  });
  return cardListOf(app, userId);
}
