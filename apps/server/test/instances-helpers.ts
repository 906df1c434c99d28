import type { FastifyInstance } from 'fastify';
import { buildApp, type Clock } from '../src/app.ts';
import { openDatabase, type Database } from '../src/platform/db/client.ts';
import { createTestApp, type TestContext } from './helpers.ts';

export interface Instances {
  /** The first instance's context: its database, settings and (for helpers that take one) its app. */
  ctx: TestContext;
  /** Every instance, the first included. */
  apps: FastifyInstance[];
  /** Waits until no instance has billing work running. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `count` portal instances on one database with the same settings and data directory, as processes behind a load
 * balancer would be. On PostgreSQL each has its own connection pool and LISTEN connection, so their transactions
 * really run at once; on PGlite (one process by nature) they share the embedded database.
 */
export async function createInstances(count: number, options: { env?: Record<string, string>; clock?: Clock } = {}): Promise<Instances> {
  const ctx = await createTestApp(options);
  const databases: Database[] = [];
  const apps = [ctx.app];
  const url = process.env.TEST_DATABASE_URL;
  const [{ schema }] = (await ctx.database.sql.query<{ schema: string }>('SELECT current_schema() AS schema')) as [{ schema: string }];
  for (let i = 1; i < count; i += 1) {
    const database = url ? await openDatabase({ url, schema }) : ctx.database;
    if (url) databases.push(database);
    const app = await buildApp({ config: ctx.config, database, clock: options.clock, serveWeb: false, logger: false });
    await app.ready();
    apps.push(app);
  }
  return {
    ctx,
    apps,
    settle: async () => {
      for (const app of apps) await app.billing.settle();
    },
    close: async () => {
      for (const app of apps.slice(1)) await app.close();
      for (const database of databases) await database.close();
      await ctx.close();
    },
  };
}
