import { pino } from 'pino';
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './platform/db/client.ts';
import { backgroundWork, buildApp } from './app.ts';
import { startBackgroundWork } from './platform/jobs/start.ts';
import { operatorToken } from './platform/http/operator.ts';
import { loggerOptions } from './platform/http/logger.ts';
import { demoAccountsFile, ensureDemoAccounts } from './first-start/demo-accounts.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // The CLI on this machine finds the operator token under DATA_DIR; it exists before the first operator call.
  operatorToken(config);
  // A person at a terminal gets readable lines; anything else (a file, a collector, CI) JSON.
  const terminal = Boolean(process.stdout.isTTY);
  const log = pino(loggerOptions(config, terminal));
  log.info(config.DATABASE_URL ? 'Opening PostgreSQL and applying migrations...' : `Opening the embedded database in ${config.dataDir} and applying migrations...`);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const app = await buildApp({ config, database, loggerInstance: log, quietRequests: terminal });
  const stopJobs = await startBackgroundWork(app, backgroundWork);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'Shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000 + config.SHUTDOWN_DRAIN_MS).unref();
    // Drain: /readyz fails first, so the load balancer stops sending new requests here; then open event
    // streams are ended (app.close), and browsers reconnect through the balancer to another instance.
    app.draining = true;
    if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    await stopJobs();
    await app.close();
    await database.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const demoAccounts = await ensureDemoAccounts(app).catch((error: unknown) => {
    app.log.warn({ err: error }, 'Could not finish the demo accounts; the portal works without them');
    return null;
  });
  for (const account of demoAccounts ?? []) {
    app.log.info(`Demo ${account.role}: sign in at ${config.publicUrl}/login as ${account.email} with password ${account.password}`);
  }
  if (demoAccounts) app.log.info(`(The demo passwords belong to this data directory: ${demoAccountsFile(app)})`);
  app.log.info(`Portal ready at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
}

void main();
