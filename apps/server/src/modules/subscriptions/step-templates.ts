import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { stepPlaceSchema } from '@portal/contracts/onboarding';
import type { StepTemplate, StepTemplateInput } from '@portal/contracts/step-templates';
import { topics } from '@portal/contracts/topics';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { importedTable } from '../../platform/db/imported-table.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { completionStepTemplates as templates } from './schema.ts';
import { knownPlace } from './step-place.ts';

/**
 * The setup-step templates editor of /staff/step-templates. A new subscription copies the templates
 * (`createSubscriptionWithSteps`); the steps existing subscriptions copied are theirs and do not change here.
 */
type Row = typeof templates.$inferSelect;

/** The content importer's writer of the templates; the steps subscriptions copied stay as they are. */
export const importedStepTemplates = importedTable(templates, 'id');
const toTemplate = (row: Row): StepTemplate => ({ id: row.id, stepIndex: row.stepIndex, stepDetails: row.stepDetails, place: stepPlaceSchema.safeParse(row.place).data ?? null });

export async function listStepTemplates(db: Db): Promise<{ templates: StepTemplate[] }> {
  const rows = await db.select().from(templates).orderBy(asc(templates.stepIndex), asc(templates.id));
  return { templates: rows.map(toTemplate) };
}

/** Staff consoles showing the templates refetch (staff only: no customer page shows templates). */
const published = (tx: Db) => publishChange(tx, { topic: topics.steps, audience: { staff: true } });
const actor = (user: SessionUser) => ({ id: user.id, name: user.name });

/** One template a step number, so that the order of new subscriptions' steps is never a tie. */
async function claimIndex(tx: Db, stepIndex: number, exceptId: string | null) {
  // Writers take the table's lock in turn, so two writes cannot both claim a free number.
  await tx.execute(sql`LOCK TABLE completion_step_templates IN SHARE ROW EXCLUSIVE MODE`);
  const [taken] = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.stepIndex, stepIndex), exceptId ? ne(templates.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw conflict('STEP_INDEX_TAKEN', `Another step is already number ${stepIndex}.`);
}

export async function createStepTemplate(db: Db, staff: SessionUser, input: StepTemplateInput, now: Date): Promise<StepTemplate> {
  const place = knownPlace(input.place);
  return db.transaction(async (tx) => {
    await claimIndex(tx, input.stepIndex, null);
    const [row] = await tx.insert(templates).values({ id: randomUUID(), ...input, place }).returning();
    await recordAudit(tx, { actor: actor(staff), action: 'step_template.create', entityType: 'step_template', entityId: row!.id, customerId: null, before: null, after: row, now });
    await published(tx);
    return toTemplate(row!);
  });
}

async function lockTemplate(tx: Db, id: string): Promise<Row> {
  const [row] = await tx.select().from(templates).where(eq(templates.id, id)).for('update');
  if (!row) throw notFound('Step template not found.');
  return row;
}

export async function updateStepTemplate(db: Db, staff: SessionUser, id: string, input: StepTemplateInput, now: Date): Promise<StepTemplate> {
  const place = knownPlace(input.place);
  return db.transaction(async (tx) => {
    await claimIndex(tx, input.stepIndex, id);
    const before = await lockTemplate(tx, id);
    const [row] = await tx.update(templates).set({ ...input, place }).where(eq(templates.id, id)).returning();
    await recordAudit(tx, { actor: actor(staff), action: 'step_template.update', entityType: 'step_template', entityId: id, customerId: null, before, after: row, now });
    await published(tx);
    return toTemplate(row!);
  });
}

export async function deleteStepTemplate(db: Db, staff: SessionUser, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    await tx.delete(templates).where(eq(templates.id, id));
    await recordAudit(tx, { actor: actor(staff), action: 'step_template.delete', entityType: 'step_template', entityId: id, customerId: null, before, after: null, now });
    await published(tx);
  });
}
