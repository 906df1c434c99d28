import type { BackgroundWork } from '../../platform/jobs/start.ts';
import { every } from '../../platform/jobs/every.ts';
import { runSupportReplySweep } from './support-replies.ts';
import { runUnansweredChatSweep } from './unanswered-chats.ts';

/** "Support replied" mails, one per burst of unseen replies (every SUPPORT_REPLY_SWEEP_INTERVAL_MS). */
export const supportReplyMailSweep: BackgroundWork = every('support reply mail sweep', (app) => app.config.SUPPORT_REPLY_SWEEP_INTERVAL_MS, runSupportReplySweep);

/** "A chat waits for an answer" mails to staff (every STAFF_UNANSWERED_SWEEP_INTERVAL_MS; decision 0060). */
export const unansweredChatMailSweep: BackgroundWork = every('unanswered chat mail sweep', (app) => app.config.STAFF_UNANSWERED_SWEEP_INTERVAL_MS, runUnansweredChatSweep);
