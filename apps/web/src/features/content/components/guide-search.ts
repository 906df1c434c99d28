import type { HelpGuide } from '@portal/contracts/content';

/** Spec §9: a case-insensitive search across title, description, navigation, category, how-to-use, tags and console types. */
export function searchGuides(guides: HelpGuide[], query: string): HelpGuide[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return guides;
  return guides.filter((g) =>
    [g.title, g.description, g.navigation, g.category, g.howToUse, ...g.tags, ...g.consoleTypes].some(
      (field) => field.toLowerCase().includes(needle),
    ),
  );
}

/** '1 result' or 'N results found'. */
export const resultCount = (n: number) => (n === 1 ? '1 result' : `${n} results found`);
