import type { BackgroundWork } from '../../platform/jobs/start.ts';
import { every } from '../../platform/jobs/every.ts';
import { runSupportReplySweep } from './support-replies.ts';

/** "Support replied" mails, one per burst of unseen replies (every SUPPORT_REPLY_SWEEP_INTERVAL_MS). */
export const supportReplyMailSweep: BackgroundWork = every('support reply mail sweep', (app) => app.config.SUPPORT_REPLY_SWEEP_INTERVAL_MS, runSupportReplySweep);
