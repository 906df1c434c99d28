import type { FastifyInstance } from 'fastify';
import type { BackgroundWork } from '../jobs/start.ts';
import { every } from '../jobs/every.ts';

const HOURLY = 60 * 60 * 1000;

const analyze = async (app: FastifyInstance) => app.database.sql.exec('ANALYZE');

/**
 * PGlite runs no autovacuum, so without this its planner never learns how many rows a table holds: a list's
 * first page (`ORDER BY key DESC, id DESC LIMIT 26` on a (user, key, id) index) is then planned as "read every row
 * of the user and sort", which grows with the list. ANALYZE at start and every hour keeps the statistics current;
 * PostgreSQL's autovacuum does this by itself.
 */
export const plannerStatistics: BackgroundWork = async (app) => {
  if (app.database.kind !== 'pglite') return () => undefined;
  const first = analyze(app).catch((err: unknown) => app.log.error({ err }, 'planner statistics failed'));
  const stop = await every('planner-statistics', () => HOURLY, analyze)(app);
  return async () => {
    await first;
    await stop();
  };
};
