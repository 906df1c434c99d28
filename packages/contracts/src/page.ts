import { z } from 'zod';

/** How many rows a list answers when the caller does not say, and the most it ever answers. */
export const PAGE_LIMIT_DEFAULT = 25;
export const PAGE_LIMIT_MAX = 100;

/**
 * The query of a list read a page at a time (keyset pagination): `cursor` is the `nextCursor` of the page before,
 * opaque to the caller; without it the first page comes.
 */
export const cursorQuery = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
};
/** A list's search text: trimmed, matched case-insensitively as a substring. */
export const searchTextQuery = z.string().trim().max(200).optional();

export const pageQuerySchema = z.object(cursorQuery);
export type PageQuery = z.output<typeof pageQuerySchema>;

/** `nextCursor` is what to send as `cursor` for the next page; null on the last page. */
export const nextCursor = { nextCursor: z.string().nullable() };

/** A page of a list whose rows sit under `key`: `{ [key]: T[], nextCursor }`. */
export const pageOf = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), ...nextCursor } as { [P in K]: z.ZodArray<T> } & typeof nextCursor);
