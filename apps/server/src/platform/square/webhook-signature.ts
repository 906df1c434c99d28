import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Square's webhook signature: base64 of HMAC-SHA256, keyed with the subscription's signature key, over the
 * notification URL followed by the raw body (Square's "Validate that the notification is from Square"). The sandbox
 * signs with it and the webhook route checks with it.
 */
export function squareSignature(signatureKey: string, notificationUrl: string, rawBody: string): string {
  return createHmac('sha256', signatureKey).update(notificationUrl + rawBody, 'utf8').digest('base64');
}

/** Whether `header` is the signature of the body, compared in constant time (a wrong guess says nothing of the right one). */
export function isSquareSignature(signatureKey: string, notificationUrl: string, rawBody: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(squareSignature(signatureKey, notificationUrl, rawBody));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
