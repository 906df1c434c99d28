import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { MigrationReport } from '@portal/contracts/migration';
import { migrateFromOriginal } from '@portal/contracts/routes';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { migrate, MigrationRefused, type MigrationInput } from '../modules/migration/index.ts';
import { prepareUploadStorage } from '../modules/uploads/index.ts';
import { callRunningPortal, CliError } from './operator-client.ts';
import type { CliCommand } from './portal.ts';

const USAGE =
  'Usage: npm run portal -- migrate --database export.json --auth users.json --hash-config hash.json --files ./bucket [--dry-run] [--skip-invalid]';

/**
 * `migrate`: moves a business over from the original system (README "Moving from the original system"). With
 * PostgreSQL (DATABASE_URL) it works directly and shows progress; with the embedded database the running portal
 * does the work (it reads the files folder itself: the operator endpoint answers on loopback only).
 */
export const migrateCommand: CliCommand = {
  usage: 'migrate --database <json> --auth <json> ...',
  summary:
    'Move people, passwords, subscriptions, cards, payments, chats and files over from the original system',
  async run(args) {
    let values;
    try {
      ({ values } = parseArgs({
        args,
        options: {
          database: { type: 'string' },
          auth: { type: 'string' },
          'hash-config': { type: 'string' },
          files: { type: 'string' },
          'dry-run': { type: 'boolean', default: false },
          'skip-invalid': { type: 'boolean', default: false },
        },
      }));
    } catch (error) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    if (!values.database) {
      console.error(USAGE);
      return 2;
    }
    const here = process.env.INIT_CWD ?? process.cwd();
    try {
      const input: MigrationInput = {
        database: await readJson(path.resolve(here, values.database)),
        auth: values.auth ? await readJson(path.resolve(here, values.auth)) : undefined,
        hashConfig: values['hash-config']
          ? await readJson(path.resolve(here, values['hash-config']))
          : undefined,
        filesDir: values.files ? path.resolve(here, values.files) : undefined,
        dryRun: values['dry-run'],
        skipInvalid: values['skip-invalid'],
      };
      const config = loadConfig();
      const report = config.DATABASE_URL
        ? await migrateDirectly(config, input)
        : await callRunningPortal(config, migrateFromOriginal, input);
      console.log(describeReport(report));
      return report.refused.length && !report.applied && !report.dryRun ? 1 : 0;
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};

async function readJson(file: string): Promise<unknown> {
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

async function migrateDirectly(
  config: ReturnType<typeof loadConfig>,
  input: MigrationInput,
): Promise<MigrationReport> {
  const database = await openDatabase({ url: config.DATABASE_URL });
  const tty = process.stderr.isTTY;
  let stage = '';
  try {
    return await migrate(database.db, input, {
      storage: await prepareUploadStorage(config),
      now: new Date(),
      squareSandbox: config.SQUARE_ENVIRONMENT === 'local',
      onProgress: (p) => {
        const line =
          p.stage === 'files'
            ? `files ${p.done}/${p.total}, ${megabytes(p.bytes)} of ${megabytes(p.totalBytes)}`
            : `records ${p.done}/${p.total}`;
        if (tty) {
          if (stage && stage !== p.stage) process.stderr.write('\n');
          stage = p.stage;
          process.stderr.write(`\r${bar(p.done / Math.max(1, p.total))} ${line}`.padEnd(80));
        } else if (p.done === p.total || p.done % 100 === 0) process.stderr.write(`${line}\n`);
      },
    });
  } catch (error) {
    if (error instanceof MigrationRefused) throw new CliError(error.message);
    throw error;
  } finally {
    if (tty) process.stderr.write('\n');
    await database.close();
  }
}

const megabytes = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
const bar = (share: number, width = 30) => `[${'#'.repeat(Math.round(share * width)).padEnd(width, '.')}]`;

/** One line per collection, then the refused records, then the files. */
export function describeReport(report: MigrationReport): string {
  const width = Math.max(...report.collections.map((c) => c.name.length));
  const lines = [
    report.dryRun
      ? 'Dry run (nothing was changed):'
      : report.applied
        ? 'Migrated:'
        : 'Refused (nothing was changed):',
  ];
  for (const c of report.collections)
    lines.push(
      `  ${c.name.padEnd(width)}  ${c.created} new, ${c.updated} updated, ${c.unchanged} unchanged, ${c.refused} refused`,
    );
  if (report.refused.length) {
    lines.push(report.applied ? 'Skipped (--skip-invalid):' : 'Refused records:');
    for (const r of report.refused) lines.push(`  ${r.path}: ${r.reason}`);
  }
  const { copied, skipped, bytes } = report.files;
  lines.push(`Files: ${copied} copied (${megabytes(bytes)}), ${skipped} already there`);
  return lines.join('\n');
}
