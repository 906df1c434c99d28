/**
 * The server's answer to a sensitive change when the sign-in is older than a few minutes (contracts
 * `REAUTHENTICATION_REQUIRED`, spelled here so that the entry does not load the account schemas).
 */
export const REAUTHENTICATION_REQUIRED = 'REAUTHENTICATION_REQUIRED';

/** Asks the person to confirm who they are: true once they did, false when they gave up. */
export type ConfirmIdentity = () => Promise<boolean>;

let confirmIdentity: ConfirmIdentity | null = null;

/** The app's dialog registers here (app/reauthentication-host.tsx); returns how to unregister. */
export function onReauthenticationRequired(handler: ConfirmIdentity): () => void {
  confirmIdentity = handler;
  return () => {
    if (confirmIdentity === handler) confirmIdentity = null;
  };
}

/** Whoever asks for the confirmation now, if anyone (api-client retries the call once it is given). */
export const identityConfirmer = (): ConfirmIdentity | null => confirmIdentity;
