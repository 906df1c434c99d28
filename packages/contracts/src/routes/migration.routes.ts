import { migrationReportSchema, migrationRequestSchema } from '../migration.ts';
import { errorBodySchema } from '../errors.ts';
import { defineRoute } from '../route.ts';

export const migrateFromOriginal = defineRoute({
  method: 'POST',
  path: '/api/operator/migration',
  auth: 'operator',
  tags: ['operator'],
  summary: 'Move people, passwords, subscriptions, cards, payments, chats and files over from the original system (operator token, loopback)',
  body: migrationRequestSchema,
  responses: { 200: migrationReportSchema, 400: errorBodySchema },
});

export const migrationRoutes = { migrateFromOriginal };
