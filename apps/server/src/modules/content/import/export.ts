import { asc } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { services } from '../../plans/index.ts';
import { completionStepTemplates } from '../../subscriptions/index.ts';
import { faqs, featuredBanners, formItems, helpGuides, promoCodes } from '../schema.ts';
import { COLLECTIONS, type CollectionName } from './parse.ts';

const ms = (date: Date | null) => (date ? date.getTime() : null);

/**
 * The stored content as an export in the importer's format: importing it again changes nothing. Projects belong
 * to customers, not to the content, and are left out.
 */
export async function exportContent(db: Db): Promise<Record<string, unknown>> {
  const collections: Record<Exclude<CollectionName, 'projects'>, [string, unknown][]> = {
    services: (await db.select().from(services).orderBy(asc(services.sortOrder), asc(services.id))).map((s) => [
      s.id,
      {
        title: s.title,
        price: s.price,
        amount: s.amount,
        recurring: s.recurring,
        description: s.description,
        visibility: s.visibility,
        order: s.sortOrder,
      },
    ]),
    promoCodes: (await db.select().from(promoCodes).orderBy(asc(promoCodes.code))).map((p) => [
      p.code,
      {
        type: p.type,
        value: p.value,
        active: p.active,
        expiresAt: ms(p.expiresAt),
        serviceIds: p.serviceIds,
        maxRedemptions: p.maxRedemptions,
      },
    ]),
    faqs: (await db.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id))).map((f) => [
      f.id,
      { question: f.question, answer: f.answer, order: f.sortOrder },
    ]),
    banners: (await db.select().from(featuredBanners).orderBy(asc(featuredBanners.id))).map((b) => [
      b.id,
      { ImageUrl: b.imageUrl, LinkUrl: b.linkUrl, Title: b.title, Subtitle: b.subtitle, TimeCreated: ms(b.timeCreated) },
    ]),
    guides: (await db.select().from(helpGuides).orderBy(asc(helpGuides.id))).map(({ id, demo: _, ...g }) => [
      id,
      { ...g, lastUpdated: ms(g.lastUpdated) },
    ]),
    formItems: (await db.select().from(formItems).orderBy(asc(formItems.sortOrder), asc(formItems.id))).map((q) => [
      q.id,
      {
        prompt: q.prompt,
        type: q.type,
        order: q.sortOrder,
        isRequired: q.isRequired,
        options: q.options,
        maxImages: q.maxImages,
      },
    ]),
    stepTemplates: (
      await db.select().from(completionStepTemplates).orderBy(asc(completionStepTemplates.stepIndex), asc(completionStepTemplates.id))
    ).map((t) => [t.id, { StepIndex: t.stepIndex, StepDetails: t.stepDetails }]),
  };
  const file: Record<string, unknown> = {};
  for (const [name, records] of Object.entries(collections) as [keyof typeof collections, [string, unknown][]][])
    place(file, COLLECTIONS[name].path, Object.fromEntries(records));
  return file;
}

/** Puts `value` at "A/B/C" in `root`, making the objects on the way. */
function place(root: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('/');
  let node = root;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts.at(-1)!] = value;
}
