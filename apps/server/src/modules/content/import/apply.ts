import type { ImportSummary } from '@portal/contracts/content';
import type { Db } from '../../../platform/db/client.ts';
import { publishChange } from '../../../platform/events/change-feed.ts';
import { recordAudit, type AuditActor } from '../../audit/index.ts';
import { topics } from '@portal/contracts/topics';
import { COLLECTIONS, ImportRejected, parseExport, type CollectionName, type ParsedExport } from './parse.ts';
import { writeProjects } from './projects.ts';
import { CONTENT_COLLECTIONS, rowOf } from './tables.ts';
import type { ImportWriteResult } from '../../../platform/db/imported-table.ts';
import { existingServiceIds } from '../../plans/index.ts';
import { lockImports } from './repository.ts';

/** Public topics refetched by open pages when a collection changes (query keys of the same root). */
const PUBLIC_TOPICS = {
  services: topics.plans,
  faqs: topics.faqs,
  banners: topics.banners,
  guides: topics.helpGuides,
  portfolio: topics.portfolio,
  trustedBy: topics.trustedBy,
} as const;

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
    for (const name of [...Object.keys(CONTENT_COLLECTIONS), 'projects'] as CollectionName[]) {
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

const NOTHING_PRUNED = { removed: 0, hidden: 0, demoRemoved: 0 };

/** Writes one collection through its owner's writer (projects through the projects module's). */
async function writeCollection(
  tx: Db,
  name: CollectionName,
  parsed: ParsedExport,
  options: ImportOptions,
): Promise<ImportWriteResult> {
  if (name === 'projects') return { ...(await writeProjects(tx, parsed.projects!)), ...NOTHING_PRUNED };
  if (name === 'promoCodes') await checkPromoPlans(tx, parsed);
  const collection = CONTENT_COLLECTIONS[name];
  const rows = parsed[name]!.map((r) => rowOf(collection, r.key, r.value));
  return collection.stored.write(tx, rows, Object.values(collection.fields), {
    replace: options.replace ?? false,
    demo: options.demo ?? false,
  });
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
