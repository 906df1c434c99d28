import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrationReportSchema } from '@portal/contracts/migration';
import { MIGRATION_PROGRESS_STREAM } from '@portal/contracts/routes';
import { runRenewalSweep } from '../src/modules/billing/renewals.ts';
import { uploadStorage } from '../src/modules/uploads/storage.ts';
import { stableId, storagePathOf } from '../src/modules/migration/parse.ts';
import { migrate as migrateDirectly, type MigrationProgress } from '../src/modules/migration/index.ts';
import { as, createBillingApp, sandboxCharges, type ManualClock } from './billing-helpers.ts';
import { OPERATOR_TOKEN } from './content-helpers.ts';
import { cookieHeader, nextAddress, signUp, type TestContext, type TestUser } from './helpers.ts';
import { buildOldExport, googleSubject, OLD_PASSWORD, storageUrl } from './migration-helpers.ts';

let ctx: TestContext;
let time: ManualClock;
beforeAll(async () => {
  ({ ctx, time } = await createBillingApp({ OPERATOR_TOKEN }));
});
afterAll(async () => ctx.close());

type Export = Awaited<ReturnType<typeof buildOldExport>>;
const migrate = (
  e: { database: unknown; auth?: unknown; hashConfig?: unknown; bucket: string },
  flags: { dryRun?: boolean; skipInvalid?: boolean } = {},
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/operator/migration',
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, ...headers },
    payload: { database: e.database, auth: e.auth, hashConfig: e.hashConfig, filesDir: e.bucket, ...flags },
    remoteAddress: '127.0.0.1',
  });
type Counts = { name: string; created: number; updated: number; unchanged: number; refused: number };
const counts = (body: { collections: Counts[] }) =>
  Object.fromEntries(body.collections.map((c) => [c.name, c]));
const count = async (table: string, where = 'true', params: unknown[] = []) =>
  Number(
    (
      await ctx.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
        params,
      )
    )[0]!.n,
  );

async function signIn(email: string, password: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
}
async function signInAs(email: string, password: string): Promise<TestUser> {
  const res = await signIn(email, password);
  expect(res.statusCode).toBe(200);
  return { id: res.json().user.id, email, cookie: cookieHeader(res.headers['set-cookie']) };
}

describe('migration from the original system', () => {
  let old: Export;
  beforeAll(async () => {
    old = await buildOldExport('a1', time.now());
  });

  it('a dry run reports what would be new and changes nothing', async () => {
    const res = await migrate(old, { dryRun: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dryRun: true, applied: false, refused: [], files: { copied: 0 } });
    expect(counts(body)).toMatchObject({
      Users: { created: 2, refused: 0 },
      Cards: { created: 2 },
      UserSubscriptions: { created: 4 },
      CompletionSteps: { created: 2 },
      Forms: { created: 1 },
      Payments: { created: 2 },
      Chats: { created: 1 },
      Messages: { created: 4 },
      Projects: { created: 1 },
      AccountDeletionRequest: { created: 1 },
      Files: { created: 4 },
    });
    expect(await count('users', 'id = $1', [old.ids.ann])).toBe(0);
    expect(await count('migration_files')).toBe(0);
  });

  it('a real run moves everything; a second run changes nothing and copies no file again', async () => {
    const first = await migrate(old);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ applied: true, files: { copied: 4, skipped: 0 } });
    expect(counts(first.json()).UserSubscriptions).toMatchObject({ created: 4 });
    const second = await migrate(old);
    expect(second.statusCode).toBe(200);
    expect(second.json().files).toEqual({ copied: 0, skipped: 4, bytes: 0 });
    for (const c of second.json().collections as Counts[])
      expect(c, c.name).toMatchObject({ created: 0, updated: 0, refused: 0 });
    expect(counts(second.json()).Messages!.unchanged).toBe(4);
    // Nothing was charged while migrating.
    expect(await count('square_sandbox_payments')).toBe(0);
  });

  it('signs in with the old password, then replaces the old hash with ours', async () => {
    const email = `${old.ids.ann}@example.com`;
    expect((await signIn(email, 'not-the-old-password')).statusCode).toBe(401);
    const ann = await signInAs(email, OLD_PASSWORD);
    expect(ann.id).toBe(old.ids.ann);
    const [account] = await ctx.database.sql.query<{ password: string }>(
      `SELECT password FROM accounts WHERE user_id = $1 AND provider_id = 'credential'`,
      [ann.id],
    );
    expect(account!.password.startsWith('firebase-scrypt$')).toBe(false);
    await signInAs(email, OLD_PASSWORD);
    // A re-run leaves the new hash alone.
    await migrate(old);
    await signInAs(email, OLD_PASSWORD);
  });

  it('shows the migrated records to their owner with files behind /api/files, and to nobody else', async () => {
    const ann = await signInAs(`${old.ids.ann}@example.com`, OLD_PASSWORD);
    const subs = (await as(ctx, ann, 'GET', '/api/subscriptions')).json().subscriptions as {
      id: string;
      status: string;
    }[];
    expect(subs.map((s) => s.status).sort()).toEqual([
      'ACTIVE',
      'ACTIVE_PENDING_UPDATE',
      'CANCELLED',
      'INACTIVE_NONPAYMENT',
    ]);
    const payments = (await as(ctx, ann, 'GET', '/api/payments')).json().payments as Record<
      string,
      unknown
    >[];
    expect(payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'Complete', amount: 4499, subscriptionId: old.ids.sub('active') }),
        expect.objectContaining({ status: 'Failed', failureReason: 'Card declined' }),
      ]),
    );
    const chat = (await as(ctx, ann, 'GET', `/api/support/chats/${old.ids.chat}`)).json();
    const image = JSON.stringify(chat).match(/\/api\/files\/[0-9a-f-]{36}/)?.[0];
    expect(image).toBeDefined();
    const file = await as(ctx, ann, 'GET', image!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const stranger = await signUp(ctx.app);
    expect((await as(ctx, stranger, 'GET', image!)).statusCode).toBe(404);
    const [form] = await ctx.database.sql.query<{ answers: { answers?: string[] }[] }>(
      `SELECT answers FROM form_submissions WHERE subscription_id = $1`,
      [old.ids.sub('active')],
    );
    expect(form!.answers[1]!.answers![0]).toMatch(/^\/api\/files\//);

    const projects = (await as(ctx, ann, 'GET', '/api/projects')).json();
    expect(JSON.stringify(projects)).toContain('Ann Bakery App');
    // The old system had no build stages: the published project has the template stages, reached at its publish time
    // up to the launch, once, however many runs.
    const stages = await ctx.database.sql.query<{ name: string; reached_at: Date | null }>(
      `SELECT s.name, s.reached_at FROM project_stages s JOIN projects p ON p.id = s.project_id WHERE p.project_name = 'Ann Bakery App' ORDER BY s.position`,
    );
    expect(stages.map((s) => s.name)).toEqual(['Design', 'Build', 'Review', 'Store submission', 'Published']);
    const [project] = await ctx.database.sql.query<{ published_at: Date }>(`SELECT published_at FROM projects WHERE project_name = 'Ann Bakery App'`);
    for (const stage of stages) expect(stage.reached_at).toEqual(project!.published_at);
    const [google] = await ctx.database.sql.query<{ user_id: string }>(
      `SELECT user_id FROM accounts WHERE provider_id = 'google' AND account_id = $1`,
      [googleSubject(`${old.ids.greg}@example.com`)],
    );
    expect(google!.user_id).toBe(old.ids.greg);
  });

  it('renews a migrated subscription on its own due date with its migrated card, not before', async () => {
    const ann = await signInAs(`${old.ids.ann}@example.com`, OLD_PASSWORD);
    const sub = (await as(ctx, ann, 'GET', `/api/subscriptions/${old.ids.sub('active')}`)).json();
    time.advance(sub.dueDate - time.now().getTime() - 60_000);
    expect(await runRenewalSweep(ctx.app)).toEqual([]);
    time.advance(120_000);
    const [paymentId] = await runRenewalSweep(ctx.app);
    expect(paymentId).toBeDefined();
    expect(await sandboxCharges(ctx, paymentId!)).toBe(1);
    const payment = (await as(ctx, ann, 'GET', `/api/payments/${paymentId}`)).json();
    expect(payment).toMatchObject({ status: 'Complete', purchaseType: 'Renewal', cardLast4: '4242' });
    const [charge] = await ctx.database.sql.query<{
      body: { card_details: { card: { last_4: string } }; customer_id: string };
    }>(`SELECT body FROM square_sandbox_payments WHERE reference_id = $1`, [paymentId]);
    expect(charge!.body.customer_id).toBe(old.ids.squareCustomer);
  });
});

describe('files', () => {
  it('goes on where a stopped run stopped: a file already in storage is not copied again', async () => {
    const old = await buildOldExport('r3', time.now());
    const storage = uploadStorage(ctx.config);
    // A run stopped after copying the first file, before its transaction.
    await storage.storeFile(old.ids.files.profile, path.join(old.bucket, old.ids.files.profile));
    const res = await migrate(old);
    expect(res.statusCode).toBe(200);
    expect(res.json().files).toMatchObject({ copied: 3, skipped: 1 });
    // Message keys repeat across chats (m1, m2...): each chat keeps its own messages.
    expect(counts(res.json()).Messages).toMatchObject({ created: 4, unchanged: 0 });
    expect(await count('uploads', 'storage_key = $1', [old.ids.files.profile])).toBe(1);
  });

  it('reports progress in records and bytes', async () => {
    const old = await buildOldExport('p4', time.now());
    const events: { stage: string; done: number; total: number; bytes: number }[] = [];
    const report = await migrateDirectly(
      ctx.app.db,
      { database: old.database, auth: old.auth, hashConfig: old.hashConfig, filesDir: old.bucket },
      { storage: uploadStorage(ctx.config), now: time.now(), squareSandbox: true, onProgress: (p) => events.push(p) },
    );
    const files = events.filter((e) => e.stage === 'files');
    expect(files.at(-1)).toMatchObject({ done: 4, total: 4, bytes: report.files.bytes });
    expect(report.files.bytes).toBeGreaterThan(0);
    const records = events.filter((e) => e.stage === 'records');
    expect(records.at(-1)!.done).toBe(records.at(-1)!.total);
    expect(records.map((e) => e.done)).toEqual([...records.map((e) => e.done)].sort((a, b) => a - b));
  });

  it('streams progress in files, bytes and records through the operator endpoint, then the report', async () => {
    const old = await buildOldExport('s5', time.now());
    // A file of a few hundred KB (a PNG with trailing bytes), so that bytes grow.
    appendFileSync(path.join(old.bucket, old.ids.files.chatImage), Buffer.alloc(300_000, 1));
    const plain = await migrate(old, { dryRun: true });
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const dry = migrationReportSchema.strict().parse(plain.json());

    const res = await migrate(old, {}, { accept: MIGRATION_PROGRESS_STREAM });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.payload.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const report = migrationReportSchema.strict().parse(lines.at(-1)!.report);
    expect(report).toMatchObject({ applied: true, refused: [], files: { copied: 4 } });
    // The report is the plain answer's: the dry run counted exactly what this run did.
    expect(report.collections).toEqual(dry.collections);
    const progress = lines.slice(0, -1).map((l) => l.progress as MigrationProgress);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every(Boolean)).toBe(true);
    const files = progress.filter((p) => p.stage === 'files');
    expect(files.at(-1)).toEqual({ stage: 'files', done: 4, total: 4, bytes: report.files.bytes, totalBytes: report.files.bytes });
    expect(report.files.bytes).toBeGreaterThan(300_000);
    const records = progress.filter((p) => p.stage === 'records');
    expect(records.at(-1)!.done).toBe(records.at(-1)!.total);
    expect(records.at(-1)!.total).toBeGreaterThan(0);
    expect(progress.indexOf(files.at(-1)!)).toBeLessThan(progress.indexOf(records[0]!));
  });

  it('ends the stream with an error line when the run fails after it started, and writes no record', async () => {
    const old = await buildOldExport('s7', time.now());
    // The chat video cannot be stored: a plain file stands where its folder goes. The files before it are copied.
    const blocked = path.join(ctx.config.dataDir, 'uploads', 'chat_videos', old.ids.chat);
    mkdirSync(path.dirname(blocked), { recursive: true });
    writeFileSync(blocked, 'not a folder');
    const res = await migrate(old, {}, { accept: MIGRATION_PROGRESS_STREAM });
    expect(res.statusCode).toBe(200);
    const lines = res.payload.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]!.progress).toMatchObject({ stage: 'files', done: 1 });
    expect(lines.at(-1)).toEqual({ error: { code: 'INTERNAL', message: expect.any(String) } });
    expect(lines.some((l) => 'report' in l)).toBe(false);
    expect(await count('users', 'id = $1', [old.ids.ann])).toBe(0);
  });

  it('answers a run refused before any work as without streaming', async () => {
    const stream = { accept: MIGRATION_PROGRESS_STREAM };
    const missingFiles = await migrate({ ...(await buildOldExport('s6', time.now())), bucket: '/nowhere' }, {}, stream);
    expect(missingFiles.statusCode).toBe(400);
    expect(missingFiles.headers['content-type']).toMatch(/^application\/json/);
    expect(missingFiles.json().error.code).toBe('MIGRATION_REFUSED');
    const invalid = await migrate({ database: 5 as unknown, bucket: '/nowhere' }, {}, stream);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('reads hosted-storage addresses and derives the same file id every time', () => {
    const p = 'chat_images/c1/170_a b.png';
    expect(storagePathOf(`https://firebasestorage.googleapis.com/v0/b/x.appspot.com/o/${encodeURIComponent(p)}?alt=media&token=t`)).toBe(p);
    expect(storagePathOf(`gs://x.appspot.com/${p}`)).toBe(p);
    expect(storagePathOf('https://example.com/logo.png')).toBeNull();
    expect(stableId(`file:${p}`)).toBe(stableId(`file:${p}`));
    expect(stableId(`file:${p}`)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('bad input', () => {
  it('lists every refused record with its path; a real run writes nothing unless --skip-invalid', async () => {
    const old = await buildOldExport('b2', time.now());
    const database = structuredClone(old.database) as Record<string, Record<string, unknown>>;
    database.Payments![`pay-dangling-b2`] = {
      UserId: 'nobody',
      ServiceTitle: 'X',
      Amount: 100,
      PaymentStatus: 'Complete',
      Timestamp: '1',
    };
    database.UserSubscriptions!.gregb2 = {};
    (database.UserSubscriptions!.gregb2 as Record<string, unknown>)['sub-noplan-b2'] = {
      ...((database.UserSubscriptions!.annb2 as Record<string, Record<string, unknown>>)[
        'sub-pending-b2'
      ] as object),
      ServiceId: 'no-such-plan',
      CardId: null,
    };
    database.Cards!.annb2 = 'not an object';
    database.Chats!['chat-orphan'] = {
      m1: { MessageType: 'text', TextMessage: 'hi', MessengerType: 'user', SentTimestamp: '5' },
    };
    const bad = { ...old, database, hashConfig: undefined as never };

    const dry = await migrate(bad, { dryRun: true });
    expect(dry.statusCode).toBe(200);
    const paths = (dry.json().refused as { path: string; reason: string }[]).map(
      (r) => `${r.path}: ${r.reason}`,
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Payments\/pay-dangling-b2\/UserId: no user "nobody"/),
        expect.stringMatching(/^UserSubscriptions\/gregb2\/sub-noplan-b2\/ServiceId: no plan "no-such-plan"/),
        expect.stringMatching(/^Cards\/annb2: expected an object/),
        expect.stringMatching(/^Chats\/chat-orphan: no UserChats entry/),
        expect.stringMatching(
          /^\(auth\)\/users\/annb2\/passwordHash: a password hash without the hash parameters/,
        ),
        expect.stringMatching(/^Projects\/proj-b2\/userId: its user "annb2" was refused/),
      ]),
    );

    const refused = await migrate(bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('MIGRATION_REFUSED');
    expect(refused.json().error.message).toContain('Payments/pay-dangling-b2/UserId');
    expect(await count('users', 'id = $1', ['gregb2'])).toBe(0);
    expect(await count('migration_files', `original_path LIKE '%b2%'`)).toBe(0);

    const skipped = await migrate(bad, { skipInvalid: true });
    expect(skipped.statusCode).toBe(200);
    expect(await count('users', 'id = $1', ['gregb2'])).toBe(1);
    // Ann's hash had no parameters: she and everything of hers is left out.
    expect(await count('users', 'id = $1', ['annb2'])).toBe(0);
    expect(await count('subscriptions', 'user_id = $1', ['annb2'])).toBe(0);
  });

  const refusalsOf = async (e: Parameters<typeof migrate>[0]) => {
    const res = await migrate(e, { dryRun: true });
    expect(res.statusCode).toBe(200);
    return (res.json().refused as { path: string; reason: string }[]).map((r) => `${r.path}: ${r.reason}`);
  };

  it('refuses a file whose storage key the uploads would refuse, naming the record that points at it', async () => {
    const old = await buildOldExport('k1', time.now());
    const { ann, chat, files } = old.ids;
    const database = structuredClone(old.database) as Record<string, Record<string, Record<string, unknown>>>;
    // Inside the files folder, but as a storage key it climbs out of chat_images/ onto Ann's profile picture.
    const climbing = `chat_images/${chat}/../../${files.profile}`;
    (database.Chats![chat]!.m2 as Record<string, unknown>).Image = storageUrl(climbing);
    database.Users![ann]!.profileImageUrl = `gs://old-app.appspot.com/profile_pictures/./${ann}`;

    const refused = await refusalsOf({ ...old, database });
    expect(refused).toEqual(
      expect.arrayContaining([
        `Chats/${chat}/m2: file "${climbing}" is not a storage key the portal takes (plain names joined by "/")`,
        `Users/${ann}: file "profile_pictures/./${ann}" is not a storage key the portal takes (plain names joined by "/")`,
      ]),
    );
    const run = await migrate({ ...old, database });
    expect(run.statusCode).toBe(400);
    expect(await count('users', 'id = $1', [ann])).toBe(0);
  });

  it("refuses hash parameters that Node's scrypt cannot compute, naming the hash config", async () => {
    const old = await buildOldExport('k2', time.now());
    for (const [memCost, rounds, reason] of [
      [20, 16, 'mem_cost 20 with rounds 16 needs 2049 MiB for each check, more than the 64 MiB allowed'],
      [16, 8, 'mem_cost 16 with rounds 8 needs 65 MiB for each check, more than the 64 MiB allowed'],
      [16, 1, 'mem_cost 16 is too high for rounds 1 (scrypt needs 2^mem_cost below 2^(16 × rounds))'],
    ] as const) {
      const refused = await refusalsOf({
        ...old,
        hashConfig: { ...old.hashConfig, mem_cost: memCost, rounds },
      });
      expect(refused).toContain(`(hash config): ${reason}`);
      // Without usable parameters, a password hash cannot come in.
      expect(refused).toContain(
        `(auth)/users/${old.ids.ann}/passwordHash: a password hash without the hash parameters (--hash-config)`,
      );
    }
  });

  it('refuses salts, keys and hashes that are not base64, naming the record', async () => {
    const old = await buildOldExport('k3', time.now());
    const badConfig = { ...old.hashConfig, base64_signer_key: 'not base64!', base64_salt_separator: 'Bw=' };
    const config = await refusalsOf({ ...old, hashConfig: badConfig });
    expect(config).toContain('(hash config)/base64_signer_key: is not base64');

    const [ann, greg] = old.auth.users;
    const users = [
      { ...ann!, salt: 'c2FsdA$$' },
      { ...greg!, passwordHash: 'a hash', salt: 'c2FsdA==' },
    ];
    const refused = await refusalsOf({ ...old, auth: { users } });
    expect(refused).toEqual(
      expect.arrayContaining([
        '(auth)/users/0/salt: is not base64',
        '(auth)/users/1/passwordHash: is not base64',
      ]),
    );
  });

  it('refuses an export that is not the original shape', async () => {
    const res = await migrate(
      {
        database: { Users: ['x'], Payments: 5 },
        auth: { people: [] },
        hashConfig: { rounds: 8 },
        bucket: '/nowhere',
      },
      { dryRun: true },
    );
    expect(res.statusCode).toBe(200);
    const paths = (res.json().refused as { path: string }[]).map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['Users', 'Payments', '(auth)', '(hash config)']));
  });
});
