import path from 'node:path';
import { parseArgs } from 'node:util';
import type { MigrationReport } from '@portal/contracts/migration';
import { MIGRATION_PROGRESS_STREAM, migrateFromOriginal } from '@portal/contracts/routes';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';
import {
  migrate,
  MigrationRefused,
  type MigrationInput,
  type MigrationProgress,
} from '../modules/migration/index.ts';
import { prepareUploadStorage } from '../modules/uploads/index.ts';
import { CliError, readJsonFile, streamFromRunningPortal } from './operator-client.ts';
import type { CliCommand } from './command.ts';

const USAGE =
  'Usage: npm run portal -- migrate --database export.json --auth users.json --hash-config hash.json --files ./bucket [--dry-run] [--skip-invalid]';

/**
 * `migrate`: moves a business over from the original system (README "Moving from the original system"). With
 * PostgreSQL (DATABASE_URL) it works directly; with the embedded database the running portal does the work (it
 * reads the files folder itself: the operator endpoint answers on loopback only) and streams its progress. Either
 * way the progress shows on stderr.
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
        database: await readJsonFile(path.resolve(here, values.database)),
        auth: values.auth ? await readJsonFile(path.resolve(here, values.auth)) : undefined,
        hashConfig: values['hash-config']
          ? await readJsonFile(path.resolve(here, values['hash-config']))
          : undefined,
        filesDir: values.files ? path.resolve(here, values.files) : undefined,
        dryRun: values['dry-run'],
        skipInvalid: values['skip-invalid'],
      };
      const config = loadConfig();
      const progress = progressPrinter();
      const report = await (
        config.DATABASE_URL
          ? migrateDirectly(config, input, progress.show)
          : streamFromRunningPortal(config, migrateFromOriginal, input, MIGRATION_PROGRESS_STREAM, progress.show)
      ).finally(progress.end);
      console.log(describeReport(report));
      return report.refused.length && !report.applied && !report.dryRun ? 1 : 0;
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};

async function migrateDirectly(
  config: ReturnType<typeof loadConfig>,
  input: MigrationInput,
  onProgress: (progress: MigrationProgress) => void,
): Promise<MigrationReport> {
  const database = await openDatabase({ url: config.DATABASE_URL });
  try {
    return await migrate(database.db, input, {
      storage: await prepareUploadStorage(config),
      now: new Date(),
      squareSandbox: config.SQUARE_ENVIRONMENT === 'local',
      onProgress,
    });
  } catch (error) {
    if (error instanceof MigrationRefused) throw new CliError(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

/**
 * Progress on stderr, whoever does the work: on a terminal a bar redrawn in place (one per stage), otherwise a
 * line at the end of each stage and at most one a second between.
 */
function progressPrinter() {
  const tty = process.stderr.isTTY;
  let stage = '';
  let printedAt = 0;
  return {
    show(p: MigrationProgress) {
      const line =
        p.stage === 'files'
          ? `files ${p.done}/${p.total}, ${megabytes(p.bytes)} of ${megabytes(p.totalBytes)}`
          : `records ${p.done}/${p.total}`;
      if (tty) {
        if (stage && stage !== p.stage) process.stderr.write('\n');
        process.stderr.write(`\r${bar(p.done / Math.max(1, p.total))} ${line}`.padEnd(80));
      } else if (p.done === p.total || Date.now() - printedAt >= 1000) {
        process.stderr.write(`${line}\n`);
        printedAt = Date.now();
      }
      stage = p.stage;
    },
    end() {
      if (tty && stage) process.stderr.write('\n');
    },
  };
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
