import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { every } from '../../platform/jobs/every.ts';
import type { BackgroundWork } from '../../platform/jobs/start.ts';

/**
 * The overview's figures grow a row per change (migration 0411): folding them keeps a read of the overview to a few
 * rows. Instances may fold at once; each folds the rows it deleted, and a row one of them took the other skips.
 */
export const foldOverviewFigures = (app: Pick<FastifyInstance, 'db'>) => app.db.execute(sql`SELECT fold_overview_figures()`);

export const overviewFoldSweep: BackgroundWork = every('overview figures fold', (app) => app.config.OVERVIEW_FOLD_INTERVAL_MS, foldOverviewFigures);
