import { z } from 'zod';

/** Every 4xx and 5xx answer of the API has this shape; `code` is stable, `message` is for people. */
export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
