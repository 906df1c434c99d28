import type { HelpGuide } from '@portal/contracts/help';

/** Spec §9: a case-insensitive search across title, description, navigation, category, how-to-use, tags and console types. */
export function searchGuides(guides: HelpGuide[], query: string): HelpGuide[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return guides;
  return guides.filter((g) =>
    [g.title, g.description, g.navigation, g.category, g.howToUse, ...g.tags, ...g.consoleTypes].some(
      (field) => contains(field, needle),
    ),
  );
}

const contains = (field: string, needle: string) => field.toLowerCase().includes(needle);

/**
 * Where the search matched in fields a guide's card does not show (its tags and how-to-use text), when it matched
 * nothing the card shows: so that every result tells why it is there.
 */
export function hiddenMatches(guide: HelpGuide, query: string): { field: string; values: string[] }[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const shown = [guide.title, guide.description, guide.navigation, guide.category, guide.userLevel, ...guide.consoleTypes];
  if (shown.some((field) => contains(field, needle))) return [];
  const found: { field: string; values: string[] }[] = [];
  const tags = guide.tags.filter((tag) => contains(tag, needle));
  if (tags.length > 0) found.push({ field: 'tags', values: tags });
  if (contains(guide.howToUse, needle)) found.push({ field: 'how to use', values: [excerpt(guide.howToUse, needle)] });
  return found;
}

/** A few words either side of the first match, so the card stays short. */
function excerpt(text: string, needle: string, around = 40): string {
  const at = text.toLowerCase().indexOf(needle);
  const start = Math.max(0, at - around);
  const end = Math.min(text.length, at + needle.length + around);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** '1 result' or 'N results found'. */
export const resultCount = (n: number) => (n === 1 ? '1 result' : `${n} results found`);
