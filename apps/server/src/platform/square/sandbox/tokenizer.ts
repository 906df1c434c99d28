import { tokenizeCard } from '@portal/contracts/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOCAL_SQUARE } from '../local.ts';
import { squareId } from './http.ts';
import { sandboxNonces } from './schema.ts';
import { outcomeOf, TEST_CARDS } from './test-values.ts';

const tokenizeBody = z.object({
  applicationId: z.string(),
  card: z.object({
    number: z.string().max(32),
    expMonth: z.coerce.number().int(),
    expYear: z.coerce.number().int(),
    cvv: z.string().max(8),
    postalCode: z.string().max(16),
  }),
});

type FieldError = { field: 'cardNumber' | 'expirationDate' | 'cvv' | 'postalCode'; message: string };

/**
 * The sandbox's stand-in for Square's card tokenizer (Square's runs on its own PCI host, not on the merchant's
 * API): the browser posts the card here, never to our API, and gets a single-use `cnon:` token.
 */
export async function tokenizerRoute(app: FastifyInstance) {
  app.post(
    tokenizeCard.path,
    { schema: { hide: true }, config: { rateLimit: { max: 300, timeWindow: 60_000 } } },
    async (request, reply) => {
      const parsed = tokenizeBody.safeParse(request.body ?? {});
      if (!parsed.success) return reply.code(400).send({ errors: [{ type: 'VALIDATION_ERROR', field: 'cardNumber', message: 'Card details are missing.' }] });
      const { applicationId, card } = parsed.data;
      if (applicationId !== (app.config.SQUARE_APPLICATION_ID ?? LOCAL_SQUARE.applicationId)) {
        return reply.code(401).send({ errors: [{ type: 'INVALID_APPLICATION_ID', message: 'The application id is not valid for this sandbox.' }] });
      }
      const number = card.number.replace(/[\s-]/g, '');
      const errors = validate({ ...card, number }, app.clock());
      if (errors.length > 0) return reply.code(400).send({ errors: errors.map((e) => ({ type: 'VALIDATION_ERROR', ...e })) });

      const testCard = TEST_CARDS[number]!;
      const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
      const nonce = `cnon:${squareId(32)}`;
      await app.db.insert(sandboxNonces).values({
        nonce,
        brand: testCard.brand,
        last4: number.slice(-4),
        bin: number.slice(0, 6),
        expMonth: card.expMonth,
        expYear,
        outcome: outcomeOf({ number, expMonth: card.expMonth, expYear, cvv: card.cvv, postalCode: card.postalCode }),
        createdAt: app.clock(),
      });
      return {
        token: nonce,
        details: {
          card: { brand: testCard.brand, last4: number.slice(-4), expMonth: card.expMonth, expYear },
          billing: { postalCode: card.postalCode.trim() },
        },
      };
    },
  );
}

function validate(card: { number: string; expMonth: number; expYear: number; cvv: string; postalCode: string }, now: Date): FieldError[] {
  const errors: FieldError[] = [];
  const testCard = TEST_CARDS[card.number];
  if (!testCard) errors.push({ field: 'cardNumber', message: 'Use one of Square’s Sandbox test card numbers.' });
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const monthsNow = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (card.expMonth < 1 || card.expMonth > 12 || year * 12 + card.expMonth - 1 < monthsNow) {
    errors.push({ field: 'expirationDate', message: 'Expiration date is not valid.' });
  }
  const cvvLength = testCard?.cvvLength ?? 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(card.cvv)) errors.push({ field: 'cvv', message: `CVV must be ${cvvLength} digits.` });
  if (!/^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/.test(card.postalCode.trim())) errors.push({ field: 'postalCode', message: 'Postal code is not valid.' });
  return errors;
}
