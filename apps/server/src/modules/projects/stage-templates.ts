import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { STAGES_MAX, type StageTemplate, type StageTemplateInput } from '@portal/contracts/project-stages';
import { topics } from '@portal/contracts/topics';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { AppError, badRequest, conflict } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { projectStageTemplates as templates } from './schema.ts';
import { listStageTemplates as listRows, type StageTemplateRow } from './stages-repository.ts';

/**
 * The stage templates editor of /staff/stage-templates. A project created by staff copies them (`addTemplateStages`);
 * the stages existing projects copied are theirs and do not change here.
 */
const toTemplate = (row: StageTemplateRow): StageTemplate => ({ id: row.id, position: row.position, name: row.name, expectedDays: row.expectedDays, launches: row.launches });
const DAY_MS = 24 * 60 * 60 * 1000;
export const daysAfter = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

export async function listStageTemplates(db: Db): Promise<{ templates: StageTemplate[] }> {
  return { templates: (await listRows(db)).map(toTemplate) };
}

/** Staff consoles showing the templates refetch (no customer page shows templates). */
const published = (tx: Db) => publishChange(tx, { topic: topics.stageTemplates, audience: { staff: true } });
const actor = (user: SessionUser) => ({ id: user.id, name: user.name });

/** Writers take the table's lock in turn, so the count and the positions they read stay true until they commit. */
const lockTemplates = (tx: Db) => tx.execute(sql`LOCK TABLE project_stage_templates IN SHARE ROW EXCLUSIVE MODE`);

export async function createStageTemplate(db: Db, staff: SessionUser, input: StageTemplateInput, now: Date): Promise<StageTemplate> {
  return db.transaction(async (tx) => {
    await lockTemplates(tx);
    const existing = await listRows(tx);
    if (existing.length >= STAGES_MAX) throw conflict('TOO_MANY_STAGES', `A build has at most ${STAGES_MAX} stages.`);
    const position = (existing.at(-1)?.position ?? -1) + 1;
    const [row] = await tx.insert(templates).values({ id: randomUUID(), position, ...input }).returning();
    await recordAudit(tx, { actor: actor(staff), action: 'stage_template.create', entityType: 'stage_template', entityId: row!.id, customerId: null, before: null, after: row, now });
    await published(tx);
    return toTemplate(row!);
  });
}

async function lockTemplate(tx: Db, id: string): Promise<StageTemplateRow> {
  const [row] = await tx.select().from(templates).where(eq(templates.id, id)).for('update');
  if (!row) throw new AppError(404, 'STAGE_TEMPLATE_NOT_FOUND', 'Stage template not found.');
  return row;
}

export async function updateStageTemplate(db: Db, staff: SessionUser, id: string, input: StageTemplateInput, now: Date): Promise<StageTemplate> {
  return db.transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    const [row] = await tx.update(templates).set(input).where(eq(templates.id, id)).returning();
    await recordAudit(tx, { actor: actor(staff), action: 'stage_template.update', entityType: 'stage_template', entityId: id, customerId: null, before, after: row, now });
    await published(tx);
    return toTemplate(row!);
  });
}

export async function deleteStageTemplate(db: Db, staff: SessionUser, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    await tx.delete(templates).where(eq(templates.id, id));
    await recordAudit(tx, { actor: actor(staff), action: 'stage_template.delete', entityType: 'stage_template', entityId: id, customerId: null, before, after: null, now });
    await published(tx);
  });
}

/** A new order naming every template once; anything else (one missing, unknown or twice) is refused whole. */
export async function reorderStageTemplates(db: Db, staff: SessionUser, ids: string[], now: Date): Promise<{ templates: StageTemplate[] }> {
  return db.transaction(async (tx) => {
    await lockTemplates(tx);
    const before = await listRows(tx);
    const known = new Set(before.map((row) => row.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw badRequest('STAGE_ORDER_MISMATCH', 'Name every stage template once, in the new order.');
    }
    for (const [position, id] of ids.entries()) await tx.update(templates).set({ position }).where(eq(templates.id, id));
    const after = await listRows(tx);
    const names = (rows: StageTemplateRow[]) => rows.map((row) => row.name);
    await recordAudit(tx, { actor: actor(staff), action: 'stage_template.move', entityType: 'stage_template', entityId: ids[0]!, customerId: null, before: { order: names(before) }, after: { order: names(after) }, now });
    await published(tx);
    return { templates: after.map(toTemplate) };
  });
}

