import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RouteDefinition } from '@portal/contracts/route';
import { buildPath } from '@portal/contracts/route-helpers';
import {
  addCard,
  createChat,
  createProject,
  enableTwoFactor,
  getPayment,
  listPlans,
  replyToChat,
  signInWithEmail,
  signUpWithEmail,
  startCheckout,
  verifyTwoFactorCode,
} from '@portal/contracts/routes';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role } from '@portal/contracts/auth';
import { createEmailVerificationToken } from 'better-auth/api';
import { AUTH_BASE_PATH } from '@portal/contracts/routes';
import { VERIFY_LINK_SECONDS } from '../platform/auth/auth.ts';
import { secretOfUri, totpCode } from '../platform/auth/totp.ts';
import { createOrPromoteStaff } from '../modules/staff/index.ts';

export interface DemoAccount {
  role: Role;
  name: string;
  email: string;
  password: string;
}

/** Where the demo accounts of a data directory are written, passwords included (mode 600). */
export const demoAccountsFile = (app: FastifyInstance) => path.join(app.config.dataDir, 'demo-accounts.json');

const DEMO_CUSTOMER_EMAIL = 'demo-customer@example.com';
const DEMO_STAFF_EMAIL = 'demo-staff@example.com';

/** A random password per data directory: 24 URL-safe characters, never on any common-password list. */
const newPassword = () => randomBytes(18).toString('base64url');

/** The session cookie a sign-in or sign-up answered, as a request's Cookie header. */
const sessionCookie = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []].flat().map((c) => c.split(';')[0]).join('; ');

interface Call {
  params?: Record<string, string>;
  headers?: Record<string, string>;
  payload?: Record<string, unknown>;
}

/** One request to a route of the table, as the pages make it; anything but the expected status stops the start. */
async function call(app: FastifyInstance, route: RouteDefinition, { params, headers, payload }: Call, expected: number) {
  const url = buildPath(route, params);
  const res = await app.inject({ remoteAddress: '127.0.0.1', method: route.method, url, headers, payload });
  if (res.statusCode !== expected) throw new Error(`${route.method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res;
}

/**
 * Verifies a new account's address as its mailed link does, and returns the session the link signs in with (a new
 * account signs in only with a verified address). The token is the link's own, made with the server's secret.
 */
async function followVerificationLink(app: FastifyInstance, email: string) {
  const token = await createEmailVerificationToken(app.config.authSecret, email, undefined, VERIFY_LINK_SECONDS);
  const res = await app.inject({ remoteAddress: '127.0.0.1', method: 'GET', url: `${AUTH_BASE_PATH}/verify-email?token=${token}` });
  if (res.statusCode !== 200) throw new Error(`The demo customer's verification link answered ${res.statusCode}: ${res.body}`);
  return { cookie: sessionCookie(res.headers['set-cookie']) };
}

const userIdOf = async (app: FastifyInstance, email: string) =>
  (await app.database.sql.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;

/**
 * On the first start of a data directory with demo content (never in production), makes a demo customer with a
 * card, a paid subscription, a chat and a project, and a demo staff member, through the same API the pages use.
 * Returns the accounts to print, or null when there are none to show. A later start returns the stored ones.
 */
export async function ensureDemoAccounts(app: FastifyInstance): Promise<DemoAccount[] | null> {
  if (!app.config.DEMO_CONTENT || app.config.NODE_ENV === 'production') return null;
  const file = demoAccountsFile(app);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoAccount[];
  const taken = await app.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email IN ($1, $2)', [DEMO_CUSTOMER_EMAIL, DEMO_STAFF_EMAIL]);
  // Another data directory made them in this (shared) database: their passwords are there, not here.
  if (taken[0]!.n > 0) return null;

  const customer: DemoAccount = { role: 'customer', name: 'Dana Demo', email: DEMO_CUSTOMER_EMAIL, password: newPassword() };
  const staff: DemoAccount = { role: 'admin', name: 'Sam Support', email: DEMO_STAFF_EMAIL, password: newPassword() };
  await call(app, signUpWithEmail, { payload: { name: customer.name, email: customer.email, phone: '555 010 2030', password: customer.password } }, 200);
  const asCustomer = await followVerificationLink(app, customer.email);
  const customerId = await userIdOf(app, customer.email);
  await createOrPromoteStaff(app.db, { email: staff.email, password: staff.password, name: staff.name }, app.clock());
  // The accounts exist from here on: keep their passwords even if a later step fails.
  writeFileSync(file, JSON.stringify([customer, staff], null, 2), { mode: 0o600 });

  const signedIn = await call(app, signInWithEmail, { payload: { email: staff.email, password: staff.password } }, 200);
  // Staff act only with a second factor: set up here for the demo's own writes, and turned off again at the end,
  // so that whoever signs in as the demo staff member sets up their own at first sign-in, as every staff member does.
  // better-auth takes a signed-in write only from the portal's own pages: the headers say so.
  const signedInStaff = { cookie: sessionCookie(signedIn.headers['set-cookie']), origin: app.config.publicUrl };
  const started = await call(app, enableTwoFactor, { headers: signedInStaff, payload: { password: staff.password } }, 200);
  const code = totpCode(secretOfUri(started.json().totpURI as string));
  const confirmed = await call(app, verifyTwoFactorCode, { headers: signedInStaff, payload: { code } }, 200);
  const asStaff = { cookie: sessionCookie(confirmed.headers['set-cookie']) };

  let subscriptionId: string | null = null;
  if (app.config.SQUARE_ENVIRONMENT === 'local') {
    // The local Square sandbox's reusable test token: a Visa that is saved and charged.
    const card = await call(app, addCard, { headers: asCustomer, payload: { nonce: 'cnon:card-nonce-ok' } }, 202);
    await app.billing.settle();
    const plans = (await call(app, listPlans, {}, 200)).json().plans as { id: string }[];
    if (plans[0]) {
      const idempotencyKey = randomUUID().replace(/-/g, '');
      const payment = await call(app, startCheckout, { headers: asCustomer, payload: { planId: plans[0].id, cardId: card.json().id, idempotencyKey } }, 202);
      await app.billing.settle();
      subscriptionId = (await call(app, getPayment, { params: { id: payment.json().id }, headers: asCustomer }, 200)).json().subscriptionId;
    }
  }
  const chat = await call(app, createChat, { headers: asCustomer, payload: { reason: 'General Inquiry', initialMessage: 'Hello! When will my app be ready?' } }, 201);
  await call(app, replyToChat, { params: { chatId: chat.json().chatId }, headers: asStaff, payload: { messageType: 'text', textMessage: 'Hi Dana, we are setting it up now. You can follow it under Projects.' } }, 201);
  await call(app, createProject, {
    headers: asStaff,
    payload: { ownerId: customerId, subscriptionId, projectName: "Dana's Bakery App", businessName: "Dana's Bakery", clientNotes: 'Menu sync and online orders.' },
  }, 201);
  // better-auth's own call: the HTTP route refuses staff, who must keep a second factor once they have one.
  await app.auth.api.disableTwoFactor({ body: { password: staff.password }, headers: fromNodeHeaders({ ...asStaff, origin: app.config.publicUrl }) });
  return [customer, staff];
}
