import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOperator } from '../../platform/http/operator.ts';
import { runRenewalSweep } from './renewals.ts';
import { runPendingSweep } from './sweeps.ts';

const sweepResultSchema = z.object({
  now: z.number().int(),
  renewals: z.number().int(),
  pending: z.object({ payments: z.number().int(), cards: z.number().int() }),
});

const clockBodySchema = z.object({
  advanceMs: z.number().int().min(0).max(5 * 365 * 86_400_000).default(0),
  advanceDays: z.number().min(0).max(5 * 365).default(0),
});

async function sweepNow(app: FastifyInstance) {
  const renewals = await runRenewalSweep(app);
  const pending = await runPendingSweep(app);
  return { now: app.clock().getTime(), renewals: renewals.length, pending };
}

/** Operator endpoints of billing: run the sweeps now, and (test servers only) move the clock forward. */
export async function billingOperatorRoutes(base: FastifyInstance, options: { advanceClock: ((ms: number) => Date) | null }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/operator/billing/sweeps',
    { schema: { tags: ['operator'], summary: 'Run the renewal and pending-payment sweeps now', response: { 200: sweepResultSchema } } },
    async (request) => {
      requireOperator(request);
      return sweepNow(app);
    },
  );

  const { advanceClock } = options;
  if (!advanceClock) return;
  app.post(
    '/api/operator/billing/clock',
    { schema: { hide: true, body: clockBodySchema, response: { 200: sweepResultSchema } } },
    async (request) => {
      requireOperator(request);
      advanceClock(request.body.advanceMs + Math.round(request.body.advanceDays * 86_400_000));
      return sweepNow(app);
    },
  );
}
