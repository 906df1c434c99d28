import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeImportedCollection, type ImportSummary } from '@portal/contracts/content';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { importContent as importContentRoute } from '@portal/contracts/routes';
import { importContent, ImportRejected } from '../modules/content/index.ts';
import { callRunningPortal, CliError, readJsonFile } from './operator-client.ts';
import type { CliCommand } from './command.ts';

const USAGE = 'Usage: npm run portal -- import [--replace] <file.json>';

/**
 * `import [--replace] <file.json>`: with PostgreSQL (DATABASE_URL) it imports directly; with the embedded database
 * it hands the file to the running portal, the only process that may open that database. `--replace` makes the
 * collections in the file exactly the file (records missing from it are removed; plans that subscriptions use are
 * hidden).
 */
export const importCommand: CliCommand = {
  usage: 'import [--replace] <file.json>',
  summary: 'Import content (plans, FAQs, guides, banners, questionnaire, promo codes, steps, projects)',
  async run(args) {
    let values, positionals;
    try {
      ({ values, positionals } = parseArgs({
        args,
        options: { replace: { type: 'boolean', default: false } },
        allowPositionals: true,
      }));
    } catch (error) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    if (positionals.length !== 1) {
      console.error(USAGE);
      return 2;
    }
    // npm runs workspace scripts in the workspace folder; INIT_CWD is where the operator typed the command.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
    const replace = values.replace;
    try {
      const data = await readJsonFile(file);
      const config = loadConfig();
      const summary = config.DATABASE_URL
        ? await importDirectly(config.DATABASE_URL, data, replace)
        : await callRunningPortal(config, importContentRoute, data, replace ? { replace: 'true' } : undefined);
      console.log(describe(path.relative(process.env.INIT_CWD ?? process.cwd(), file) || file, summary));
      return 0;
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};

async function importDirectly(url: string, data: unknown, replace: boolean): Promise<ImportSummary> {
  const database = await openDatabase({ url });
  try {
    return await importContent(database.db, data, { replace });
  } catch (error) {
    if (error instanceof ImportRejected) throw new CliError(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

/** "Imported demo.json:" (or "Replaced the collections of demo.json:") and one line per collection. */
function describe(file: string, summary: ImportSummary): string {
  const width = Math.max(...summary.collections.map((c) => c.name.length));
  const lines = summary.collections.map(
    (c) => `  ${c.name.padEnd(width)}  ${describeImportedCollection(c, summary.replaced)}`,
  );
  if (summary.ignored.length) lines.push(`  Ignored (not content): ${summary.ignored.join(', ')}`);
  return `${summary.replaced ? 'Replaced the collections of' : 'Imported'} ${file}:\n${lines.join('\n')}`;
}
