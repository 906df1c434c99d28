import { z } from 'zod';

/**
 * Field types of the realtime-database export. Exports written by hand or by the original database mix numbers
 * and numeric strings, so the numeric fields accept both; everything else is strict.
 */

/** A message for a missing field, or else for a value of the wrong kind. */
const expected = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `expected ${what}`),
});

export const text = z.string(expected('text')).trim().min(1, 'must not be empty');

/** Optional text: absent, null and '' all mean "none". */
export const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v && v.trim() ? v.trim() : null));

export const wholeNumber = z
  .union([z.number(), z.string()], expected('a whole number'))
  .transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: 'expected a whole number' });
      return z.NEVER;
    }
    return n;
  });

export const cents = wholeNumber.refine((n) => n >= 0, 'expected whole cents (0 or more)');

/** Epoch milliseconds (number or digits) or an ISO date. */
export const timestamp = z
  .union([z.number(), z.string()], expected('epoch milliseconds or an ISO date'))
  .transform((value, ctx) => {
    const date = typeof value === 'number' || /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'expected epoch milliseconds or an ISO date' });
      return z.NEVER;
    }
    return date;
  });

/** An absolute http(s) address, or a path on this site ("/media/..."). */
export const link = z
  .string()
  .trim()
  .refine(
    (v) => /^https?:\/\/[^\s]+$/.test(v) || /^\/[^\s/][^\s]*$/.test(v),
    'expected an http(s) address or a path starting with /',
  );

export const optionalLink = z
  .union([link, z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);

/** An optional address on another site: absent, null and '' mean none; a path on this site is refused. */
export const outsideLink = z
  .union([z.string().trim().regex(/^https?:\/\/[^\s]+$/, 'expected an http(s) address'), z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);

export const stringList = z.array(text).default([]);

const FORBIDDEN_KEY = /[.$#[\]/]/;

/** Keys follow the realtime database's rules: 1-200 characters, none of . $ # [ ] /. */
export function keyProblem(key: string): string | null {
  if (!key.trim()) return 'the key is empty';
  if (key.length > 200) return 'the key is longer than 200 characters';
  if (FORBIDDEN_KEY.test(key)) return 'the key contains one of . $ # [ ] /';
  return null;
}
