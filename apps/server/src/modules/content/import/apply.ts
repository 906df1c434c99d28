import type { ImportSummary } from '@portal/contracts/content';
import type { Db } from '../../../platform/db/client.ts';
import { publishChange } from '../../../platform/events/change-feed.ts';
import { services } from '../../plans/index.ts';
import { completionStepTemplates } from '../../subscriptions/index.ts';
import { topics } from '@portal/contracts/topics';
import { faqs, featuredBanners, formItems, helpGuides, promoCodes } from '../schema.ts';
import { COLLECTIONS, ImportRejected, parseExport, type ParsedExport } from './parse.ts';
import { writeProjects } from './projects.ts';
import { existingServiceIds, lockImports, upsertChanged, type UpsertResult } from './repository.ts';

/** Public topics refetched by open pages when a collection changes (query keys of the same root). */
const PUBLIC_TOPICS = { services: topics.plans, faqs: topics.faqs, banners: topics.banners, guides: topics.helpGuides } as const;

/**
 * Imports a realtime-database export: validates everything first, then upserts every collection in one
 * transaction. Any bad record (including an unknown project owner) rejects the whole file and writes nothing.
 */
export async function importContent(db: Db, data: unknown): Promise<ImportSummary> {
  const parsed = parseExport(data);
  return db.transaction(async (tx) => {
    await lockImports(tx);
    const results = await writeCollections(tx, parsed);
    const summary: ImportSummary = { collections: [], ignored: parsed.ignored };
    for (const [name, result] of Object.entries(results) as [keyof typeof results, UpsertResult][]) {
      const { created, updated, unchanged } = result;
      summary.collections.push({ name: COLLECTIONS[name].path, created, updated, unchanged });
      if (result.changed.length && name in PUBLIC_TOPICS) {
        await publishChange(tx, {
          topic: PUBLIC_TOPICS[name as keyof typeof PUBLIC_TOPICS],
          audience: { public: true },
        });
      }
    }
    return summary;
  });
}

async function writeCollections(tx: Db, parsed: ParsedExport) {
  const results: Partial<Record<keyof typeof COLLECTIONS, UpsertResult>> = {};
  if (parsed.services) {
    const rows = parsed.services.map(({ key, value: s }) => ({
      id: key,
      title: s.title,
      price: s.price,
      amount: s.amount,
      recurring: s.recurring,
      description: s.description,
      visibility: s.visibility,
      sortOrder: s.order,
    }));
    results.services = await upsertChanged(tx, services, 'id', rows, [
      'title',
      'price',
      'amount',
      'recurring',
      'description',
      'visibility',
      'sortOrder',
    ]);
  }
  if (parsed.promoCodes) {
    await checkPromoPlans(tx, parsed);
    const rows = parsed.promoCodes.map(({ key, value: p }) => ({
      code: key,
      type: p.type,
      value: p.value,
      active: p.active,
      expiresAt: p.expiresAt,
      serviceIds: p.serviceIds,
      maxRedemptions: p.maxRedemptions,
    }));
    // Redemptions are counted by checkout, never reset by an import.
    results.promoCodes = await upsertChanged(tx, promoCodes, 'code', rows, [
      'type',
      'value',
      'active',
      'expiresAt',
      'serviceIds',
      'maxRedemptions',
    ]);
  }
  if (parsed.faqs) {
    const rows = parsed.faqs.map(({ key, value: f }) => ({
      id: key,
      question: f.question,
      answer: f.answer,
      sortOrder: f.order,
    }));
    results.faqs = await upsertChanged(tx, faqs, 'id', rows, ['question', 'answer', 'sortOrder']);
  }
  if (parsed.banners) {
    const rows = parsed.banners.map(({ key, value: b }) => ({
      id: key,
      imageUrl: b.ImageUrl,
      linkUrl: b.LinkUrl,
      title: b.Title,
      subtitle: b.Subtitle,
      timeCreated: b.TimeCreated,
    }));
    results.banners = await upsertChanged(tx, featuredBanners, 'id', rows, [
      'imageUrl',
      'linkUrl',
      'title',
      'subtitle',
      'timeCreated',
    ]);
  }
  if (parsed.guides) {
    const rows = parsed.guides.map(({ key, value: g }) => ({ id: key, ...g }));
    results.guides = await upsertChanged(tx, helpGuides, 'id', rows, [
      'title',
      'description',
      'category',
      'userLevel',
      'consoleTypes',
      'navigation',
      'howToUse',
      'tags',
      'lastUpdated',
    ]);
  }
  if (parsed.formItems) {
    const rows = parsed.formItems.map(({ key, value: q }) => ({
      id: key,
      prompt: q.prompt,
      type: q.type,
      sortOrder: q.order,
      isRequired: q.isRequired,
      options: q.options,
      maxImages: q.maxImages,
    }));
    results.formItems = await upsertChanged(tx, formItems, 'id', rows, [
      'prompt',
      'type',
      'sortOrder',
      'isRequired',
      'options',
      'maxImages',
    ]);
  }
  if (parsed.stepTemplates) {
    const rows = parsed.stepTemplates.map(({ key, value: t }) => ({
      id: key,
      stepIndex: t.StepIndex,
      stepDetails: t.StepDetails,
    }));
    results.stepTemplates = await upsertChanged(tx, completionStepTemplates, 'id', rows, [
      'stepIndex',
      'stepDetails',
    ]);
  }
  if (parsed.projects) results.projects = await writeProjects(tx, parsed.projects);
  return results;
}

/** A promo code limited to plans may name only plans that exist (imported now or before). */
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
