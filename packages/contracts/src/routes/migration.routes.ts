import { migrationReportSchema, migrationRequestSchema } from '../migration.ts';
import { errorBodySchema } from '../errors.ts';
import { defineRoute } from '../route.ts';

/** The `accept` type that asks the migration endpoint to stream its progress (newline-delimited JSON). */
export const MIGRATION_PROGRESS_STREAM = 'application/x-ndjson';

export const migrateFromOriginal = defineRoute({
  method: 'POST',
  path: '/api/operator/migration',
  auth: 'operator',
  tags: ['operator'],
  summary: 'Move people, passwords, subscriptions, cards, payments, chats and files over from the original system (operator token, loopback)',
  description:
    'Answers the report as JSON when the run ends. With `accept: application/x-ndjson` it streams instead: once ' +
    'the work has started (files, then records), 200 with one JSON object per line: `{"progress": {stage, done, ' +
    'total, bytes, totalBytes}}` at most every 200 ms and at the end of each stage, then `{"report": ...}` (the ' +
    'JSON answer) or `{"error": {code, message}}` if the run fails after streaming started (its database part is ' +
    'then not written). A request refused before any work (invalid body, refused records without skipInvalid) answers as ' +
    'without streaming (400 with the error body).',
  body: migrationRequestSchema,
  responses: { 200: migrationReportSchema, 400: errorBodySchema },
});

export const migrationRoutes = { migrateFromOriginal };
