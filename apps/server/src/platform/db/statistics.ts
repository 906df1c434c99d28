import type { FastifyInstance } from 'fastify';
import type { BackgroundWork } from '../jobs/start.ts';
import { every } from '../jobs/every.ts';

const HOURLY = 60 * 60 * 1000;

const analyze = async (app: Pick<FastifyInstance, 'database'>) => app.database.sql.exec('ANALYZE');

/**
 * How long after the start the first ANALYZE waits. PGlite runs one statement at a time and an ANALYZE of every table
 * takes 0.4 to 1 s here: run at once, it held the start's own queries behind it, and the server listened that much
 * later. The planner has the figures of the last ANALYZE meanwhile (pg_statistic is kept with the database).
 */
export const FIRST_ANALYZE_AFTER_MS = 5_000;

/**
 * PGlite runs no autovacuum, so without this its planner never learns how many rows a table holds: a list's
 * first page (`ORDER BY key DESC, id DESC LIMIT 26` on a (user, key, id) index) is then planned as "read every row
 * of the user and sort", which grows with the list. ANALYZE shortly after start and every hour keeps the statistics
 * current; PostgreSQL's autovacuum does this by itself.
 */
export const plannerStatistics: BackgroundWork = async (app) => {
  if (app.database.kind !== 'pglite') return () => undefined;
  let first: Promise<unknown> | undefined;
  const timer = setTimeout(() => {
    first = analyze(app).catch((err: unknown) => app.log.error({ err }, 'planner statistics failed'));
  }, FIRST_ANALYZE_AFTER_MS);
  timer.unref();
  const stop = await every('planner-statistics', () => HOURLY, analyze)(app);
  return async () => {
    clearTimeout(timer);
    await first;
    await stop();
  };
};
