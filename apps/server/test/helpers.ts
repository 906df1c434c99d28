import type { StaffRole } from '@portal/contracts/auth';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions, type Clock } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/platform/db/client.ts';
import { migrationsDir } from '../src/platform/db/migrate.ts';
import { migrationHashes, pgliteVersion } from '../src/platform/db/baseline.ts';

import { nextTotpCode, secretOfUri } from '../src/platform/auth/totp.ts';

/**
 * The address test apps believe they are served at. Nothing listens there (port 1 refuses at once), so a test never
 * reaches a portal that happens to run on this machine, e.g. when better-auth reads the sign-in discovery document.
 */
export const TEST_PUBLIC_URL = 'http://localhost:1';

/** The settings a production start requires, and nothing else. */
export const REQUIRED_IN_PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-32-characters!!',
  SMTP_URL: 'smtp://127.0.0.1:1',
  COMPANY_LEGAL_NAME: 'Portal Example Inc.',
  COMPANY_ADDRESS: '1 Market Street, San Francisco, CA 94103',
  COMPANY_TAX_ID: '12-3456789',
};
/** Square itself, which production needs instead of the local stand-in. */
export const REAL_SQUARE = {
  SQUARE_ENVIRONMENT: 'production',
  SQUARE_ACCESS_TOKEN: 'EAAA-test',
  SQUARE_APPLICATION_ID: 'sq0idp-test',
  SQUARE_LOCATION_ID: 'L1',
  SQUARE_WEBHOOK_SIGNATURE_KEY: 'test-signature-key',
  SQUARE_WEBHOOK_URL: 'https://portal.example.com/api/webhooks/square',
};

/** The settings of a test app: quiet, no demo content, a data directory of its own; `env` overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: `/tmp/portal-test-${randomUUID()}`,
    PUBLIC_URL: TEST_PUBLIC_URL,
    DEMO_CONTENT: 'false',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
    ...env,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * A dump of a PGlite database with every migration applied, shared by the test files of this checkout: a new test
 * database loads it instead of making an empty cluster and applying each file (about 2 of the 3.5 s an open took).
 * It is named by PGlite's version and the migrations' contents, so an upgrade or a changed or added file makes a new
 * one; made once by whichever test process needs it first (a file written under another name, then renamed, so that
 * none reads half of it).
 */
export function migratedTemplate(): Promise<Blob> {
  templateOfThisProcess ??= readOrMakeTemplate();
  return templateOfThisProcess;
}
let templateOfThisProcess: Promise<Blob> | undefined;

async function readOrMakeTemplate(): Promise<Blob> {
  const digest = createHash('sha256').update(pgliteVersion());
  for (const [name, hash] of Object.entries(migrationHashes(migrationsDir)).sort()) digest.update(name).update(hash);
  const file = path.join(tmpdir(), `portal-test-database-${digest.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({});
    const dump = await database.dump!();
    await database.close();
    const partial = `${file}.${randomUUID()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  // Read once per test process: a Blob is never changed by those who load it.
  return new Blob([readFileSync(file)]);
}

/**
 * Builds the whole app against a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set, a schema
 * of its own in that PostgreSQL database (dropped afterwards), so test files never see each other's rows.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    serveWeb?: boolean;
    loggerInstance?: FastifyBaseLogger;
    /** PostgreSQL reached another way than TEST_DATABASE_URL (through a proxy a test can cut). */
    databaseUrl?: string;
    /** The feature modules to serve, when a test adds one of its own (all of them otherwise). */
    modules?: BuildOptions['modules'];
  } = {},
): Promise<TestContext> {
  const config = testConfig(options.env);
  const url = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  const schema = url ? `test_${randomUUID().replace(/-/g, '')}` : undefined;
  const database = await openDatabase(url ? { url, schema } : { startFrom: await migratedTemplate() });
  const logging = options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false };
  const app = await buildApp({ config, database, clock: options.clock, serveWeb: options.serveWeb ?? false, modules: options.modules, ...logging });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (schema) await database.sql.exec(`DROP SCHEMA "${schema}" CASCADE`);
      await database.close();
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

let counter = 0;
let addresses = 0;

/** A fresh client address, so that per-address rate limits do not couple unrelated requests. */
export const nextAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

type SignUpFields = Partial<{ name: string; email: string; phone: string; password: string; callbackURL: string }>;

/** Sends the sign-up form (an account with an unverified address, or a notice to an existing account's owner). */
export async function startSignUp(app: FastifyInstance, overrides: SignUpFields = {}) {
  counter += 1;
  const body = {
    name: 'Test User',
    email: `user${counter}-${randomUUID().slice(0, 8)}@example.com`,
    phone: '555 010 0000',
    password: 'correct-horse-1',
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: body, remoteAddress: nextAddress() });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return body;
}

/**
 * Creates an account through the real sign-up endpoint, then follows the verification link mailed to it (as its
 * owner does: a new account signs in only then) and returns the session that link signs in with.
 */
export async function signUp(app: FastifyInstance, overrides: SignUpFields = {}): Promise<TestUser> {
  const body = await startSignUp(app, overrides);
  const followed = await app.inject({ url: await verificationLink(app, body.email), remoteAddress: nextAddress() });
  if (followed.statusCode !== 302) throw new Error(`verification link failed: ${followed.statusCode} ${followed.body}`);
  const cookie = cookieHeader(followed.headers['set-cookie']);
  const me = await app.inject({ url: '/api/me', headers: { cookie } });
  const id = (me.json() as { user: { id: string } | null }).user?.id;
  if (!id) throw new Error(`the verification link did not sign in: ${me.body}`);
  return { id, email: body.email, cookie };
}

/** The newest verification link mailed to an address, read from the outbox, as a path to inject. */
export async function verificationLink(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.database.sql.query<{ text_body: string }>(
    `SELECT text_body FROM mail_outbox WHERE to_address = $1 AND kind = 'email-verification' ORDER BY created_at DESC, id DESC LIMIT 1`,
    [email.toLowerCase()],
  );
  const link = /\/api\/auth\/verify-email\?[^\s)\]]+/.exec(mail?.text_body ?? '');
  if (!link) throw new Error(`no verification link mailed to ${email}`);
  return link[0];
}

/** Turns set-cookie headers into a cookie request header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export interface TwoFactorSetup {
  /** The base32 secret an authenticator app reads from the QR code. */
  secret: string;
  recoveryCodes: string[];
}

/**
 * Turns on the user's second factor as the setup page does: asks for a secret and recovery codes (with the
 * password), then confirms a code computed from the secret. Confirming replaces the session, so `user.cookie` is
 * updated to the new one.
 */
export async function setUpTwoFactor(app: FastifyInstance, user: TestUser, password = 'correct-horse-1'): Promise<TwoFactorSetup> {
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie }, remoteAddress: nextAddress() });
  const enabled = await post('/api/auth/two-factor/enable', { password });
  if (enabled.statusCode !== 200) throw new Error(`two-factor enable failed: ${enabled.statusCode} ${enabled.body}`);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const secret = secretOfUri(totpURI);
  const confirmed = await post('/api/auth/two-factor/verify-totp', { code: await nextTotpCode(secret) });
  if (confirmed.statusCode !== 200) throw new Error(`two-factor confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  user.cookie = cookieHeader(confirmed.headers['set-cookie']).split('; ').filter((c) => c.startsWith('better-auth.session_token=')).join('; ');
  return { secret, recoveryCodes: backupCodes };
}

/**
 * Makes a user staff as a staff member is on the console: their second factor set up (through the API, which
 * replaces `user.cookie`), then the role (admin unless told) given directly in the database (the CLI does the same for operators).
 * Waits until the app has heard of it (its session cache forgets the user when the database's notification
 * arrives, a moment later).
 */
export async function makeStaff(ctx: TestContext, user: TestUser, password = 'correct-horse-1', role: StaffRole = 'admin'): Promise<TwoFactorSetup> {
  const setup = await setUpTwoFactor(ctx.app, user, password);
  const userId = user.id;
  const heard = new Promise<void>((resolve) => {
    const stop = ctx.app.sessionCache.onForget((forgotten) => {
      if (forgotten === userId) {
        stop();
        resolve();
      }
    });
  });
  await ctx.database.sql.query(`UPDATE users SET role = $2 WHERE id = $1`, [userId, role]);
  await heard;
  return setup;
}
