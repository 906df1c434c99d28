import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { fromLoopback, hasBearer, hidden } from './operator.ts';

/** The portal's Prometheus metrics, one registry per app (tests build several apps in one process). */
export class Metrics {
  readonly registry = new Registry();
  private readonly sweepRuns = new Counter({ name: 'portal_sweep_runs_total', help: 'Background sweep runs', labelNames: ['sweep'], registers: [this.registry] });
  private readonly sweepFailures = new Counter({ name: 'portal_sweep_failures_total', help: 'Background sweep runs that failed', labelNames: ['sweep'], registers: [this.registry] });
  readonly requests = new Counter({ name: 'portal_http_requests_total', help: 'HTTP requests answered', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
  readonly latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** Counts one run of a sweep, and its failure; the run's own result or error passes through. */
  async countSweep<T>(sweep: string, run: Promise<T>): Promise<T> {
    this.sweepRuns.inc({ sweep });
    try {
      return await run;
    } catch (error) {
      this.sweepFailures.inc({ sweep });
      throw error;
    }
  }
}

/**
 * Node's own metrics (memory, event loop, GC) describe the process, not an app, and their collectors watch it for as
 * long as it lives (a GC observer, an event-loop monitor) with no way to stop them: collected once per process, so
 * that an app closed in a process that builds several (tests) is not kept alive by the collectors it started.
 */
let processMetrics: Registry | undefined;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: 'portal_' });
  }
  return processMetrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * `GET /metrics` in Prometheus's text format: request rates and latencies by route, open event streams, sweep runs
 * and failures, the database pool, and Node's own (memory, event loop, GC). It answers on loopback (a scraper
 * beside the process) or to `Authorization: Bearer $METRICS_TOKEN`; anyone else gets a 404.
 */
export function registerMetrics(app: FastifyInstance) {
  const metrics = new Metrics();
  app.decorate('metrics', metrics);
  new Gauge({
    name: 'portal_event_streams_open',
    help: 'Live event streams (/api/events) open on this instance',
    registers: [metrics.registry],
    collect() {
      this.set(app.liveStreams.size);
    },
  });
  new Gauge({
    name: 'portal_mail_outbox',
    help: 'E-mail in the outbox by status (pending: waiting to be sent or retried; failed: given up, shown to staff)',
    labelNames: ['status'],
    registers: [metrics.registry],
    async collect() {
      const rows = await app.database.sql.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM mail_outbox WHERE status IN ('pending', 'failed') GROUP BY status`,
      );
      for (const status of ['pending', 'failed']) this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
    },
  });
  const pool = app.database.pool;
  if (pool) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'],
      registers: [metrics.registry],
      collect() {
        const counts = pool();
        this.set({ state: 'total' }, counts.total);
        this.set({ state: 'idle' }, counts.idle);
        this.set({ state: 'waiting' }, counts.waiting);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/payments/:id), never the raw path: one series per route, not per id.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  // Merged once every metric of the app is registered; the process's collectors start with the first app.
  const published = Registry.merge([processRegistry(), metrics.registry]);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.METRICS_TOKEN;
    if (!(fromLoopback(request) || (token && hasBearer(request, token)))) throw hidden(request);
    return reply.type(published.contentType).send(await published.metrics());
  });
}
