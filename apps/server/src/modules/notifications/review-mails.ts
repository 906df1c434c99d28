import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../platform/auth/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { portalLinks } from './links.ts';
import { mailUser } from './mails.ts';

/** A preview staff just posted to a stage of a customer's project. */
export interface PostedPreview {
  projectId: string;
  projectName: string;
  /** The project's owner. */
  userId: string;
  stageName: string;
  round: number;
  note: string;
  link: string | null;
  files: number;
}

/** The customer's decision on a round, as the mails tell it. */
export interface ReviewDecisionMail {
  projectId: string;
  projectName: string;
  userId: string;
  customerName: string;
  stageName: string;
  round: number;
  decision: 'approved' | 'changes_requested';
  comment: string;
  files: number;
}

const quoted = (text: string) => `"${text.length > 300 ? `${text.slice(0, 297)}...` : text}"`;
const filesLine = (files: number) => (files === 1 ? '1 file' : `${files} files`);

/** A new preview waits for the customer's review; they may turn these mails off (projectPreviews). */
export async function sendPreviewPosted(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, preview: PostedPreview) {
  const details = [
    { label: 'Stage', value: preview.stageName },
    { label: 'Round', value: String(preview.round) },
    ...(preview.files > 0 ? [{ label: 'Files', value: filesLine(preview.files) }] : []),
    ...(preview.link ? [{ label: 'Link', value: preview.link }] : []),
  ];
  return mailUser(
    app,
    tx,
    preview.userId,
    {
      kind: 'project-preview',
      subject: `A preview of ${preview.projectName} is ready for your review`,
      notice: {
        heading: `${preview.stageName}: a preview to review`,
        paragraphs: [
          `We posted a preview of the ${preview.stageName} stage of ${preview.projectName}. Have a look, then approve it or tell us what to change.`,
          ...(preview.note ? [quoted(preview.note)] : []),
        ],
        details,
        action: { label: 'Review the preview', url: portalLinks(app).projectDetails(preview.projectId) },
        footnote: 'You can turn off preview e-mails in your account settings.',
      },
    },
    'projectPreviews',
  );
}

const decided = (d: ReviewDecisionMail) => (d.decision === 'approved' ? 'approved' : 'asked for changes to');

/** A copy of the customer's own decision, for their records; they may turn it off (projectDecisions). */
export async function sendDecisionCopy(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, d: ReviewDecisionMail) {
  return mailUser(
    app,
    tx,
    d.userId,
    {
      kind: 'project-decision-copy',
      subject: d.decision === 'approved' ? `You approved ${d.stageName} of ${d.projectName}` : `You asked for changes to ${d.stageName} of ${d.projectName}`,
      notice: {
        heading: d.decision === 'approved' ? `${d.stageName} approved` : `Changes asked for ${d.stageName}`,
        paragraphs: [
          `You ${decided(d)} round ${d.round} of the ${d.stageName} stage of ${d.projectName}.`,
          ...(d.comment ? [quoted(d.comment)] : []),
          ...(d.files > 0 ? [`With ${filesLine(d.files)} attached.`] : []),
        ],
        action: { label: 'View your project', url: portalLinks(app).projectDetails(d.projectId) },
        footnote: 'This is a copy for your records. You can turn these e-mails off in your account settings.',
      },
    },
    'projectDecisions',
  );
}

/**
 * Staff hear of each decision as they hear of a waiting chat: the staff member who posted the preview, or the whole
 * team when they have left or the preview has no author any more.
 */
export async function sendDecisionAlert(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, d: ReviewDecisionMail & { previewAuthorId: string | null }) {
  const staff = ne(users.role, 'customer');
  const author = d.previewAuthorId ? await tx.select({ email: users.email }).from(users).where(and(staff, eq(users.id, d.previewAuthorId))) : [];
  const recipients = author.length > 0 ? author : await tx.select({ email: users.email }).from(users).where(staff);
  for (const member of recipients) {
    await app.mail.queue(tx, {
      kind: 'staff-review-decision',
      to: member.email,
      userId: null,
      subject: d.decision === 'approved' ? `${d.customerName} approved ${d.stageName} of ${d.projectName}` : `${d.customerName} asked for changes to ${d.stageName} of ${d.projectName}`,
      notice: {
        heading: d.decision === 'approved' ? 'A preview was approved' : 'Changes were asked for',
        paragraphs: [
          `${d.customerName} ${decided(d)} round ${d.round} of the ${d.stageName} stage of ${d.projectName}.`,
          ...(d.comment ? [quoted(d.comment)] : []),
          ...(d.files > 0 ? [`With ${filesLine(d.files)} marked up.`] : []),
        ],
        action: { label: 'Open the project', url: portalLinks(app).staffProject(d.projectId) },
      },
    });
  }
  return recipients.length;
}
