import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { type FormItem, type QuestionInput, questionProblem } from '@portal/contracts/onboarding';
import { topics } from '@portal/contracts/topics';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { moveOnePlace, type Direction } from '../../platform/db/reorder.ts';
import { importedTable } from '../../platform/db/imported-table.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { formItems, type FormItemOption } from './schema.ts';
import { toFormItem } from './questionnaire.ts';
import { listFormItems } from './repository.ts';

/*
 * The questionnaire's questions, edited by staff. Sent answers are never touched: each stored answer keeps the
 * prompt, type, order and chosen option texts it was given (formSubmissions.answers), so an edit or a delete
 * changes only what customers see and send from then on.
 */

type Row = typeof formItems.$inferSelect;

/** The content importer's writer of the questions (sent answers keep their own copies, as above). */
export const importedFormItems = importedTable(formItems, 'id');
const actor = (user: SessionUser) => ({ id: user.id, name: user.name });
/** Open questionnaire pages (every `questionnaire` query) and the console's list refetch. */
const published = (tx: Db) => publishChange(tx, { topic: topics.questionnaire, audience: { public: true } });

export async function listQuestionsForStaff(db: Db): Promise<{ questions: FormItem[] }> {
  return { questions: (await listFormItems(db)).map(toFormItem) };
}

/** The type's rules, then the options: a kept option keeps its id (answers name it), a new one gets one. */
function checkedFields(input: QuestionInput, current: Row | null) {
  const problem = questionProblem(input);
  if (problem) throw badRequest(problem.code, problem.message);
  const known = new Set(current?.options.map((o) => o.id));
  const options = input.options.map((option): FormItemOption => {
    if (option.id && !known.has(option.id)) throw badRequest('UNKNOWN_OPTION', 'An option names an id this question does not have.');
    return { id: option.id ?? randomUUID(), text: option.text };
  });
  return { prompt: input.prompt, type: input.type, isRequired: input.isRequired, options, maxImages: input.maxImages };
}

export async function createQuestion(app: Pick<FastifyInstance, 'clock' | 'db'>, staff: SessionUser, input: QuestionInput): Promise<FormItem> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const [last] = await tx.select({ max: sql<number>`coalesce(max(${formItems.sortOrder}), -1)` }).from(formItems);
    const [row] = await tx
      .insert(formItems)
      .values({ id: randomUUID(), ...checkedFields(input, null), sortOrder: Number(last?.max ?? -1) + 1 })
      .returning();
    await recordAudit(tx, { actor: actor(staff), action: 'question.create', entityType: 'question', entityId: row!.id, customerId: null, before: null, after: row, now });
    await published(tx);
    return toFormItem(row!);
  });
}

async function lockQuestion(tx: Db, questionId: string): Promise<Row> {
  const [row] = await tx.select().from(formItems).where(eq(formItems.id, questionId)).for('update');
  if (!row) throw notFound('Question not found.');
  return row;
}

export async function updateQuestion(app: Pick<FastifyInstance, 'clock' | 'db'>, staff: SessionUser, questionId: string, input: QuestionInput): Promise<FormItem> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const before = await lockQuestion(tx, questionId);
    const [row] = await tx.update(formItems).set(checkedFields(input, before)).where(eq(formItems.id, questionId)).returning();
    await recordAudit(tx, { actor: actor(staff), action: 'question.update', entityType: 'question', entityId: questionId, customerId: null, before, after: row, now });
    await published(tx);
    return toFormItem(row!);
  });
}

export async function deleteQuestion(app: Pick<FastifyInstance, 'clock' | 'db'>, staff: SessionUser, questionId: string): Promise<void> {
  const now = app.clock();
  await app.db.transaction(async (tx) => {
    const before = await lockQuestion(tx, questionId);
    await tx.delete(formItems).where(eq(formItems.id, questionId));
    await recordAudit(tx, { actor: actor(staff), action: 'question.delete', entityType: 'question', entityId: questionId, customerId: null, before, after: null, now });
    await published(tx);
  });
}

/** Moves a question one place up or down; every question is renumbered 0..n-1 in the new order. */
export async function moveQuestion(app: Pick<FastifyInstance, 'clock' | 'db'>, staff: SessionUser, questionId: string, direction: Direction) {
  const now = app.clock();
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM form_items ORDER BY id FOR UPDATE`);
    const move = moveOnePlace(await listFormItems(tx), questionId, direction);
    if (!move) throw notFound('Question not found.');
    if (move.from === move.to) return;
    for (const row of move.renumbered) await tx.update(formItems).set({ sortOrder: row.sortOrder }).where(eq(formItems.id, row.id));
    await recordAudit(tx, { actor: actor(staff), action: 'question.move', entityType: 'question', entityId: questionId, customerId: null, before: { order: move.from }, after: { order: move.to }, now });
    await published(tx);
  });
  return listQuestionsForStaff(app.db);
}
