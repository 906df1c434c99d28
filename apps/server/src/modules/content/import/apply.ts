import type { PgTable } from 'drizzle-orm/pg-core';
import type { ImportedCollection, ImportSummary } from '@portal/contracts/content';
import type { Db } from '../../../platform/db/client.ts';
import { publishChange } from '../../../platform/events/change-feed.ts';
import { recordAudit, type AuditActor } from '../../audit/index.ts';
import { services } from '../../plans/index.ts';
import { completionStepTemplates } from '../../subscriptions/index.ts';
import { topics } from '@portal/contracts/topics';
import { faqs, featuredBanners, formItems, helpGuides, promoCodes } from '../schema.ts';
import { COLLECTIONS, ImportRejected, parseExport, type CollectionName, type ParsedExport } from './parse.ts';
import { writeProjects } from './projects.ts';
import {
  existingServiceIds,
  lockImports,
  pruneCollection,
  upsertChanged,
  type PruneResult,
  type UpsertResult,
} from './repository.ts';

/** Public topics refetched by open pages when a collection changes (query keys of the same root). */
const PUBLIC_TOPICS = { services: topics.plans, faqs: topics.faqs, banners: topics.banners, guides: topics.helpGuides } as const;

export interface ImportOptions {
  /** The collections in the file become exactly the file: records missing from it are removed (used plans hidden). */
  replace?: boolean;
  /** The demo content imported at first start: its records are marked, for the operator's first import to remove. */
  demo?: boolean;
  /** A staff member's import from the console, recorded in the audit log in the same transaction. */
  audit?: { actor: AuditActor; now: Date };
}

/**
 * Imports a realtime-database export: validates everything first, then writes every collection in one
 * transaction. Any bad record (including an unknown project owner) rejects the whole file and writes nothing.
 * Any import but the demo's removes the demo records of the collections it brings; `replace` removes every record
 * of those collections that the file does not hold.
 */
export async function importContent(db: Db, data: unknown, options: ImportOptions = {}): Promise<ImportSummary> {
  const parsed = parseExport(data);
  const replace = options.replace ?? false;
  if (replace && parsed.projects)
    throw new ImportRejected([
      `${COLLECTIONS.projects.path}: projects belong to customers and are never replaced; import them without replace`,
    ]);
  return db.transaction(async (tx) => {
    await lockImports(tx);
    const summary: ImportSummary = { collections: [], ignored: parsed.ignored, replaced: replace };
    for (const name of [...Object.keys(TABLES), 'projects'] as CollectionName[]) {
      if (!parsed[name]) continue;
      const { created, updated, unchanged, changed, removed, hidden, demoRemoved } = await writeCollection(
        tx,
        name,
        parsed,
        options,
      );
      summary.collections.push({ name: COLLECTIONS[name].path, created, updated, unchanged, removed, hidden, demoRemoved });
      if ((changed.length || removed || hidden || demoRemoved) && name in PUBLIC_TOPICS) {
        await publishChange(tx, {
          topic: PUBLIC_TOPICS[name as keyof typeof PUBLIC_TOPICS],
          audience: { public: true },
        });
      }
    }
    if (options.audit) {
      const { actor, now } = options.audit;
      await recordAudit(tx, {
        actor,
        action: replace ? 'content.replace' : 'content.import',
        entityType: 'content',
        entityId: summary.collections.map((c) => c.name).join(', '),
        customerId: null,
        before: null,
        after: summary,
        now,
      });
    }
    return summary;
  });
}

/** Where a collection is stored: its table, key, the row of each record, and the fields an update compares. */
interface Stored<Row> {
  table: PgTable;
  key: string;
  row: (key: string, value: never) => Row;
  compared: string[];
}

const stored = <Row>(s: Stored<Row>) => s as Stored<Record<string, unknown>>;

/** In the order they are written: plans before the promo codes that name them. */
const TABLES: Record<Exclude<CollectionName, 'projects'>, Stored<Record<string, unknown>>> = {
  services: stored({
    table: services,
    key: 'id',
    row: (id, s: NonNullable<ParsedExport['services']>[number]['value']) => ({
      id,
      title: s.title,
      price: s.price,
      amount: s.amount,
      recurring: s.recurring,
      description: s.description,
      visibility: s.visibility,
      sortOrder: s.order,
    }),
    compared: ['title', 'price', 'amount', 'recurring', 'description', 'visibility', 'sortOrder'],
  }),
  // Redemptions are counted by checkout, never reset by an import.
  promoCodes: stored({
    table: promoCodes,
    key: 'code',
    row: (code, p: NonNullable<ParsedExport['promoCodes']>[number]['value']) => ({
      code,
      type: p.type,
      value: p.value,
      active: p.active,
      expiresAt: p.expiresAt,
      serviceIds: p.serviceIds,
      maxRedemptions: p.maxRedemptions,
    }),
    compared: ['type', 'value', 'active', 'expiresAt', 'serviceIds', 'maxRedemptions'],
  }),
  faqs: stored({
    table: faqs,
    key: 'id',
    row: (id, f: NonNullable<ParsedExport['faqs']>[number]['value']) => ({
      id,
      question: f.question,
      answer: f.answer,
      sortOrder: f.order,
    }),
    compared: ['question', 'answer', 'sortOrder'],
  }),
  banners: stored({
    table: featuredBanners,
    key: 'id',
    row: (id, b: NonNullable<ParsedExport['banners']>[number]['value']) => ({
      id,
      imageUrl: b.ImageUrl,
      linkUrl: b.LinkUrl,
      title: b.Title,
      subtitle: b.Subtitle,
      timeCreated: b.TimeCreated,
    }),
    compared: ['imageUrl', 'linkUrl', 'title', 'subtitle', 'timeCreated'],
  }),
  guides: stored({
    table: helpGuides,
    key: 'id',
    row: (id, g: NonNullable<ParsedExport['guides']>[number]['value']) => ({ id, ...g }),
    compared: [
      'title',
      'description',
      'category',
      'userLevel',
      'consoleTypes',
      'navigation',
      'howToUse',
      'tags',
      'lastUpdated',
    ],
  }),
  formItems: stored({
    table: formItems,
    key: 'id',
    row: (id, q: NonNullable<ParsedExport['formItems']>[number]['value']) => ({
      id,
      prompt: q.prompt,
      type: q.type,
      sortOrder: q.order,
      isRequired: q.isRequired,
      options: q.options,
      maxImages: q.maxImages,
    }),
    compared: ['prompt', 'type', 'sortOrder', 'isRequired', 'options', 'maxImages'],
  }),
  stepTemplates: stored({
    table: completionStepTemplates,
    key: 'id',
    row: (id, t: NonNullable<ParsedExport['stepTemplates']>[number]['value']) => ({
      id,
      stepIndex: t.StepIndex,
      stepDetails: t.StepDetails,
    }),
    compared: ['stepIndex', 'stepDetails'],
  }),
};

const NOTHING_PRUNED: PruneResult = { removed: 0, hidden: 0, demoRemoved: 0 };

async function writeCollection(
  tx: Db,
  name: CollectionName,
  parsed: ParsedExport,
  options: ImportOptions,
): Promise<UpsertResult & Omit<ImportedCollection, 'name' | keyof UpsertResult>> {
  if (name === 'projects') return { ...(await writeProjects(tx, parsed.projects!)), ...NOTHING_PRUNED };
  if (name === 'promoCodes') await checkPromoPlans(tx, parsed);
  const { table, key, row, compared } = TABLES[name];
  const records = parsed[name]!;
  const rows = records.map((r) => ({ ...row(r.key, r.value as never), demo: options.demo ?? false }));
  const written = await upsertChanged(tx, table, key, rows, compared);
  const pruned = options.demo
    ? NOTHING_PRUNED
    : await pruneCollection(tx, table, key, new Set(records.map((r) => r.key)), options.replace ?? false);
  return { ...written, ...pruned };
}

/** A promo code limited to plans may name only plans that exist (imported now or before, and not removed). */
async function checkPromoPlans(tx: Db, parsed: ParsedExport) {
  const named = [...new Set(parsed.promoCodes!.flatMap((p) => p.value.serviceIds ?? []))];
  const known = await existingServiceIds(tx, named);
  const problems = parsed.promoCodes!.flatMap(({ path, value }) =>
    (value.serviceIds ?? [])
      .filter((id) => !known.has(id))
      .map((id) => `${path}/serviceIds: no plan "${id}" exists`),
  );
  if (problems.length) throw new ImportRejected(problems);
}
