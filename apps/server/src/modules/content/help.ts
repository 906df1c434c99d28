import type { Faq, HelpGuide } from '@portal/contracts/help';
import type { Db } from '../../platform/db/client.ts';
import { listFaqs, listHelpGuides } from './repository.ts';
import type { helpGuides as helpGuideTable } from './schema.ts';

/** Help content as readers see it: FAQs in their order, help guides by category, then title. */

export async function faqList(db: Db): Promise<Faq[]> {
  return listFaqs(db);
}

export const toHelpGuide = (g: typeof helpGuideTable.$inferSelect): HelpGuide => ({
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
});

export async function helpGuides(db: Db): Promise<HelpGuide[]> {
  return (await listHelpGuides(db)).map(toHelpGuide);
}
