import type { AuditAction, AuditActionGroup } from '@portal/contracts/audit';
import type { AuditEntry } from '@portal/contracts/staff';
import { formatShortDate, formatTime } from '@/lib/format';

type Fields = Record<string, unknown>;
const asRecord = (value: unknown): Fields | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : null);

/** The field that names a record, in the order they are looked for (a plan's title, a promo's code, ...). */
const NAME_FIELDS = ['projectName', 'serviceTitle', 'title', 'code', 'name', 'question', 'prompt', 'stepDetails', 'email'];

/** What the change was about, in quotes where it is free text; empty when the record has no name. */
function nameOf(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  for (const side of [asRecord(entry.after), asRecord(entry.before)]) {
    for (const field of NAME_FIELDS) {
      const value = side?.[field];
      if (typeof value === 'string' && value.trim()) return value.trim().length > 60 ? `${value.trim().slice(0, 57)}...` : value.trim();
    }
  }
  return '';
}

const named = (what: string) => (name: string) => (name ? `${what} “${name}”` : what);
const code = (what: string) => (name: string) => (name ? `${what} ${name}` : what);

/** The sentence for each kind of change; `name` is the record's name, or empty. */
const WORDS: Record<AuditAction, (name: string) => string> = {
  'chat.reply': () => 'Replied in the chat',
  'chat.close': () => 'Closed the chat',
  'chat.reopen': () => 'Reopened the chat',
  'chat.assign': () => 'Changed who the chat is assigned to',
  'chat.note': () => 'Wrote a private note in the chat',
  'saved-reply.create': named('Added the saved reply'),
  'saved-reply.update': named('Updated the saved reply'),
  'saved-reply.delete': named('Deleted the saved reply'),
  'project.create': named('Started the project'),
  'project.update': named('Updated the project'),
  'project.store-listing.save': () => 'Saved the store listing',
  'project.preview': named('Posted a preview of the project'),
  'project.approve': named('Approved a preview of the project'),
  'project.request-changes': named('Asked for changes to a preview of the project'),
  'step.create': named('Added the step'),
  'step.update': named('Updated the step'),
  'step_template.create': named('Added the step template'),
  'step_template.update': named('Updated the step template'),
  'step_template.delete': named('Deleted the step template'),
  'stage.create': named('Added the build stage'),
  'stage.update': named('Updated the build stage'),
  'stage.reach': (name) => (name ? `Marked the build stage “${name}” reached` : 'Marked a build stage reached'),
  'stage.delete': named('Removed the build stage'),
  'stage_template.create': named('Added the stage template'),
  'stage_template.update': named('Updated the stage template'),
  'stage_template.delete': named('Deleted the stage template'),
  'stage_template.move': () => 'Reordered the stage templates',
  'plan.create': named('Created the plan'),
  'plan.update': named('Updated the plan'),
  'plan.delete': named('Deleted the plan'),
  'plan.move': named('Moved the plan'),
  'plan.price_change': named('Scheduled a price change of the plan'),
  'plan.price_change_withdraw': named('Withdrew the price change of the plan'),
  'promo.create': code('Created the promo code'),
  'promo.update': code('Updated the promo code'),
  'promo.delete': code('Deleted the promo code'),
  'question.create': named('Added the questionnaire question'),
  'question.update': named('Updated the questionnaire question'),
  'question.delete': named('Deleted the questionnaire question'),
  'question.move': named('Moved the questionnaire question'),
  'banner.create': named('Created the banner'),
  'banner.update': named('Updated the banner'),
  'banner.delete': named('Deleted the banner'),
  'faq.create': named('Added the FAQ'),
  'faq.update': named('Updated the FAQ'),
  'faq.delete': named('Deleted the FAQ'),
  'faq.move': named('Moved the FAQ'),
  'help-guide.create': named('Added the help guide'),
  'help-guide.update': named('Updated the help guide'),
  'help-guide.delete': named('Deleted the help guide'),
  'help-guide.move': named('Moved the help guide'),
  'portfolio-entry.create': named('Added the portfolio entry'),
  'portfolio-entry.update': named('Updated the portfolio entry'),
  'portfolio-entry.delete': named('Deleted the portfolio entry'),
  'portfolio-entry.move': named('Moved the portfolio entry'),
  'trusted-business.create': named('Added the trusted business'),
  'trusted-business.update': named('Updated the trusted business'),
  'trusted-business.delete': named('Deleted the trusted business'),
  'trusted-business.move': named('Moved the trusted business'),
  'content.import': () => 'Imported site content from a file',
  'content.replace': () => 'Replaced the site content with a file',
  'staff.invite': (name) => (name ? `Invited ${name} to the team` : 'Invited someone to the team'),
  'staff.invitation.revoke': code('Withdrew the invitation for'),
  'staff.join': () => 'Joined the team',
  'staff.remove': (name) => (name ? `Removed ${name} from the team` : 'Removed a member from the team'),
  'staff.role.change': (name) => (name ? `Changed the role of ${name}` : 'Changed the role of a team member'),
  'deletion.refuse': () => 'Refused the account deletion request',
  'deletion.carry-out': () => 'Erased the account as requested',
  'deletion.no-account': () => 'Closed the deletion request: no account has this address',
  'payment.refund': named('Refunded a payment for'),
  'subscription.cancel': named('Cancelled the subscription'),
  'subscription.reactivate': named('Reactivated the subscription'),
  'subscription.extend': named('Extended the due date of'),
  'subscription.retry-renewal': named('Retried the failed renewal of'),
  'subscription.pause': named('Paused the subscription'),
  'subscription.resume': named('Resumed the subscription'),
  'retention-offer.update': () => 'Updated the retention offer',
  'retention-offer.accept': (name) => (name ? `Accepted the retention offer for “${name}”` : 'Accepted the retention offer'),
};

/** The kinds of change the audit page filters by, as staff call them. */
export const AUDIT_GROUP_LABELS: Record<AuditActionGroup, string> = {
  chats: 'Chats',
  projects: 'Projects and steps',
  catalogue: 'Catalogue and site content',
  billing: 'Billing',
  team: 'Team',
  customers: 'Customer accounts',
};

const isKnown = (action: string): action is AuditAction => Object.hasOwn(WORDS, action);

/** A change in a sentence, such as "Created the promo code SPRING-10"; a kind of change this console does not know yet reads as "Changed a <thing>". */
export function describeAuditEntry(entry: Pick<AuditEntry, 'action' | 'entityType' | 'before' | 'after'>): string {
  const name = nameOf(entry);
  if (isKnown(entry.action)) return WORDS[entry.action](name);
  const thing = entry.entityType.replace(/[_-]/g, ' ');
  return name ? `Changed the ${thing} “${name}”` : `Changed a ${thing}`;
}

/** "projectName" → "Project name". */
const fieldLabel = (field: string) => {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Dates are stored as epoch milliseconds or ISO strings; fields named like dates read as dates. */
const DATE_FIELD = /(At|Timestamp|Date)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const dateInWords = (ms: number) => `${formatShortDate(ms)}, ${formatTime(ms)}`;

function valueInWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && DATE_FIELD.test(field) && value > 1e11) return dateInWords(value);
  if (typeof value === 'string' && DATE_FIELD.test(field) && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) return dateInWords(Date.parse(value));
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.length ? value.join(', ') : '(none)';
  return JSON.stringify(value);
}

export interface FieldChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/** Fields that identify a row or only move with every write: they say nothing to staff. */
const QUIET_FIELDS = new Set(['id', 'position', 'updatedAt', 'keysetKey']);

/**
 * The fields a change touched, in words: on a change, those whose value differs; on a creation, every field it
 * set (before is null); on a removal, every field it had (after is null).
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const was = asRecord(before);
  const now = asRecord(after);
  const fields = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])].filter((field) => !QUIET_FIELDS.has(field));
  return fields
    .filter((field) => JSON.stringify(was?.[field]) !== JSON.stringify(now?.[field]))
    .map((field) => ({
      field,
      label: fieldLabel(field),
      before: was ? valueInWords(field, was[field]) : null,
      after: now ? valueInWords(field, now[field]) : null,
    }));
}
