import { desc, eq } from 'drizzle-orm';
import { LAUNCH_ITEM_LABELS, type LaunchChecklist, type LaunchItem, type LaunchItemKey } from '@portal/contracts/launch-checklist';
import { isActiveSubscriptionStatus } from '@portal/contracts/subscriptions';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/errors.ts';
import { formSubmissions } from '../onboarding/index.ts';
import { subscriptions } from '../subscriptions/index.ts';
import * as repo from './repository.ts';
import { projectReviews, projectStages } from './schema.ts';
import { listingOfProject } from './store-listing.ts';

type App = Parameters<typeof listingOfProject>[0];
type Side = 'customer' | 'staff';
interface ProjectFacts {
  id: string;
  userId: string;
  subscriptionId: string | null;
}

const at = (path: string, ...ids: string[]) => ids.reduce((built, id) => built.replace(/:\w+/, encodeURIComponent(id)), path);

/**
 * Where each item is seen to: the customer's own pages (the web's lib/paths.ts has the same patterns), or the
 * sections of the console's project and customer pages (a section's anchor is its heading's id).
 */
const links = {
  customer: {
    storeListing: (p: ProjectFacts) => at('/projects/:projectId/store-listing', p.id),
    previews: (p: ProjectFacts) => `${at('/projects/:projectId', p.id)}#previews`,
    subscription: (_p: ProjectFacts, subscriptionId: string) => at('/subscription-details/:subscriptionId', subscriptionId),
    noSubscription: () => '/checkout',
    questionnaire: (_p: ProjectFacts, subscriptionId: string) => at('/questionnaire/:subscriptionId', subscriptionId),
  },
  staff: {
    storeListing: (p: ProjectFacts) => `${at('/staff/projects/:projectId', p.id)}#section-store-listing`,
    previews: (p: ProjectFacts) => `${at('/staff/projects/:projectId', p.id)}#section-previews`,
    subscription: (p: ProjectFacts) => `${at('/staff/customers/:userId', p.userId)}#section-subscriptions`,
    noSubscription: (p: ProjectFacts) => `${at('/staff/customers/:userId', p.userId)}#section-subscriptions`,
    questionnaire: (p: ProjectFacts) => `${at('/staff/customers/:userId', p.userId)}#section-questionnaire-answers`,
  },
} as const;

const item = (key: LaunchItemKey, done: boolean, detail: string, link: string): LaunchItem => ({ key, label: LAUNCH_ITEM_LABELS[key], done, detail, link });
const names = (list: string[]) => list.join(', ');

/** Every stage with a preview is approved and no round waits for a decision (a stage with no preview asks nothing). */
async function previewsItem(db: Db, project: ProjectFacts, link: string): Promise<LaunchItem> {
  const stages = await db
    .select({ id: projectStages.id, name: projectStages.name, approvedAt: projectStages.approvedAt })
    .from(projectStages)
    .where(eq(projectStages.projectId, project.id))
    .orderBy(projectStages.position);
  const reviews = await db
    .select({ stageId: projectReviews.stageId, round: projectReviews.round, kind: projectReviews.kind })
    .from(projectReviews)
    .where(eq(projectReviews.projectId, project.id));
  const previewed = stages.filter((stage) => reviews.some((r) => r.stageId === stage.id && r.kind === 'preview'));
  const open = previewed.filter((stage) =>
    reviews.some((r) => r.stageId === stage.id && r.kind === 'preview' && !reviews.some((d) => d.stageId === stage.id && d.round === r.round && d.kind !== 'preview')),
  );
  const sentBack = previewed.filter((stage) => !stage.approvedAt && !open.includes(stage));
  if (open.length > 0) return item('previews', false, `Waiting for a decision on: ${names(open.map((s) => s.name))}.`, link);
  if (sentBack.length > 0) return item('previews', false, `Changes were asked for, a new preview is to come: ${names(sentBack.map((s) => s.name))}.`, link);
  return item('previews', true, previewed.length > 0 ? 'Every preview is approved.' : 'No preview is waiting for approval.', link);
}

/**
 * The subscription that pays for the project: its own, or when it has none the owner's active one (else their
 * latest), or none at all.
 */
async function payingSubscription(db: Db, project: ProjectFacts) {
  const columns = { id: subscriptions.id, status: subscriptions.status };
  if (project.subscriptionId) {
    const [own] = await db.select(columns).from(subscriptions).where(eq(subscriptions.id, project.subscriptionId));
    if (own) return own;
  }
  const owned = await db.select(columns).from(subscriptions).where(eq(subscriptions.userId, project.userId)).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  return owned.find((s) => isActiveSubscriptionStatus(s.status)) ?? owned[0] ?? null;
}

async function questionnaireSubmitted(db: Db, subscriptionId: string): Promise<boolean> {
  const rows = await db
    .select({ at: formSubmissions.submittedAt })
    .from(formSubmissions)
    .where(eq(formSubmissions.subscriptionId, subscriptionId));
  return rows.length > 0;
}

async function checklistOf(app: App, project: ProjectFacts, side: Side): Promise<LaunchChecklist> {
  const to = links[side];
  const listing = await listingOfProject(app, project.id);
  const listingItem = listing.ready
    ? item('storeListing', true, 'Everything the stores need is filled in.', to.storeListing(project))
    : item('storeListing', false, `Still missing: ${names(listing.missing.map((m) => m.label))}.`, to.storeListing(project));
  const subscription = await payingSubscription(app.db, project);
  const subscriptionItem = !subscription
    ? item('subscription', false, 'There is no subscription yet.', to.noSubscription(project))
    : isActiveSubscriptionStatus(subscription.status)
      ? item('subscription', true, 'The subscription is active.', to.subscription(project, subscription.id))
      : item('subscription', false, 'The subscription is not active.', to.subscription(project, subscription.id));
  const questionnaireItem = !subscription
    ? item('questionnaire', false, 'The questionnaire comes with a subscription.', to.noSubscription(project))
    : (await questionnaireSubmitted(app.db, subscription.id))
      ? item('questionnaire', true, 'The questionnaire is submitted.', to.questionnaire(project, subscription.id))
      : item('questionnaire', false, 'The questionnaire is not submitted yet.', to.questionnaire(project, subscription.id));
  const items = [listingItem, await previewsItem(app.db, project, to.previews(project)), subscriptionItem, questionnaireItem];
  return { projectId: project.id, ready: items.every((i) => i.done), items };
}

/** The owner's checklist, linking to their pages; another customer's project answers 404. */
export async function getOwnLaunchChecklist(app: App, userId: string, projectId: string): Promise<LaunchChecklist> {
  const project = await repo.findProjectOfUser(app.db, userId, projectId);
  if (!project) throw notFound('Project not found.');
  return checklistOf(app, project, 'customer');
}

/** Staff: any project's checklist, linking to the console's sections. */
export async function getLaunchChecklistForStaff(app: App, projectId: string): Promise<LaunchChecklist> {
  const found = await repo.findProject(app.db, projectId);
  if (!found) throw notFound('Project not found.');
  return checklistOf(app, found.project, 'staff');
}
