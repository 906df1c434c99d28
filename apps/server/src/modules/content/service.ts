import type { DeletionRequest, HelpGuide } from '@portal/contracts/content';
import type { Plan } from '@portal/contracts/plans';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { notFound } from '../../platform/http/errors.ts';
import {
  findPlanFor,
  insertDeletionRequest,
  listHelpGuides,
  type NewDeletionRequest,
} from './repository.ts';
import type { accountDeletionRequests } from './schema.ts';

export async function getPlan(db: Db, id: string, userId: string | null): Promise<Plan> {
  const plan = await findPlanFor(db, id, userId);
  if (!plan) throw notFound('This plan is not available.');
  return plan;
}

export async function helpGuides(db: Db): Promise<HelpGuide[]> {
  const rows = await listHelpGuides(db);
  return rows.map((g) => ({
    id: g.id,
    title: g.title,
    description: g.description,
    category: g.category,
    userLevel: g.userLevel as HelpGuide['userLevel'],
    consoleTypes: g.consoleTypes,
    navigation: g.navigation,
    howToUse: g.howToUse,
    tags: g.tags,
    lastUpdated: g.lastUpdated ? g.lastUpdated.getTime() : null,
  }));
}

export const toDeletionRequest = (row: typeof accountDeletionRequests.$inferSelect): DeletionRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  reason: row.reason,
  status: row.status,
  requestedAt: row.requestedAt.getTime(),
  userId: row.userId,
});

/** Spec §3: a pending request with the server's time, for the signed-in user or for 'guest'. */
export async function requestAccountDeletion(
  db: Db,
  input: { name: string; email: string; reason?: string },
  userId: string | null,
  now: Date,
): Promise<DeletionRequest> {
  const row: NewDeletionRequest = {
    id: crypto.randomUUID(),
    name: input.name,
    email: input.email.toLowerCase(),
    reason: input.reason || null,
    status: 'pending',
    requestedAt: now,
    userId: userId ?? 'guest',
  };
  const stored = await insertDeletionRequest(db, row);
  await publishChange(db, { topic: 'deletion-requests', audience: { staff: true } });
  return toDeletionRequest(stored);
}
