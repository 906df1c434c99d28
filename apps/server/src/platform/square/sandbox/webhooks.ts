import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SQUARE_SIGNATURE_HEADER } from '@portal/contracts/routes/billing.routes';
import { LOCAL_SQUARE, squareCredentials } from '../local.ts';
import { squareSignature } from '../webhook-signature.ts';

/** One event notification as Square words it: `data.object` holds the changed object under its type's key. */
export interface SandboxEvent {
  type: string;
  /** data.type and data.id: what changed ("refund", its id). */
  objectType: string;
  objectId: string;
  object: Record<string, unknown>;
  locationId?: string;
}

/** Square retries an event it could not deliver; the sandbox tries a few times at once. */
const ATTEMPTS = 3;

/**
 * Sends events to the portal's notification URL as Square does: JSON, signed in `x-square-hmacsha256-signature`
 * with the subscription's signature key over the notification URL and the body. Delivered in process (Fastify's
 * inject, like the gateway's calls), after the sandbox's own change has committed and before it answers, so whoever
 * made the change finds the portal already told. A delivery the portal refuses is logged, never an error of the
 * change that caused it.
 */
export async function sendEvents(app: FastifyInstance, events: SandboxEvent[]): Promise<void> {
  const { webhookSignatureKey, webhookUrl } = squareCredentials(app.config);
  if (!webhookSignatureKey) return;
  const url = new URL(webhookUrl);
  for (const event of events) {
    const body = JSON.stringify({
      merchant_id: LOCAL_SQUARE.merchantId,
      ...(event.locationId ? { location_id: event.locationId } : {}),
      type: event.type,
      event_id: randomUUID(),
      created_at: app.clock().toISOString(),
      data: { type: event.objectType, id: event.objectId, object: event.object },
    });
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const status = await app
        .inject({
          method: 'POST',
          url: url.pathname + url.search,
          headers: {
            'content-type': 'application/json',
            [SQUARE_SIGNATURE_HEADER]: squareSignature(webhookSignatureKey, webhookUrl, body),
            'square-environment': 'Sandbox',
          },
          payload: body,
          remoteAddress: '127.0.0.1',
        })
        .then((res) => res.statusCode)
        .catch(() => 0);
      if (status >= 200 && status < 300) break;
      if (attempt === ATTEMPTS) app.log.warn({ type: event.type, status }, 'the portal refused a Square sandbox event');
    }
  }
}
