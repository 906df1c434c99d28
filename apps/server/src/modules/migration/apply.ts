import { stat } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MigrationReport } from '@portal/contracts/migration';
import type { Db } from '../../platform/db/client.ts';
import { upsertInto, type UpsertResult } from '../../platform/db/upsert.ts';
import { AppError } from '../../platform/http/errors.ts';
import { accounts, users } from '../../platform/auth/schema.ts';
import { registerMigratedSandboxCard } from '../../platform/square/sandbox/sources.ts';
import { upsertDeletionRequests } from '../account/index.ts';
import { upsertBillingCustomers, upsertCards, upsertPayments } from '../billing/index.ts';
import { importContent } from '../content/index.ts';
import { upsertFormSubmissions } from '../onboarding/index.ts';
import { services } from '../plans/index.ts';
import { upsertProjects } from '../projects/index.ts';
import { billingAnchorDayOf, upsertCompletionSteps, upsertSubscriptions } from '../subscriptions/index.ts';
import { upsertChats, upsertMessages } from '../support/index.ts';
import { sniff, SNIFF_BYTES, upsertUploads, type UploadStorage } from '../uploads/index.ts';
import {
  MIGRATED,
  parseMigration,
  type Collection,
  type FileRef,
  type ParsedMigration,
  type ParsedUser,
  type Refusal,
} from './parse.ts';
import { migrationFiles } from './schema.ts';

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

export interface MigrationOptions {
  storage: UploadStorage;
  now: Date;
  /** Register migrated cards in the local Square sandbox (SQUARE_ENVIRONMENT=local). */
  squareSandbox: boolean;
  onProgress?: (progress: MigrationProgress) => void;
}

/** How far a run is: files copied (and their bytes), then records written. */
export interface MigrationProgress {
  stage: 'files' | 'records';
  done: number;
  total: number;
  bytes: number;
  totalBytes: number;
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
  const fileFacts = await checkFiles(db, parsed, input.filesDir, refused);
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

interface FileFact extends FileRef {
  local: string;
  size: number;
  contentType: string;
  /** Already migrated by an earlier run (in migration_files). */
  known: boolean;
}

/** Every referenced file must be in the folder and be an image or video the portal serves. */
async function checkFiles(db: Db, parsed: ParsedMigration, filesDir: string | undefined, refused: Refusal[]) {
  const facts = new Map<string, FileFact>();
  if (!parsed.files.size) return facts;
  const known = new Set(
    (
      await db
        .select({ path: migrationFiles.originalPath })
        .from(migrationFiles)
        .where(inArray(migrationFiles.originalPath, [...parsed.files.keys()]))
    ).map((r) => r.path),
  );
  for (const file of parsed.files.values()) {
    const root = filesDir ? path.resolve(filesDir) : null;
    const local = root ? path.resolve(root, ...file.path.split('/')) : '';
    const inside = root !== null && local.startsWith(root + path.sep);
    const info = inside ? await stat(local).catch(() => null) : null;
    if (!info?.isFile() || info.size === 0) {
      refused.push({ path: file.referencedBy, reason: `file "${file.path}" is not in the files folder` });
      continue;
    }
    const handle = await open(local, 'r');
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, info.size));
    await handle.read(head, 0, head.length, 0).finally(() => handle.close());
    const type = await sniff(head);
    if (!type) {
      refused.push({
        path: file.referencedBy,
        reason: `file "${file.path}" is not an image or video the portal accepts`,
      });
      continue;
    }
    facts.set(file.path, {
      ...file,
      local,
      size: info.size,
      contentType: type.mime,
      known: known.has(file.path),
    });
  }
  return facts;
}

/** Subscriptions and payments name plans that exist here or come in the same export's Services. */
async function checkPlans(db: Db, database: unknown, parsed: ParsedMigration, refused: Refusal[]) {
  const exported =
    database && typeof database === 'object' && 'Services' in database
      ? Object.keys((database as { Services: object }).Services ?? {})
      : [];
  const wanted = [...new Set(parsed.subscriptions.map((s) => s.value.ServiceId))];
  const existing = new Set(
    wanted.length
      ? (await db.select({ id: services.id }).from(services).where(inArray(services.id, wanted))).map(
          (r) => r.id,
        )
      : [],
  );
  for (const id of exported) existing.add(id);
  for (const s of parsed.subscriptions)
    if (!existing.has(s.value.ServiceId))
      refused.push({ path: `${s.path}/ServiceId`, reason: `no plan "${s.value.ServiceId}" in Services` });
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
    if (user.image?.startsWith('/api/files/') && !bad(user.path) && !hasFile(files, user.image))
      user.image = null;
}
const hasFile = (files: Map<string, FileFact>, url: string) =>
  [...files.values()].some((f) => url.endsWith(f.uploadId));
function referenced(parsed: ParsedMigration, uploadId: string): boolean {
  const url = `/api/files/${uploadId}`;
  return (
    [...parsed.users.values()].some((u) => u.image === url) ||
    parsed.forms.some((f) => f.answers.some((a) => a.answers?.includes(url))) ||
    parsed.chats.some((c) => c.messages.some((m) => m.media === url)) ||
    parsed.projects.some((p) => p.value.businessLogo === url)
  );
}

/** Copies the files not copied before; a file already in storage with its size (a stopped run) is not copied again. */
async function copyFiles(options: MigrationOptions, files: Map<string, FileFact>) {
  const todo = [...files.values()].filter((f) => !f.known);
  const totalBytes = todo.reduce((n, f) => n + f.size, 0);
  const result = { copied: 0, skipped: files.size - todo.length, bytes: 0 };
  let done = 0;
  for (const file of todo) {
    if ((await options.storage.size(file.path)) === file.size) result.skipped += 1;
    else {
      await options.storage.storeFile(file.path, file.local);
      result.copied += 1;
      result.bytes += file.size;
    }
    done += 1;
    options.onProgress?.({ stage: 'files', done, total: todo.length, bytes: result.bytes, totalBytes });
  }
  return result;
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
  const upsert = async <Row>(
    write: (db: Db, rows: Row[], compared: (keyof Row & string)[]) => Promise<UpsertResult>,
    rows: Row[],
    compared: (keyof Row & string)[],
  ) => {
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
  counts.Users = await upsert(
    upsertInto(users, 'id'),
    userList.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: u.emailVerified,
      image: u.image,
      phone: u.phone,
      createdAt: u.createdAt,
    })),
    ['name', 'email', 'emailVerified', 'image', 'phone'],
  );
  await writeSignIns(tx, userList);
  const kept = new Set(userList.map((u) => u.uid));
  const keep = <T extends { user: { uid: string } }>(list: T[]) => list.filter((r) => kept.has(r.user.uid));

  // Files belong to users, so their rows follow the users.
  const fileRows = [...files.values()].filter((f) => kept.has(f.ownerUid));
  const owner = (uid: string) => parsed.users.get(uid)!.id;
  counts.Files = await upsert(
    upsertUploads,
    fileRows.map((f) => ({
      id: f.uploadId,
      userId: owner(f.ownerUid),
      purpose: f.purpose,
      targetId: f.purpose === 'profile-picture' ? owner(f.ownerUid) : f.targetId,
      storageKey: f.path,
      contentType: f.contentType,
      size: f.size,
      createdAt: options.now,
      completedAt: options.now,
    })),
    ['userId', 'purpose', 'targetId', 'storageKey', 'contentType', 'size'],
  );
  if (fileRows.length)
    await tx
      .insert(migrationFiles)
      .values(fileRows.map((f) => ({ originalPath: f.path, uploadId: f.uploadId, size: f.size })))
      .onConflictDoUpdate({ target: migrationFiles.originalPath, set: { size: sql`excluded.size` } });

  const cardList = keep(parsed.cards);
  counts.Cards = await upsert(
    upsertCards,
    cardList.map(({ id, user, value: c }) => ({
      id,
      userId: user.id,
      squareCardId: c.squareCardId,
      customerId: c.customerId ?? user.squareCustomerId,
      status:
        c.Status === 'Pending'
          ? 'PendingSquareCreation'
          : c.Status === 'Failed'
            ? 'Error'
            : (c.Status as 'Complete' | 'PendingSquareCreation' | 'Error'),
      brand: c.brand,
      last4: c.last4,
      failureReason: c.FailureReason,
      createdAt: c.Timestamp,
      updatedAt: c.Timestamp,
    })),
    ['userId', 'squareCardId', 'customerId', 'status', 'brand', 'last4', 'failureReason'],
  );
  const cardIds = new Set(cardList.map((c) => c.id));
  const customers = userList.filter((u) => u.squareCustomerId);
  if (customers.length)
    await upsertBillingCustomers(
      tx,
      customers.map((u) => ({
        userId: u.id,
        squareCustomerId: u.squareCustomerId!,
        defaultCardId: u.defaultCardId && cardIds.has(u.defaultCardId) ? u.defaultCardId : null,
        defaultCardSetAt: u.defaultCardId && cardIds.has(u.defaultCardId) ? u.createdAt : null,
      })),
      ['squareCustomerId', 'defaultCardId'],
    );
  if (options.squareSandbox)
    for (const { id, user, value: c } of cardList) {
      const customerId = c.customerId ?? user.squareCustomerId;
      if (c.Status === 'Complete' && customerId)
        await registerMigratedSandboxCard(tx, {
          customerId,
          cardId: c.squareCardId,
          brand: c.brand ?? null,
          last4: c.last4 ?? null,
          now: options.now,
        });
      void id;
    }

  const subscriptionList = keep(parsed.subscriptions);
  counts.UserSubscriptions = await upsert(
    upsertSubscriptions,
    subscriptionList.map(({ id, user, value: s, cardId }) => ({
      id,
      userId: user.id,
      status: s.Status,
      serviceId: s.ServiceId,
      serviceTitle: s.ServiceTitle,
      price: s.Price,
      amount: s.Amount,
      recurring: s.Recurring,
      startDate: s.StartDate,
      dueDate: s.DueDate,
      // The original system's due dates drift to the 28th after February; the billing day is the start's (0057).
      billingAnchorDay: billingAnchorDayOf(s.StartDate),
      cardId,
      cardBrand: s.CardBrand,
      cardLast4: s.CardLast4,
      createdAt: s.StartDate,
    })),
    [
      'userId',
      'status',
      'serviceId',
      'serviceTitle',
      'price',
      'amount',
      'recurring',
      'startDate',
      'dueDate',
      'billingAnchorDay',
      'cardId',
      'cardBrand',
      'cardLast4',
    ],
  );
  counts.CompletionSteps = await upsert(
    upsertCompletionSteps,
    keep(parsed.steps).map(({ id, subscriptionId, user, value: s }) => ({
      id,
      subscriptionId,
      userId: user.id,
      stepIndex: s.StepIndex,
      stepDetails: s.StepDetails,
      stepStatus: s.StepStatus,
      completedAt: s.CompletedTimestamp ?? null,
    })),
    ['stepIndex', 'stepDetails', 'stepStatus', 'completedAt'],
  );
  counts.Forms = await upsert(
    upsertFormSubmissions,
    keep(parsed.forms).map((f) => ({
      subscriptionId: f.subscriptionId,
      userId: f.user.id,
      submittedAt: f.submittedAt,
      answers: f.answers,
    })),
    ['userId', 'submittedAt', 'answers'],
  );
  counts.Payments = await upsert(
    upsertPayments,
    keep(parsed.payments).map(({ id, user, value: p, subscriptionId }) => {
      const status = /^complete/i.test(p.PaymentStatus) ? 'Complete' : 'Failed';
      const amount = p.AppliedDeal?.finalAmount ?? p.Amount;
      return {
        id,
        userId: user.id,
        idempotencyKey: `migrated:${id}`,
        requestHash: 'migrated',
        status,
        purchaseType:
          p.PurchaseType === 'Reactivation' || p.PurchaseType === 'Renewal'
            ? p.PurchaseType
            : 'New Subscription',
        serviceId: p.ServiceId,
        serviceTitle: p.ServiceTitle,
        price: p.Price ?? (p.Amount / 100).toFixed(2),
        recurring: p.Recurring,
        subtotal: p.Amount,
        discount: Math.max(0, p.Amount - amount),
        amount,
        promoCode: p.AppliedDeal?.promoCode ?? null,
        appliedDeal: p.AppliedDeal ?? null,
        cardId: p.CardFId ?? null,
        cardSquareId: p.CardSId,
        cardBrand: p.CardBrand,
        cardLast4: p.CardLast4,
        customerId: p.CustomerId ?? user.squareCustomerId,
        customerName: p.CustomerName,
        customerEmail: p.CustomerEmail,
        subscriptionId,
        // A payment the old system left pending is never charged here: it is recorded as not completed.
        failureReason:
          status === 'Failed'
            ? (p.FailureReason ??
              (/^fail/i.test(p.PaymentStatus) ? 'Payment failed' : 'Not completed in the original system'))
            : null,
        createdAt: p.Timestamp,
        updatedAt: p.Timestamp,
      } as const;
    }),
    [
      'status',
      'serviceTitle',
      'amount',
      'subtotal',
      'discount',
      'appliedDeal',
      'subscriptionId',
      'failureReason',
      'cardBrand',
      'cardLast4',
    ],
  );

  const chatList = keep(parsed.chats);
  counts.Chats = await upsert(
    upsertChats,
    chatList.map((c) => {
      const sorted = [...c.messages].sort(
        (a, b) => a.value.SentTimestamp.getTime() - b.value.SentTimestamp.getTime(),
      );
      const last = sorted.at(-1)?.value;
      return {
        id: c.id,
        userId: c.user.id,
        reason: c.reason,
        status: last?.Status === 'CLOSED' ? ('CLOSED' as const) : ('OPEN' as const),
        createdAt: sorted[0]?.value.SentTimestamp ?? options.now,
        lastActivityAt: last?.SentTimestamp ?? options.now,
        lastMessageType: last?.MessageType ?? 'text',
        lastMessageText: last?.MessageType === 'text' ? (last.TextMessage ?? '') : null,
        lastMessengerType: last?.MessengerType === 'user' ? ('user' as const) : ('support' as const),
      };
    }),
    [
      'userId',
      'reason',
      'status',
      'lastActivityAt',
      'lastMessageType',
      'lastMessageText',
      'lastMessengerType',
    ],
  );
  counts.Messages = await upsert(
    upsertMessages,
    chatList.flatMap((c) =>
      [...c.messages]
        .sort((a, b) => a.value.SentTimestamp.getTime() - b.value.SentTimestamp.getTime())
        .map(({ id, value: m, media }) => ({
          id,
          chatId: c.id,
          senderId: m.MessengerType === 'user' ? c.user.id : null,
          messengerType: m.MessengerType === 'user' ? ('user' as const) : ('support' as const),
          messageType: m.MessageType,
          textMessage: m.MessageType === 'text' ? (m.TextMessage ?? '') : null,
          uploadId: media ? media.slice('/api/files/'.length) : null,
          sentAt: m.SentTimestamp,
        })),
    ),
    ['messengerType', 'messageType', 'textMessage', 'uploadId', 'sentAt'],
  );
  counts.Projects = await upsert(
    upsertProjects,
    keep(parsed.projects).map(({ id, user, value: p, subscriptionId }) => ({
      id,
      userId: user.id,
      subscriptionId,
      projectName: p.projectName,
      businessName: p.businessName,
      businessLogo: p.businessLogo,
      clientNotes: p.clientNotes,
      releaseStatus: p.releaseStatus,
      createdAt: p.createdTimestamp,
      lastModifiedAt: p.lastModifiedTimestamp ?? p.createdTimestamp,
      publishedAt: p.publishedTimestamp ?? null,
      playStoreUrl: p.deliverables.playStoreUrl,
      appStoreUrl: p.deliverables.appStoreUrl,
      websiteUrl: p.deliverables.websiteUrl,
      apkDownloadUrl: p.deliverables.apkDownloadUrl,
    })),
    [
      'userId',
      'subscriptionId',
      'projectName',
      'businessName',
      'businessLogo',
      'clientNotes',
      'releaseStatus',
      'publishedAt',
      'playStoreUrl',
      'appStoreUrl',
      'websiteUrl',
      'apkDownloadUrl',
    ],
  );
  const userIdOf = new Map(userList.map((u) => [u.uid, u.id]));
  counts.AccountDeletionRequest = await upsert(
    upsertDeletionRequests,
    parsed.deletionRequests
      .filter((r) => r.userId === 'guest' || kept.has(r.value.userId))
      .map(({ id, value: r }) => ({
        id,
        name: r.name,
        email: r.email,
        reason: r.reason,
        status: r.status,
        requestedAt: r.requestedAt,
        userId: r.userId === 'guest' ? 'guest' : (userIdOf.get(r.userId) ?? r.userId),
      })),
    ['name', 'email', 'reason', 'status', 'userId'],
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

/**
 * A person who already has an account here (signed in with Google, or registered with the same verified address)
 * keeps it: the old uid maps to that account, matched by Google subject id first, then by verified e-mail.
 */
async function matchExistingUsers(tx: Db, list: ParsedUser[], refused: Refusal[]) {
  if (!list.length) return;
  const subjects = list.flatMap((u) => (u.googleSubject ? [u.googleSubject] : []));
  const byGoogle = new Map(
    subjects.length
      ? (
          await tx
            .select({ subject: accounts.accountId, userId: accounts.userId })
            .from(accounts)
            .where(and(eq(accounts.providerId, 'google'), inArray(accounts.accountId, subjects)))
        ).map((r) => [r.subject, r.userId])
      : [],
  );
  const byEmail = new Map(
    (
      await tx
        .select({ id: users.id, email: users.email, verified: users.emailVerified })
        .from(users)
        .where(
          inArray(
            sql`lower(${users.email})`,
            list.map((u) => u.email),
          ),
        )
    ).map((r) => [r.email.toLowerCase(), r]),
  );
  for (const user of list) {
    const google = user.googleSubject ? byGoogle.get(user.googleSubject) : undefined;
    const sameEmail = byEmail.get(user.email);
    if (google) user.id = google;
    else if (sameEmail && sameEmail.id !== user.id) {
      // Only an address both sides proved joins accounts; anything else would hand one person's data to another.
      if (sameEmail.verified && user.emailVerified) user.id = sameEmail.id;
      else
        refused.push({
          path: user.path,
          reason: `another account here has the address ${user.email}, and it is not verified on both sides`,
        });
    }
  }
}

/** Password and Google sign-ins. An existing sign-in is never replaced, so a re-run cannot undo a rehashed password. */
async function writeSignIns(tx: Db, list: ParsedUser[]) {
  const rows = list.flatMap((u) => [
    ...(u.passwordHash
      ? [
          {
            id: `migrated-password-${u.id}`,
            userId: u.id,
            accountId: u.id,
            providerId: 'credential',
            password: u.passwordHash,
          },
        ]
      : []),
    ...(u.googleSubject
      ? [{ id: `migrated-google-${u.id}`, userId: u.id, accountId: u.googleSubject, providerId: 'google' }]
      : []),
  ]);
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insert(accounts)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}
