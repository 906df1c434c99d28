import { z } from 'zod';
import { cursorQuery, pageOf } from './page.ts';
import { chatStatusSchema, messengerTypeSchema } from './support.ts';

/**
 * The team inbox's tools beside the chats themselves (issue 23 point 5): search in the words of messages, the
 * customer's rating of a closed chat, and the support figures of the overview.
 */

/** What staff type to search messages: words, "a phrase" in quotes, -word to leave out, or "or" between words. */
export const MESSAGE_SEARCH_MAX = 200;
export const messageSearchQuerySchema = z.object({
  words: z
    .string()
    .trim()
    .min(1, 'Please type the words to search for.')
    .max(MESSAGE_SEARCH_MAX, `A search can be at most ${MESSAGE_SEARCH_MAX} characters.`),
  ...cursorQuery,
});
export type MessageSearchQuery = z.input<typeof messageSearchQuerySchema>;

/** A message whose words match, with its chat and customer: the result opens the conversation at this message. */
export const messageSearchHitSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  chatReason: z.string(),
  chatStatus: chatStatusSchema,
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  messengerType: messengerTypeSchema,
  textMessage: z.string(),
  sentTimestamp: z.number().int(),
});
export type MessageSearchHit = z.infer<typeof messageSearchHitSchema>;
/** Newest message first, a page at a time (contracts `page.ts`). */
export const messageSearchResultSchema = pageOf('messages', messageSearchHitSchema);

/** A typing signal publishes at most one live event per person and chat in this time; the other side shows "typing…" this long after one. */
export const TYPING_THROTTLE_MS = 2000;
export const TYPING_SHOWN_MS = 5000;
/** The live topic of someone of one side typing in a chat. */
export const typingTopic = (chatId: string, side: 'user' | 'support') => `typing:${chatId}:${side}` as const;

/** A closed chat's rating by its customer: 1 (poor) to 5 (excellent), with an optional comment. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_COMMENT_MAX = 1000;
export const rateChatSchema = z.object({
  rating: z.number().int().min(RATING_MIN, 'Please choose a rating from 1 to 5.').max(RATING_MAX, 'Please choose a rating from 1 to 5.'),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, `A comment can be at most ${RATING_COMMENT_MAX} characters.`)
    .optional()
    .transform((comment) => comment || null),
});
export type RateChatInput = z.input<typeof rateChatSchema>;
export type RatedChat = z.output<typeof rateChatSchema>;

/**
 * Whether the customer may rate the chat now (it is closed and this closing is not rated yet) and the rating given
 * to its latest closing, if any. Reopening and closing again asks again.
 */
export const chatRatingSchema = z.object({
  rateable: z.boolean(),
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
});
export type ChatRating = z.infer<typeof chatRatingSchema>;

/** Over how many days the overview's support figures are taken. */
export const SUPPORT_FIGURES_DAYS = 30;
/**
 * The support figures of the overview, over the last `SUPPORT_FIGURES_DAYS` days: the customers' average rating
 * (null without ratings) and how long a new chat waited for support's first answer (seconds; null when none was
 * answered), as a median and an average.
 */
export const supportFiguresSchema = z.object({
  days: z.number().int(),
  ratingCount: z.number().int(),
  averageRating: z.number().nullable(),
  answeredChats: z.number().int(),
  medianFirstResponseSeconds: z.number().nullable(),
  averageFirstResponseSeconds: z.number().nullable(),
});
export type SupportFigures = z.infer<typeof supportFiguresSchema>;
