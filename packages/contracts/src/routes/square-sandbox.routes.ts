import { z } from 'zod';
import { defineRoute } from '../route.ts';

/**
 * The local Square sandbox (SQUARE_ENVIRONMENT=local): Square's own REST paths and shapes under our base path,
 * and the stand-in for Square's card tokenizer. Square's bearer token (or the application id, for the tokenizer)
 * is checked by the sandbox itself, and its errors are Square's, so no schema of ours validates these requests.
 */
export const SQUARE_SANDBOX_BASE_PATH = '/square-sandbox';

const base = SQUARE_SANDBOX_BASE_PATH;
const tags = ['square-sandbox'];
const squareAnswer = z.unknown();
const sandbox = { auth: 'public', hide: true, tags, responses: { 200: squareAnswer } } as const;

export const tokenizeCard = defineRoute({ ...sandbox, method: 'POST', path: `${base}/v2/card-nonce`, summary: 'Tokenize a test card (single-use cnon: token)' });
export const createSquareCustomer = defineRoute({ ...sandbox, method: 'POST', path: `${base}/v2/customers`, summary: 'CreateCustomer' });
export const createSquareCard = defineRoute({ ...sandbox, method: 'POST', path: `${base}/v2/cards`, summary: 'CreateCard' });
export const listSquareCards = defineRoute({ ...sandbox, method: 'GET', path: `${base}/v2/cards`, summary: 'ListCards' });
export const getSquareCard = defineRoute({ ...sandbox, method: 'GET', path: `${base}/v2/cards/:id`, summary: 'RetrieveCard' });
export const disableSquareCard = defineRoute({ ...sandbox, method: 'POST', path: `${base}/v2/cards/:id/disable`, summary: 'DisableCard' });
export const createSquarePayment = defineRoute({ ...sandbox, method: 'POST', path: `${base}/v2/payments`, summary: 'CreatePayment' });
export const getSquarePayment = defineRoute({ ...sandbox, method: 'GET', path: `${base}/v2/payments/:id`, summary: 'GetPayment' });

export const refundSquarePayment = defineRoute({ ...sandbox, method: 'POST', path: `${base}/v2/refunds`, summary: 'RefundPayment' });
export const getSquareRefund = defineRoute({ ...sandbox, method: 'GET', path: `${base}/v2/refunds/:id`, summary: 'GetPaymentRefund' });

// What Square's Dashboard does, which has no API: a refund or a dispute that did not come from the portal. Each
// sends the portal the webhook events Square would, signed with the local signature key.
export const dashboardRefund = defineRoute({ ...sandbox, method: 'POST', path: `${base}/dashboard/refunds`, summary: 'Refund a payment as from the Dashboard' });
export const dashboardDispute = defineRoute({ ...sandbox, method: 'POST', path: `${base}/dashboard/disputes`, summary: "Open a dispute on a payment as a cardholder's bank would" });
export const dashboardDisputeState = defineRoute({ ...sandbox, method: 'POST', path: `${base}/dashboard/disputes/:id/state`, summary: "Move a dispute to another state as the bank's process does" });

export const squareSandboxRoutes = {
  tokenizeCard,
  createSquareCustomer,
  createSquareCard,
  listSquareCards,
  getSquareCard,
  disableSquareCard,
  createSquarePayment,
  getSquarePayment,
  refundSquarePayment,
  getSquareRefund,
  dashboardRefund,
  dashboardDispute,
  dashboardDisputeState,
};
