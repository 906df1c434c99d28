import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@portal/contracts/errors';
import { createStaffResultSchema, createStaffSchema } from '@portal/contracts/staff';
import { requireOperator } from '../../platform/http/operator.ts';
import { createOrPromoteStaff } from './service.ts';

/** POST /api/operator/staff: what `npm run portal -- create-staff` calls on a running server. */
export async function staffOperatorRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/operator/staff',
    {
      // Before validation, so that nobody else can even learn the body's shape.
      onRequest: async (request) => requireOperator(request),
      schema: {
        tags: ['operator'],
        summary: 'Create a staff account, or promote an existing one (loopback and operator token only)',
        body: createStaffSchema,
        response: { 200: createStaffResultSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      return createOrPromoteStaff(app.db, request.body, app.clock());
    },
  );
}
