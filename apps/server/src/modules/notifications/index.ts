/**
 * Transactional notifications (decision 0029): what each e-mail says, who wants which, and the support-reply
 * sweep. Other modules call one function here per place, inside the transaction of the change that causes it.
 */
import type { PortalModule } from '../../platform/portal-module.ts';
import { notificationMails } from './mail-kinds.ts';
import { notificationRoutesPlugin } from './routes.ts';
import { supportReplyMailSweep, unansweredChatMailSweep } from './sweeps.ts';

export { runUnansweredChatSweep } from './unanswered-chats.ts';
export {
  mailDate,
  sendCardExpiring,
  sendProjectPublished,
  sendReceipt,
  sendRenewalFailure,
  sendSubscriptionChange,
  type ExpiringCard,
  type PublishedProject,
  type RenewedSubscription,
  type SettledPayment,
} from './mails.ts';
export { sendDueDateExtended, sendRefundIssued, type ExtendedSubscription, type IssuedRefund } from './billing-action-mails.ts';
export { sendDeletionCarriedOut, sendDeletionConfirmation, sendDeletionReceived } from './deletion-mails.ts';
export { runSupportReplySweep } from './support-replies.ts';
export { sendRenewalReminder, type UpcomingRenewal } from './renewal-reminders.ts';
export { sendPauseChange } from './pause-mails.ts';
export { mailPreferences, priceChangeNotices, renewalReminders } from './schema.ts';
export { sendPriceChangeNotice, sendPriceChangeWithdrawn, type AnnouncedPrice } from './price-change-mails.ts';
export { sendDecisionAlert, sendDecisionCopy, sendPreviewPosted, type PostedPreview, type ReviewDecisionMail } from './review-mails.ts';
export { sendDisputeAlert, sendStaffInvitation, type NewDispute } from './staff-mails.ts';
export { sendStageReached, type ReachedStage } from './stage-mails.ts';

export const notificationsModule: PortalModule = {
  name: 'notifications',
  routes: [notificationRoutesPlugin],
  work: [supportReplyMailSweep, unansweredChatMailSweep],
  mails: notificationMails,
};
