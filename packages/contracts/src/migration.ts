import { z } from 'zod';

/** What the operator sends to migrate from the original system (spec §3 shapes; docs/decisions/0023). */
export const migrationRequestSchema = z.object({
  /** The realtime database export. */
  database: z.record(z.string(), z.unknown()),
  /** The sign-in service's `auth:export` JSON ({ users: [...] }). */
  auth: z.unknown().optional(),
  /** The hash parameters of that export (signer key, salt separator, rounds, memory cost). */
  hashConfig: z.unknown().optional(),
  /** Absolute folder holding the bucket's files under their original paths (read by the portal's machine). */
  filesDir: z.string().max(4096).optional(),
  dryRun: z.boolean().default(false),
  skipInvalid: z.boolean().default(false),
});
export type MigrationRequest = z.input<typeof migrationRequestSchema>;

export const migrationCountsSchema = z.object({
  name: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
});

export const migrationReportSchema = z.object({
  dryRun: z.boolean(),
  /** False when records were refused and nothing was written (no --skip-invalid). */
  applied: z.boolean(),
  collections: z.array(migrationCountsSchema),
  refused: z.array(z.object({ path: z.string(), reason: z.string() })),
  files: z.object({ copied: z.number().int(), skipped: z.number().int(), bytes: z.number().int() }),
});
export type MigrationReport = z.infer<typeof migrationReportSchema>;
