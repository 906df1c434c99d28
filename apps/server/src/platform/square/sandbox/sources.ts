import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { errorAnswer, type Answer } from './http.ts';
import { sandboxCards, sandboxCustomers, sandboxNonces } from './schema.ts';
import { TEST_NONCE_CARD, TEST_NONCES, type Outcome } from './test-values.ts';

/** A card as Square shows it inside payments and cards. */
export interface CardFacts {
  card_brand: string;
  last_4: string;
  exp_month: number;
  exp_year: number;
  bin: string;
  fingerprint: string;
  card_type: 'CREDIT';
  prepaid_type: 'NOT_PREPAID';
}

export interface ResolvedSource {
  card: CardFacts;
  outcome: Outcome;
  entryMethod: 'KEYED' | 'ON_FILE';
  /** A tokenizer nonce to mark used once it has been spent. */
  spendNonce?: string;
}

const NONCE_LIFETIME_MS = 24 * 60 * 60 * 1000;

const facts = (c: { brand: string; last4: string; expMonth: number; expYear: number; bin: string }): CardFacts => ({
  card_brand: c.brand,
  last_4: c.last4,
  exp_month: c.expMonth,
  exp_year: c.expYear,
  bin: c.bin,
  fingerprint: `sq-1-${c.bin}${c.last4}${c.expMonth}${c.expYear}`,
  card_type: 'CREDIT',
  prepaid_type: 'NOT_PREPAID',
});

const invalidCardData = errorAnswer(400, {
  category: 'INVALID_REQUEST_ERROR',
  code: 'INVALID_CARD_DATA',
  detail: 'Invalid card data.',
  field: 'source_id',
});

/** A card token: one of Square's ready-made test tokens, or one the tokenizer issued (single use, 24 hours). */
export async function resolveNonce(db: Db, nonce: string, now: Date): Promise<ResolvedSource | Answer> {
  const testOutcome = TEST_NONCES[nonce];
  if (testOutcome) {
    const c = TEST_NONCE_CARD;
    return { card: facts({ ...c, expYear: now.getUTCFullYear() + c.expYearsAhead }), outcome: testOutcome, entryMethod: 'KEYED' };
  }
  const [row] = await db.select().from(sandboxNonces).where(eq(sandboxNonces.nonce, nonce));
  if (!row) return invalidCardData;
  if (row.usedAt) return { card: facts(row), outcome: 'TOKEN_USED', entryMethod: 'KEYED' };
  if (now.getTime() - row.createdAt.getTime() > NONCE_LIFETIME_MS) {
    return errorAnswer(400, { category: 'INVALID_REQUEST_ERROR', code: 'CARD_TOKEN_EXPIRED', detail: 'Card nonce expired.', field: 'source_id' });
  }
  return { card: facts(row), outcome: row.outcome as Outcome, entryMethod: 'KEYED', spendNonce: nonce };
}

/** A card on file: enabled, and belonging to the customer named in the request. */
export async function resolveCardOnFile(db: Db, cardId: string, customerId: string | undefined): Promise<ResolvedSource | Answer> {
  const [row] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, cardId));
  if (!row) return errorAnswer(404, { category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Card on file not found.', field: 'source_id' });
  if (!customerId) {
    return errorAnswer(400, {
      category: 'INVALID_REQUEST_ERROR',
      code: 'MISSING_REQUIRED_PARAMETER',
      detail: 'customer_id is required when paying with a card on file.',
      field: 'customer_id',
    });
  }
  if (row.customerId !== customerId) {
    return errorAnswer(400, { category: 'INVALID_REQUEST_ERROR', code: 'CARD_MISMATCH', detail: 'The card does not belong to this customer.', field: 'source_id' });
  }
  const card = row.body as unknown as CardFacts & { enabled: boolean };
  if (!card.enabled) {
    return errorAnswer(400, { category: 'INVALID_REQUEST_ERROR', code: 'INVALID_CARD', detail: 'The card on file has been disabled.', field: 'source_id' });
  }
  return { card: pickFacts(card), outcome: 'OK', entryMethod: 'ON_FILE' };
}

export const isAnswer = (v: ResolvedSource | Answer): v is Answer => 'status' in v;

export const pickFacts = (c: CardFacts): CardFacts => facts({ brand: c.card_brand, last4: c.last_4, expMonth: c.exp_month, expYear: c.exp_year, bin: c.bin });

/**
 * Registers a card kept from the original system (its Square customer and card ids) in the local sandbox as a
 * card on file that charges, so a migration can be rehearsed end to end (docs/decisions/0024). Nothing happens
 * when the sandbox already has that card.
 */
export async function registerMigratedSandboxCard(
  db: Db,
  card: { customerId: string; cardId: string; brand: string | null; last4: string | null; now: Date },
): Promise<void> {
  const at = card.now.toISOString();
  const customer = { id: card.customerId, created_at: at, updated_at: at, creation_source: 'THIRD_PARTY', version: 0 };
  await db.insert(sandboxCustomers).values({ id: card.customerId, body: customer }).onConflictDoNothing();
  const last4 = card.last4 && /^\d{4}$/.test(card.last4) ? card.last4 : '1111';
  const body = {
    id: card.cardId,
    ...facts({ brand: card.brand ?? 'VISA', last4, expMonth: 12, expYear: card.now.getUTCFullYear() + 5, bin: '411111' }),
    customer_id: card.customerId,
    merchant_id: 'MLOCALSANDBOX',
    enabled: true,
    version: 1,
    created_at: at,
  };
  await db.insert(sandboxCards).values({ id: card.cardId, customerId: card.customerId, body }).onConflictDoNothing();
}
