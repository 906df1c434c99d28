import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const optionalUrl = z.url().optional();

/** TRUST_PROXY as Fastify's `trustProxy` takes it: false, a hop count, or the proxies' addresses. */
function trustedProxies(value: string, ctx: z.RefinementCtx): false | number | string[] {
  if (value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    return version !== 0 && rest.length === 0 && (prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)));
  };
  if (value !== 'true' && addresses.every(valid)) return addresses;
  ctx.addIssue({
    code: 'custom',
    message: `must be false, the number of proxies in front of the portal (e.g. 1) or their addresses; "${value}" is not (true would trust every X-Forwarded-For hop, which clients can write)`,
  });
  return z.NEVER;
}

/** Every setting of the server, read once from the environment. The README's settings table mirrors this. */
const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Which `X-Forwarded-For` hops name the client: `false` (none), the number of proxies in front, or their addresses
   * (comma-separated, CIDR ranges allowed). Never every hop: a client writes the leftmost ones itself.
   */
  TRUST_PROXY: z.string().default('false').transform(trustedProxies),
  /**
   * How long a signed-in user stays cached by session cookie (0: not cached). Sign-out, a new password, a role or
   * profile change drop the entry at once on every instance (docs/decisions/0032); this bounds anything else.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).default(15_000),
  // Sessions (docs/decisions/0048, 0049): how long a sign-in lasts at most, and how recent it must be for the
  // changes that ask for the password again.
  /** A session ends this many days after its sign-in however active it is (the 30-day expiry slides with use). */
  SESSION_MAX_AGE_DAYS: z.coerce.number().positive().default(30),
  /** Changing the e-mail, a first password, refunds, erasing an account and removing staff ask for the password again after this long. */
  REAUTHENTICATE_AFTER_MINUTES: z.coerce.number().positive().default(10),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  /** Unset: on outside production, off in production (where setting it true is refused). */
  DEMO_CONTENT: flag.optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  OPERATOR_TOKEN: z.string().min(16).optional(),
  /** Lets a scraper off this machine read /metrics with `Authorization: Bearer <token>` (loopback needs none). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** After SIGTERM, how long /readyz answers 503 before the server stops taking requests (load balancer drain). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SQUARE_ENVIRONMENT: z.enum(['local', 'sandbox', 'production']).default('local'),
  SQUARE_ACCESS_TOKEN: z.string().min(1).optional(),
  SQUARE_APPLICATION_ID: z.string().min(1).optional(),
  SQUARE_LOCATION_ID: z.string().min(1).optional(),
  /** The signature key of the webhook subscription in Square's Developer Console (the local sandbox has its own). */
  SQUARE_WEBHOOK_SIGNATURE_KEY: z.string().min(1).optional(),
  /** The notification URL exactly as that subscription names it: Square signs it with the body. */
  SQUARE_WEBHOOK_URL: z.url().optional(),
  RENEWAL_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  RENEWAL_RETRY_DAYS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of whole days, e.g. 1,3,7')
    .default('1,3,7'),
  /** Test-only: lets the operator endpoint move the server's clock forward (renewal journeys). */
  ALLOW_CLOCK_CONTROL: flag.default(false),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  UPLOAD_MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(20 * 1024 * 1024),
  UPLOAD_MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(500 * 1024 * 1024),
  /** smtp:// or smtps:// (with user:password@ if the server wants them); unset, a local mail catcher takes the mail. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** Port of the local mail catcher (0: any free port); used only without SMTP_URL. */
  MAIL_CATCHER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** How often queued e-mail is sent (0 turns the sender off). */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** The first retry of a message the SMTP server did not take; each later retry doubles it (up to 6 hours). */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  /** "Support replied" mail goes out once a reply has waited this long with no open page of the chat. */
  SUPPORT_REPLY_MAIL_DELAY_MS: z.coerce.number().int().min(0).default(5 * 60_000),
  /** How often the support-reply mail sweep runs (0 turns it off). */
  SUPPORT_REPLY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  /** Staff are e-mailed about an open chat whose customer has waited this long for an answer (decision 0060). */
  STAFF_UNANSWERED_MAIL_AFTER_MS: z.coerce.number().int().min(0).default(15 * 60_000),
  /** How often chats waiting for an answer are looked for (0 turns it off). */
  STAFF_UNANSWERED_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often the staff overview's kept figures are folded into one row per key (0 turns it off; decision 0069). */
  OVERVIEW_FOLD_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** How often the "card expires before renewal" sweep runs (0 turns it off); daily by default. */
  CARD_EXPIRY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(86_400_000),
  /** Days before each renewal that its reminder e-mail goes out (0: none); shorter than a month, the shortest period. */
  RENEWAL_REMINDER_DAYS: z.coerce.number().int().min(0).max(27).default(7),
  /** How often renewals due for a reminder are looked for (0 turns it off). */
  RENEWAL_REMINDER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
  COMPANY_NAME: z.string().min(1).default('Your Business Your App'),
  // The seller every receipt names (docs/decisions/0064): required in production; outside production DEMO_SELLER.
  COMPANY_LEGAL_NAME: z.string().min(1).optional(),
  COMPANY_ADDRESS: z.string().min(1).optional(),
  COMPANY_TAX_ID: z.string().min(1).optional(),
  /** The sales tax or VAT rate included in the prices, in percent with up to two decimals (e.g. 8.25); unset: no tax line. */
  TAX_RATE_PERCENT: z
    .string()
    .regex(/^(100|\d{1,2}(\.\d{1,2})?)$/, 'must be a percentage from 0 to 100 with at most two decimals, e.g. 8.25')
    .optional(),
  /** What receipts call the tax (e.g. VAT, GST). */
  TAX_LABEL: z.string().min(1).max(30).default('Tax'),
  // Unset: no link in production; outside production an invented address for trying the portal out (DEMO_LINKS).
  LINK_APP_STORE: z.url().optional(),
  LINK_PLAY_STORE: z.url().optional(),
  LINK_INSTAGRAM: z.url().optional(),
  LINK_FACEBOOK: z.url().optional(),
  LINK_TIKTOK: z.url().optional(),
  LINK_X: z.url().optional(),
  LINK_MENU_SYNC: z.url().optional(),
  // Unset, /how-it-works plays the portal's own clip; set, it embeds this video instead.
  LINK_VIDEO_EMBED: z.url().optional(),
});

export type Settings = z.infer<typeof settingsSchema>;

export type Config = Settings & {
  publicUrl: string;
  /** MAIL_FROM, or no-reply@ the public host under the company's name. */
  mailFrom: string;
  dataDir: string;
  authSecret: string;
  renewalRetryDays: number[];
  googleConfigured: boolean;
  /** The local Google stand-in serves sign-in: no Google client configured, and not in production. */
  localGoogle: boolean;
  DEMO_CONTENT: boolean;
  /** The seller's details every receipt carries (the settings, or DEMO_SELLER outside production). */
  seller: { legalName: string; address: string; taxId: string };
  /** The tax included in every price, in basis points (825 = 8.25%); null when no rate is set. */
  tax: { label: string; rateBasisPoints: number } | null;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError that names every offending setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = settingsSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const s = parsed.data;
  if (s.NODE_ENV === 'production' && !s.AUTH_SECRET) {
    throw new ConfigError('Invalid settings:\n  AUTH_SECRET: required in production');
  }
  if (s.NODE_ENV === 'production' && s.ALLOW_CLOCK_CONTROL) {
    throw new ConfigError('Invalid settings:\n  ALLOW_CLOCK_CONTROL: not allowed in production');
  }
  if (s.NODE_ENV === 'production' && !s.SMTP_URL) {
    throw new ConfigError('Invalid settings:\n  SMTP_URL: required in production (without it, e-mail goes to the local mail catcher only)');
  }
  const refused = s.NODE_ENV === 'production' ? standInsRefusedInProduction(s) : [];
  if (refused.length) throw new ConfigError(`Invalid settings:\n${refused.map((line) => `  ${line}`).join('\n')}`);
  if (s.NODE_ENV === 'production' && !(s.SQUARE_WEBHOOK_SIGNATURE_KEY && s.SQUARE_WEBHOOK_URL)) {
    throw new ConfigError(
      "Invalid settings:\n  SQUARE_WEBHOOK_SIGNATURE_KEY and SQUARE_WEBHOOK_URL: required in production (the webhook subscription's signature key and notification URL, from Square's Developer Console; without them refunds and disputes made at Square never reach the portal)",
    );
  }
  if (s.NODE_ENV === 'production' && !(s.COMPANY_LEGAL_NAME && s.COMPANY_ADDRESS && s.COMPANY_TAX_ID)) {
    throw new ConfigError(
      "Invalid settings:\n  COMPANY_LEGAL_NAME, COMPANY_ADDRESS and COMPANY_TAX_ID: required in production (the seller's legal name, address and tax ID that every receipt carries)",
    );
  }
  if (Boolean(s.GOOGLE_CLIENT_ID) !== Boolean(s.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid settings:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  }
  if (s.SQUARE_ENVIRONMENT !== 'local' && !(s.SQUARE_ACCESS_TOKEN && s.SQUARE_APPLICATION_ID && s.SQUARE_LOCATION_ID)) {
    throw new ConfigError(
      'Invalid settings:\n  SQUARE_ACCESS_TOKEN, SQUARE_APPLICATION_ID and SQUARE_LOCATION_ID are required when SQUARE_ENVIRONMENT is not local',
    );
  }
  const dataDir = path.resolve(s.DATA_DIR);
  const publicUrl = (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/$/, '');
  return {
    ...s,
    ...(s.NODE_ENV === 'production' ? {} : demoLinksWhereUnset(s)),
    dataDir,
    publicUrl,
    mailFrom: s.MAIL_FROM ?? `"${s.COMPANY_NAME.replace(/"/g, '')}" <no-reply@${new URL(publicUrl).hostname}>`,
    authSecret: s.AUTH_SECRET ?? localSecret(dataDir),
    renewalRetryDays: s.RENEWAL_RETRY_DAYS.split(',').map(Number),
    googleConfigured: Boolean(s.GOOGLE_CLIENT_ID),
    localGoogle: !s.GOOGLE_CLIENT_ID && s.NODE_ENV !== 'production',
    DEMO_CONTENT: s.DEMO_CONTENT ?? s.NODE_ENV !== 'production',
    seller: {
      legalName: s.COMPANY_LEGAL_NAME ?? DEMO_SELLER.legalName,
      address: s.COMPANY_ADDRESS ?? DEMO_SELLER.address,
      taxId: s.COMPANY_TAX_ID ?? DEMO_SELLER.taxId,
    },
    tax: s.TAX_RATE_PERCENT === undefined ? null : { label: s.TAX_LABEL, rateBasisPoints: basisPoints(s.TAX_RATE_PERCENT) },
  };
}

/** An invented seller for receipts made while trying the portal out; production refuses to start without its own. */
const DEMO_SELLER = {
  legalName: 'Your Business Your App LLC (demo)',
  address: '100 Example Street, Springfield, IL 62701, United States',
  taxId: 'DEMO-00-0000000',
};

/** "8.25" as 825, read from its digits (no floating point). */
function basisPoints(percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Invented outside addresses, so that the pages of a portal being tried out link somewhere; never in production. */
const DEMO_LINKS = {
  LINK_APP_STORE: 'https://apps.apple.com/us/developer/your-business-your-app/id1000000000',
  LINK_PLAY_STORE: 'https://play.google.com/store/apps/developer?id=Your+Business+Your+App',
  LINK_INSTAGRAM: 'https://www.instagram.com/yourbusinessyourapp',
  LINK_FACEBOOK: 'https://www.facebook.com/yourbusinessyourapp',
  LINK_TIKTOK: 'https://www.tiktok.com/@yourbusinessyourapp',
  LINK_X: 'https://x.com/yourbizyourapp',
  LINK_MENU_SYNC: 'https://menusync.example.com',
} satisfies Partial<Record<keyof Settings, string>>;

const demoLinksWhereUnset = (s: Settings) =>
  Object.fromEntries(Object.entries(DEMO_LINKS).map(([key, demo]) => [key, s[key as keyof typeof DEMO_LINKS] ?? demo]));

/**
 * The local stand-ins and the demo are for trying the portal out: in production each would let anyone in or pay
 * nothing (the Square sandbox's reusable test card, demo promo codes). Each line names the setting to change.
 * Google sign-in with no client configured is simply off in production (no setting to refuse).
 */
function standInsRefusedInProduction(s: Settings): string[] {
  const refused: string[] = [];
  if (s.SQUARE_ENVIRONMENT === 'local') {
    refused.push(
      'SQUARE_ENVIRONMENT: local (the default) is the built-in Square stand-in, where a test card pays for everything; not allowed in production: set SQUARE_ENVIRONMENT=production with SQUARE_ACCESS_TOKEN, SQUARE_APPLICATION_ID and SQUARE_LOCATION_ID',
    );
  }
  if (s.DEMO_CONTENT) {
    refused.push('DEMO_CONTENT: not allowed in production (demo accounts and promo codes would go live): unset it or set DEMO_CONTENT=false');
  }
  return refused;
}

/** Outside production a secret is made once and kept with the data, so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
