import { z } from 'zod';

/**
 * The e-mails a customer may turn off in account settings. Receipts, billing notices and security mail are always
 * sent and are not listed here.
 */
export const mailPreferencesSchema = z.object({
  /** "Support replied" when a reply waits unseen on a chat. */
  supportReplies: z.boolean(),
  /** "Project published" with links to the deliverables. */
  projectUpdates: z.boolean(),
  /** "Your subscription renews soon": RENEWAL_REMINDER_DAYS before each renewal, with the plan, amount and card. */
  renewalReminders: z.boolean(),
  /** A project's new preview, waiting for the customer's approval. */
  projectPreviews: z.boolean(),
  /** A copy of the customer's own approval or change request. */
  projectDecisions: z.boolean(),
  /** A project reaching a stage of its build, with the next one's expected date. */
  projectStages: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/** The token from a deletion-confirmation link. */
export const confirmDeletionSchema = z.object({ token: z.string().trim().min(1).max(200) });

export const DELETION_CONFIRMED_MESSAGE = 'Your account deletion request is confirmed. We will process it shortly.';
export const DELETION_LINK_INVALID = 'This confirmation link is invalid or has already been used.';
export const DELETION_LINK_EXPIRED = 'This confirmation link has expired.';
/** After the form is sent: the spec's success text, then where the confirmation went. */
export const deletionConfirmationSent = (email: string) => `To confirm it, follow the link we sent to ${email}.`;

/** A card is good through the last day of its expiry month (UTC); true when that is over before `dueDate` (ms). */
export function cardExpiresBefore(expMonth: number | null, expYear: number | null, dueDate: number): boolean {
  if (!expMonth || !expYear) return false;
  return Date.UTC(expYear, expMonth, 1) <= dueDate;
}
