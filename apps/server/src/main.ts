import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './platform/db/client.ts';
import { buildApp } from './app.ts';
import { startBackgroundWork } from './platform/jobs/start.ts';
import { operatorToken } from './platform/http/operator.ts';
import { startMailDelivery } from './platform/mail/delivery-work.ts';

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
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const app = await buildApp({ config, database });
  const stopJobs = await startBackgroundWork(app);
  const stopMail = await startMailDelivery(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await stopJobs();
    await stopMail();
    await app.close();
    await database.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Portal ready at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
}

void main();
