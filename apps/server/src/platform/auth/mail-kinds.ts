import type { MailKind, MailKinds } from '../mail/mailer.tsx';
import type { SecurityEvent } from './security-mail.ts';

/** Every security event (security-mail.ts): a new kind of event does not compile until it is listed here. */
const SECURITY_EVENTS: Record<SecurityEvent['kind'], MailKind> = {
  'password-changed': {},
  'password-reset': {},
  'password-added': {},
  'email-changed': {},
  'second-factor-added': {},
  'second-factor-removed': {},
  'staff-new-device': {},
};

/** The mail the sign-in side sends: account mail (account-mail.ts), second-factor notices and security e-mails. */
export const authMails: MailKinds = {
  welcome: {},
  'password-reset': {},
  'sign-up-existing-account': {},
  'email-change-confirm': {},
  'email-change-notice': {},
  'email-verification': {},
  'two-factor-added': {},
  'two-factor-removed': {},
  ...Object.fromEntries(Object.entries(SECURITY_EVENTS).map(([event, kind]) => [`security-${event}`, kind])),
};
