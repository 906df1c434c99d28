import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deletionRequestListSchema, importSummarySchema } from '@portal/contracts/content';
import { requireOperator } from '../../platform/http/operator.ts';
import { importContent } from './import/apply.ts';
import { listDeletionRequests } from './repository.ts';
import { toDeletionRequest } from './service.ts';

/** Exports can be much larger than ordinary requests. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/** Loopback-only endpoints of `npm run portal -- import` and of operators' scripts. */
export async function contentOperatorRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Checked before the body is read: to anyone else these routes do not exist.
  app.addHook('onRequest', async (request) => requireOperator(request));

  app.post(
    '/api/operator/content/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['operator'],
        summary:
          'Import a realtime-database content export: all or nothing, re-imports change nothing (operator token, loopback)',
        body: z.record(z.string(), z.unknown()),
        response: { 200: importSummarySchema },
      },
    },
    async (request) => importContent(app.db, request.body),
  );

  app.get(
    '/api/operator/account-deletion-requests',
    {
      schema: {
        tags: ['operator'],
        summary: 'Stored account deletion requests, newest first (operator token, loopback)',
        querystring: z.object({ email: z.string().max(254).optional() }),
        response: { 200: deletionRequestListSchema },
      },
    },
    async (request) => {
      const rows = await listDeletionRequests(app.db, request.query.email);
      return { requests: rows.map(toDeletionRequest) };
    },
  );
}
