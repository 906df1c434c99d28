import type { PaymentsConfig } from '@portal/contracts/billing';

export interface TokenizeInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
  postalCode: string;
}

export type TokenizeField = 'cardNumber' | 'expirationDate' | 'cvv' | 'postalCode';

/** A card the tokenizer refused, field by field. */
export class TokenizeError extends Error {
  constructor(readonly fields: Partial<Record<TokenizeField, string>>) {
    super(Object.values(fields)[0] ?? 'The card could not be read.');
  }
}

interface TokenizerAnswer {
  token?: string;
  errors?: Array<{ field?: TokenizeField; message: string }>;
}

/**
 * Sends the card to the local Square sandbox's tokenizer (never to our API) and returns its `cnon:` token, as
 * Square's own card form does against Square's PCI host.
 */
export async function tokenizeWithSandbox(config: PaymentsConfig, card: TokenizeInput): Promise<string> {
  const response = await fetch(config.tokenizeUrl!, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ applicationId: config.applicationId, card }),
  });
  const body = (await response.json().catch(() => ({}))) as TokenizerAnswer;
  if (response.ok && body.token) return body.token;
  if (response.status === 400 && body.errors?.length) {
    throw new TokenizeError(Object.fromEntries(body.errors.map((e) => [e.field ?? 'cardNumber', e.message])));
  }
  throw new Error('The card could not be tokenized.');
}
