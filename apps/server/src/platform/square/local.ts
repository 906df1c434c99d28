import { SQUARE_SANDBOX_BASE_PATH } from '@portal/contracts/routes/square-sandbox.routes';
import { receiveSquareWebhook } from '@portal/contracts/routes/billing.routes';
import type { Config } from '../../config.ts';

/**
 * Fixed credentials of the local Square sandbox (SQUARE_ENVIRONMENT=local). They have Square's formats, so that
 * the same checks run locally as against Square: the application id carries the sandbox prefix.
 */
export const LOCAL_SQUARE = {
  accessToken: 'EAAAlocal-sandbox-access-token-0000000000000000',
  applicationId: 'sandbox-sq0idb-local-portal-sandbox',
  locationId: 'LLOCALSANDBOX01',
  /** The webhook subscription's signature key the sandbox signs its events with. */
  webhookSignatureKey: 'local-sandbox-webhook-signature-key',
  merchantId: 'MLOCALSANDBOX',
  /** Where the sandbox answers Square's REST paths on our own server. */
  basePath: SQUARE_SANDBOX_BASE_PATH,
} as const;

export interface SquareCredentials {
  environment: Config['SQUARE_ENVIRONMENT'];
  accessToken: string;
  applicationId: string;
  locationId: string;
  /** The webhook subscription: its signature key (null: none set, so no event can be verified) and notification URL. */
  webhookSignatureKey: string | null;
  webhookUrl: string;
}

/** Where Square posts events (contracts `receiveSquareWebhook`). */
export const SQUARE_WEBHOOK_PATH = receiveSquareWebhook.path;

/** The credentials in use: the settings, or the local sandbox's fixed values. */
export function squareCredentials(config: Config): SquareCredentials {
  return {
    environment: config.SQUARE_ENVIRONMENT,
    accessToken: config.SQUARE_ACCESS_TOKEN ?? LOCAL_SQUARE.accessToken,
    applicationId: config.SQUARE_APPLICATION_ID ?? LOCAL_SQUARE.applicationId,
    locationId: config.SQUARE_LOCATION_ID ?? LOCAL_SQUARE.locationId,
    webhookSignatureKey: config.SQUARE_WEBHOOK_SIGNATURE_KEY ?? (config.SQUARE_ENVIRONMENT === 'local' ? LOCAL_SQUARE.webhookSignatureKey : null),
    webhookUrl: config.SQUARE_WEBHOOK_URL ?? `${config.publicUrl}${SQUARE_WEBHOOK_PATH}`,
  };
}

/** Square's Web Payments SDK script for the environment; none locally. */
export const squareSdkUrl = (environment: Config['SQUARE_ENVIRONMENT']) =>
  environment === 'production'
    ? 'https://web.squarecdn.com/v1/square.js'
    : environment === 'sandbox'
      ? 'https://sandbox.web.squarecdn.com/v1/square.js'
      : null;
