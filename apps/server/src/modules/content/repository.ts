import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { faqs, helpGuides } from './schema.ts';

export function listFaqs(db: Db) {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

/** Spec §9: help guides by category, then title. */
export function listHelpGuides(db: Db) {
  return db
    .select()
    .from(helpGuides)
    .orderBy(asc(helpGuides.category), asc(helpGuides.title), asc(helpGuides.id));
}
