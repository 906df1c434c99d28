import { z } from 'zod';

/** Every 4xx and 5xx answer of the API has this shape; `code` is stable, `message` is for people. */
export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What a staff route may answer besides success: bad input, signed out, not staff, missing, or a clash. */
export const staffErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
