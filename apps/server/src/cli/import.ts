import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportSummary } from '@portal/contracts/content';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { importContent as importContentRoute } from '@portal/contracts/routes';
import { importContent, ImportRejected } from '../modules/content/index.ts';
import { callRunningPortal, CliError } from './operator-client.ts';
import type { CliCommand } from './portal.ts';

/**
 * `import <file.json>`: with PostgreSQL (DATABASE_URL) it imports directly; with the embedded database it hands
 * the file to the running portal, the only process that may open that database.
 */
export const importCommand: CliCommand = {
  usage: 'import <file.json>',
  summary: 'Import content (plans, FAQs, guides, banners, questionnaire, promo codes, steps, projects)',
  async run(args) {
    if (args.length !== 1) {
      console.error('Usage: npm run portal -- import <file.json>');
      return 2;
    }
    // npm runs workspace scripts in the workspace folder; INIT_CWD is where the operator typed the command.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
    try {
      const data = await readExport(file);
      const config = loadConfig();
      const summary = config.DATABASE_URL
        ? await importDirectly(config.DATABASE_URL, data)
        : await callRunningPortal(config, importContentRoute, data);
      console.log(describe(path.relative(process.env.INIT_CWD ?? process.cwd(), file) || file, summary));
      return 0;
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};

async function readExport(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CliError(`Cannot read ${file}.`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

async function importDirectly(url: string, data: unknown): Promise<ImportSummary> {
  const database = await openDatabase({ url });
  try {
    return await importContent(database.db, data);
  } catch (error) {
    if (error instanceof ImportRejected) throw new CliError(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

/** "Imported demo.json:" and one line per collection. */
function describe(file: string, summary: ImportSummary): string {
  const width = Math.max(...summary.collections.map((c) => c.name.length));
  const lines = summary.collections.map(
    (c) => `  ${c.name.padEnd(width)}  ${c.created} new, ${c.updated} updated, ${c.unchanged} unchanged`,
  );
  if (summary.ignored.length) lines.push(`  Ignored (not content): ${summary.ignored.join(', ')}`);
  return `Imported ${file}:\n${lines.join('\n')}`;
}
