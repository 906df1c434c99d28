import type { MigrationReport } from '@portal/contracts/migration';
import { fileUrl } from '@portal/contracts/uploads';
import type { Db } from '../../platform/db/client.ts';
import type { UpsertResult } from '../../platform/db/upsert.ts';
import { AppError } from '../../platform/http/errors.ts';
import { importContent } from '../content/index.ts';
import { writeCards, writePayments } from './apply/billing.ts';
import { writeChats } from './apply/chats.ts';
import { checkFiles, copyFiles, hasFile, writeFiles, type FileFact } from './apply/files.ts';
import { matchExistingUsers, writeDeletionRequests, writeUsers } from './apply/people.ts';
import { writeProjects } from './apply/projects.ts';
import { checkPlans, writeSubscriptions } from './apply/subscriptions.ts';
import {
  MIGRATED,
  type Collection,
  type MigrationOptions,
  type Refusal,
  type WriteContext,
} from './context.ts';
import { parseMigration, type ParsedMigration } from './parse.ts';
import { isFileUrl } from './parse/files.ts';

export type { MigrationOptions, MigrationProgress } from './context.ts';

/** Database paths this module migrates; every other root is content, handed to the content importer. */
const OWN_ROOTS = new Set([
  'Users',
  'UserSubscriptions',
  'Subscriptions',
  'Payments',
  'UserPayments',
  'Cards',
  'UserChats',
  'Chats',
  'Projects',
  'AccountDeletionRequest',
]);

export interface MigrationInput {
  database: unknown;
  auth?: unknown;
  hashConfig?: unknown;
  filesDir?: string;
  dryRun?: boolean;
  skipInvalid?: boolean;
}

/** A real run that refused records (without --skip-invalid): nothing was written. */
export class MigrationRefused extends AppError {
  constructor(readonly report: MigrationReport) {
    const shown = report.refused.slice(0, 50).map((r) => `  ${r.path}: ${r.reason}`);
    if (report.refused.length > 50) shown.push(`  ...and ${report.refused.length - 50} more`);
    super(
      400,
      'MIGRATION_REFUSED',
      `The migration was refused and nothing was changed (--skip-invalid skips these):\n${shown.join('\n')}`,
    );
  }
}

class DryRunRollback extends Error {}

/**
 * Moves a business over from the original system (docs/decisions/0023): reads and checks the exports, copies the
 * referenced files (each once), then writes every record in one transaction. A dry run does the same writes in a
 * transaction it rolls back, so its counts are exactly what a real run would do, and copies no file.
 */
export async function migrate(
  db: Db,
  input: MigrationInput,
  options: MigrationOptions,
): Promise<MigrationReport> {
  const parsed = parseMigration(input);
  const refused: Refusal[] = [...parsed.refused];
  await matchExistingUsers(db, [...parsed.users.values()], refused);
  const fileFacts = await checkFiles(db, parsed.files, input.filesDir, refused);
  await checkPlans(db, input.database, parsed, refused);
  dropRefused(parsed, refused, fileFacts);

  const dryRun = input.dryRun ?? false;
  const report: MigrationReport = {
    dryRun,
    applied: false,
    collections: [],
    refused,
    files: { copied: 0, skipped: 0, bytes: 0 },
  };
  if (refused.length && !input.skipInvalid && !dryRun)
    throw new MigrationRefused(countOnly(report, parsed, refused));

  if (!dryRun) report.files = await copyFiles(options, fileFacts);
  try {
    await db.transaction(async (tx) => {
      report.collections = await writeAll(tx, input.database, parsed, fileFacts, options, refused);
      if (dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  report.applied = !dryRun;
  return report;
}

/** The report of a refused run: per collection only the refusals, nothing counted as written. */
function countOnly(report: MigrationReport, parsed: ParsedMigration, refused: Refusal[]): MigrationReport {
  void parsed;
  report.collections = MIGRATED.map((name) => ({
    name,
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: refusedIn(name, refused),
  }));
  return report;
}

const COLLECTION_OF: [RegExp, Collection][] = [
  [/^\(auth\)|^Users\//, 'Users'],
  [/^Cards\//, 'Cards'],
  [/\/CompletionSteps\//, 'CompletionSteps'],
  [/\/Forms\/|^Subscriptions\//, 'Forms'],
  [/^UserSubscriptions\//, 'UserSubscriptions'],
  [/^Payments\/|^UserPayments\//, 'Payments'],
  [/^Chats\/[^/]+\/|^UserChats\//, 'Messages'],
  [/^Chats\//, 'Chats'],
  [/^Projects\//, 'Projects'],
  [/^AccountDeletionRequest\//, 'AccountDeletionRequest'],
  [/^\(files\)/, 'Files'],
];
function refusedIn(name: Collection, refused: Refusal[]): number {
  return refused.filter((r) => (COLLECTION_OF.find(([re]) => re.test(r.path))?.[1] ?? 'Users') === name)
    .length;
}

/** Leaves out refused records and everything that hangs on them. */
function dropRefused(parsed: ParsedMigration, refused: Refusal[], files: Map<string, FileFact>) {
  const bad = (p: string) => refused.some((r) => r.path === p || r.path.startsWith(`${p}/`));
  parsed.subscriptions = parsed.subscriptions.filter((s) => !bad(s.path));
  const subscriptionIds = new Set(parsed.subscriptions.map((s) => s.id));
  parsed.forms = parsed.forms.filter((f) => subscriptionIds.has(f.subscriptionId) && !bad(f.path));
  parsed.steps = parsed.steps.filter((s) => subscriptionIds.has(s.subscriptionId));
  parsed.payments = parsed.payments.filter((p) => !p.subscriptionId || subscriptionIds.has(p.subscriptionId));
  parsed.projects = parsed.projects.filter(
    (p) => !bad(p.path) && (!p.subscriptionId || subscriptionIds.has(p.subscriptionId)),
  );
  for (const chat of parsed.chats) chat.messages = chat.messages.filter((m) => !bad(m.path));
  for (const [key, file] of files) if (!referenced(parsed, file.uploadId)) files.delete(key);
  for (const user of parsed.users.values())
    if (user.image && isFileUrl(user.image) && !bad(user.path) && !hasFile(files, user.image))
      user.image = null;
}
function referenced(parsed: ParsedMigration, uploadId: string): boolean {
  const url = fileUrl(uploadId);
  return (
    [...parsed.users.values()].some((u) => u.image === url) ||
    parsed.forms.some((f) => f.answers.some((a) => a.answers?.includes(url))) ||
    parsed.chats.some((c) => c.messages.some((m) => m.media === url)) ||
    parsed.projects.some((p) => p.value.businessLogo === url)
  );
}

type Counts = Record<Collection, UpsertResult>;

async function writeAll(
  tx: Db,
  database: unknown,
  parsed: ParsedMigration,
  files: Map<string, FileFact>,
  options: MigrationOptions,
  refused: Refusal[],
) {
  const counts = {} as Counts;
  const total =
    parsed.users.size +
    files.size +
    parsed.cards.length +
    parsed.subscriptions.length +
    parsed.steps.length +
    parsed.forms.length +
    parsed.payments.length +
    parsed.chats.reduce((n, c) => n + 1 + c.messages.length, 0) +
    parsed.projects.length +
    parsed.deletionRequests.length;
  let done = 0;
  /** A bulk writer of the owning module, reporting records written so far. */
  const upsert: WriteContext['upsert'] = async (write, rows, compared) => {
    const result = await write(tx, rows, compared);
    done += rows.length;
    options.onProgress?.({ stage: 'records', done: Math.min(done, total), total, bytes: 0, totalBytes: 0 });
    return result;
  };
  const content = Object.fromEntries(
    Object.entries(database as Record<string, unknown>).filter(([k]) => !OWN_ROOTS.has(k)),
  );
  const contentSummary = Object.keys(content).length ? await importContent(tx, content) : null;

  const userList = [...parsed.users.values()].filter(
    (u) =>
      !refused.some(
        (r) =>
          r.path === u.path || r.path.startsWith(`${u.path}/`) || r.path.startsWith(`(auth)/users/${u.uid}/`),
      ),
  );
  const kept = new Set(userList.map((u) => u.uid));
  const keep = <T extends { user: { uid: string } }>(list: T[]) => list.filter((r) => kept.has(r.user.uid));
  const context: WriteContext = { tx, options, upsert, keep };

  counts.Users = await writeUsers(context, userList);
  counts.Files = await writeFiles(context, files, parsed.users, kept);
  counts.Cards = await writeCards(context, parsed.cards, userList);
  Object.assign(counts, await writeSubscriptions(context, parsed));
  counts.Payments = await writePayments(context, parsed.payments);
  Object.assign(counts, await writeChats(context, parsed.chats));
  counts.Projects = await writeProjects(context, parsed.projects);
  counts.AccountDeletionRequest = await writeDeletionRequests(
    context,
    parsed.deletionRequests,
    userList,
    kept,
  );

  const collections: MigrationReport['collections'] = MIGRATED.map((name) => ({
    name,
    created: counts[name].created,
    updated: counts[name].updated,
    unchanged: counts[name].unchanged,
    refused: refusedIn(name, refused),
  }));
  for (const { name, created, updated, unchanged } of contentSummary?.collections ?? [])
    collections.push({ name, created, updated, unchanged, refused: 0 });
  return collections;
}
