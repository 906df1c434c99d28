import type { FastifyInstance } from 'fastify';
import type { SquareClient, SquareError } from 'square';
import { injectFetch } from './local-fetch.ts';
import { LOCAL_SQUARE, squareCredentials } from './local.ts';
import { readableReason } from './reasons.ts';

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A definitive refusal from Square (a decline, a bad card): recorded as the FailureReason. */
export interface Refusal {
  ok: false;
  code: string;
  reason: string;
}

export type CardResult = { ok: true; card: SavedCard } | Refusal;
export type ChargeResult = { ok: true; squarePaymentId: string } | (Refusal & { squarePaymentId: string | null });
export type RefundResult = { ok: true; squareRefundId: string; status: string } | Refusal;

/**
 * What billing needs from Square. Every write carries an idempotency key, so a retry after a crash or a timeout
 * gets Square's first answer instead of a second card or charge. Network faults and 5xx answers throw (the work
 * stays pending and a sweep re-drives it); 4xx answers are refusals.
 */
export interface SquareGateway {
  createCustomer(input: { idempotencyKey: string; referenceId: string; email: string; name: string }): Promise<string>;
  createCard(input: { idempotencyKey: string; sourceId: string; customerId: string; referenceId: string }): Promise<CardResult>;
  disableCard(cardId: string): Promise<void>;
  createPayment(input: {
    idempotencyKey: string;
    sourceId: string;
    customerId: string | null;
    amountCents: number;
    referenceId: string;
    note: string;
  }): Promise<ChargeResult>;
  getPayment(paymentId: string): Promise<{ id: string; status: string; amountCents: number; referenceId: string | null }>;
  /** Refunds part or all of a payment (Square's Refunds API, POST /v2/refunds). */
  refundPayment(input: { idempotencyKey: string; squarePaymentId: string; amountCents: number; reason: string }): Promise<RefundResult>;
}

/**
 * Square's SDK, loaded at the first call that needs it: it costs half a second and 85 MB at a start that has no
 * payment to make (decision 31).
 */
let sdk: typeof import('square') | undefined;
const loadSdk = async () => (sdk ??= await import('square'));

/** An error of Square's SDK (only a call through the loaded SDK can have thrown one). */
const isSquareError = (error: unknown): error is SquareError => sdk !== undefined && error instanceof sdk.SquareError;

/** Is this a refusal (4xx other than rate limiting and timeouts), rather than a fault worth retrying? */
const isRefusal = (error: unknown): error is SquareError =>
  isSquareError(error) && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 && ![408, 429].includes(error.statusCode);

const refusal = (error: SquareError): Refusal => {
  const code = error.errors[0]?.code ?? 'UNKNOWN';
  return { ok: false, code, reason: readableReason(code) };
};

export function createSquareGateway(app: FastifyInstance): SquareGateway {
  const credentials = squareCredentials(app.config);
  const local = credentials.environment === 'local';
  let clientReady: Promise<SquareClient> | undefined;
  const square = () =>
    (clientReady ??= loadSdk().then(
      ({ SquareClient, SquareEnvironment }) =>
        new SquareClient({
          token: credentials.accessToken,
          ...(local
            ? { baseUrl: `${app.config.publicUrl}${LOCAL_SQUARE.basePath}`, fetch: injectFetch(app) }
            : { environment: credentials.environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox }),
          timeoutInSeconds: 30,
        }),
    ));

  return {
    async createCustomer({ idempotencyKey, referenceId, email, name }) {
      const [givenName, ...rest] = name.trim().split(/\s+/);
      const { customer } = await (await square()).customers.create({
        idempotencyKey,
        referenceId,
        emailAddress: email,
        givenName: givenName || undefined,
        familyName: rest.join(' ') || undefined,
      });
      if (!customer?.id) throw new Error('Square answered without a customer id.');
      return customer.id;
    },

    async createCard({ idempotencyKey, sourceId, customerId, referenceId }) {
      try {
        const { card } = await (await square()).cards.create({ idempotencyKey, sourceId, card: { customerId, referenceId } });
        if (!card?.id) throw new Error('Square answered without a card id.');
        return {
          ok: true,
          card: {
            id: card.id,
            brand: card.cardBrand ?? 'OTHER_BRAND',
            last4: card.last4 ?? '',
            expMonth: Number(card.expMonth ?? 0),
            expYear: Number(card.expYear ?? 0),
          },
        };
      } catch (error) {
        if (isRefusal(error)) return refusal(error);
        throw error;
      }
    },

    async disableCard(cardId) {
      try {
        await (await square()).cards.disable({ cardId });
      } catch (error) {
        // A card Square no longer knows is as good as disabled.
        if (isSquareError(error) && error.statusCode === 404) return;
        throw error;
      }
    },

    async createPayment({ idempotencyKey, sourceId, customerId, amountCents, referenceId, note }) {
      try {
        const { payment } = await (await square()).payments.create({
          idempotencyKey,
          sourceId,
          customerId: customerId ?? undefined,
          locationId: credentials.locationId,
          amountMoney: { amount: BigInt(amountCents), currency: 'USD' },
          autocomplete: true,
          referenceId,
          note,
        });
        if (!payment?.id) throw new Error('Square answered without a payment id.');
        if (payment.status !== 'COMPLETED') {
          return { ok: false, code: payment.status ?? 'UNKNOWN', reason: readableReason('GENERIC_DECLINE'), squarePaymentId: payment.id };
        }
        return { ok: true, squarePaymentId: payment.id };
      } catch (error) {
        if (!isRefusal(error)) throw error;
        const body = error.body as { payment?: { id?: string } } | undefined;
        return { ...refusal(error), squarePaymentId: body?.payment?.id ?? null };
      }
    },

    async refundPayment({ idempotencyKey, squarePaymentId, amountCents, reason }) {
      try {
        const { refund } = await (await square()).refunds.refundPayment({
          idempotencyKey,
          paymentId: squarePaymentId,
          amountMoney: { amount: BigInt(amountCents), currency: 'USD' },
          reason: reason.slice(0, 192),
        });
        if (!refund?.id) throw new Error('Square answered without a refund id.');
        if (refund.status === 'REJECTED' || refund.status === 'FAILED') return { ok: false, code: refund.status, reason: 'The refund was declined.' };
        return { ok: true, squareRefundId: refund.id, status: refund.status ?? 'PENDING' };
      } catch (error) {
        if (!isRefusal(error)) throw error;
        return refusal(error);
      }
    },

    async getPayment(paymentId) {
      const { payment } = await (await square()).payments.get({ paymentId });
      if (!payment?.id) throw new Error('Square answered without a payment.');
      return {
        id: payment.id,
        status: payment.status ?? 'UNKNOWN',
        amountCents: Number(payment.amountMoney?.amount ?? 0),
        referenceId: payment.referenceId ?? null,
      };
    },
  };
}
