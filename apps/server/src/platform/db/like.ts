/** A case-insensitive substring pattern for ILIKE in which `%`, `_` and `\` typed in a search match themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
