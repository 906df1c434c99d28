import type { FastifyInstance } from 'fastify';
import { billingRoutes as route, SQUARE_SIGNATURE_HEADER } from '@portal/contracts/routes';
import { AppError } from '../../platform/http/errors.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { squareCredentials } from '../../platform/square/local.ts';
import { isSquareSignature } from '../../platform/square/webhook-signature.ts';
import { receiveSquareEvent } from './webhooks.ts';

/** Far above any event Square sends (a few kilobytes), far below the default. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const refused = (message: string) => new AppError(401, 'INVALID_WEBHOOK_SIGNATURE', message);

/**
 * `POST /api/webhooks/square`, in a scope of its own: here alone a JSON body is kept as the string received, because
 * Square signs the bytes it sent and a parsed-and-reserialised body would not match. The signature is checked before
 * the body is read.
 */
export async function squareWebhookRoute(app: FastifyInstance) {
  const { webhookSignatureKey, webhookUrl } = squareCredentials(app.config);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  registerRoute(
    app,
    route.receiveSquareWebhook,
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SQUARE_SIGNATURE_HEADER];
      if (!webhookSignatureKey) throw refused('No webhook signature key is set (SQUARE_WEBHOOK_SIGNATURE_KEY), so no event can be verified.');
      if (typeof signature !== 'string' || !signature) throw refused(`The ${SQUARE_SIGNATURE_HEADER} header is missing.`);
      if (!isSquareSignature(webhookSignatureKey, webhookUrl, raw, signature)) throw refused('The signature does not match the body and the notification URL.');
      return receiveSquareEvent(app, raw);
    },
    { bodyLimit: WEBHOOK_BODY_LIMIT },
  );
}
