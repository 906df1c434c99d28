import { existsSync } from 'node:fs';
import path from 'node:path';
import { serverDir } from './server-dir.ts';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './platform/db/client.ts';
import { createAuth, type Auth } from './platform/auth/auth.ts';
import { authRoutes } from './platform/auth/routes.ts';
import { twoFactorRoutes } from './platform/auth/two-factor-routes.ts';
import { SessionCache } from './platform/auth/session-cache.ts';
import { SessionActivity } from './platform/auth/session-activity.ts';
import { endOutlivedSessionBeforeAuth, forgetSessionAfterWrite, type SignedIn } from './platform/auth/session.ts';
import { ChangeFeed } from './platform/events/change-feed.ts';
import { endStreamsOfEndedSessions } from './platform/events/ended-sessions.ts';
import { LiveStreams } from './platform/events/live-streams.ts';
import { eventRoutes } from './platform/events/routes.ts';
import { AppError, registerErrorHandler } from './platform/http/errors.ts';
import { registerApiDocs } from './platform/http/docs.ts';
import { loggerOptions } from './platform/http/logger.ts';
import { registerMetrics } from './platform/http/metrics.ts';
import { registerRequestGuards } from './platform/http/request-guards.ts';
import { contentSecurityPolicy } from './platform/http/csp.ts';
import { LANDING, loadLandingPage } from './platform/http/landing-page.ts';
import { siteLinks, siteRoutes } from './platform/http/site.ts';
import { WEB_PAGE_VARY, webPageChooser } from './platform/http/web-pages.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerLocalGoogle } from './platform/oidc/local-google.ts';
import { squareSandboxRoutes } from './platform/square/sandbox/routes.ts';
import type { BackgroundWork } from './platform/jobs/start.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.tsx';
import { mailboxRoutes } from './platform/mail/mailbox-routes.ts';
import { mailDelivery } from './platform/mail/delivery-work.ts';
import { plannerStatistics } from './platform/db/statistics.ts';
import { actionSourcesOf, mailKindsOf, uploadPurposesOf, type ActionSource, type PortalModule } from './platform/portal-module.ts';
import type { UploadPurpose } from './platform/upload-purpose.ts';
import { authMails } from './platform/auth/mail-kinds.ts';
import { accountModule } from './modules/account/index.ts';
import { billingModule } from './modules/billing/index.ts';
import { contentModule, trustedByNames } from './modules/content/index.ts';
import { onboardingModule } from './modules/onboarding/index.ts';
import { plansModule } from './modules/plans/index.ts';
import { projectsModule } from './modules/projects/index.ts';
import { staffModule } from './modules/staff/index.ts';
import { subscriptionsModule } from './modules/subscriptions/index.ts';
import { supportModule } from './modules/support/index.ts';
import { uploadsModule } from './modules/uploads/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { migrationModule } from './modules/migration/index.ts';
import { API_PREFIX } from '@portal/contracts/routes';

/**
 * Every feature module, in registration order: each declares its routes, background work, upload purposes and mails in its index.ts
 * (`platform/portal-module.ts`), so a new route plugin or sweep is added in its module alone.
 */
export const portalModules: readonly PortalModule[] = [
  accountModule,
  plansModule,
  contentModule,
  billingModule,
  subscriptionsModule,
  uploadsModule,
  onboardingModule,
  supportModule,
  projectsModule,
  staffModule,
  notificationsModule,
  migrationModule,
];

/** Background work (sweeps, first-start imports), started by main.ts once the server is built: the platform's, then the modules'. */
export const backgroundWork: readonly BackgroundWork[] = [
  plannerStatistics,
  mailDelivery,
  ...portalModules.flatMap((module) => module.work ?? []),
];

export type Clock = () => Date;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    auth: Auth;
    changeFeed: ChangeFeed;
    /** The open live event streams (/api/events) of this instance. */
    liveStreams: LiveStreams;
    sessionCache: SessionCache<SignedIn>;
    /** When this instance last wrote each session's activity (platform/auth/session-activity.ts). */
    sessionActivity: SessionActivity;
    mail: Mailer;
    /** What each upload is for, as the modules declare them (`PortalModule.uploadPurposes`). */
    uploadPurposes: ReadonlyMap<string, UploadPurpose>;
    /** What the modules add to the dashboard's Action Center (`PortalModule.actions`). */
    actionSources: readonly ActionSource[];
    clock: Clock;
    /** Set at shutdown: /readyz answers 503 so that load balancers send requests elsewhere. */
    draining: boolean;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** The process's logger (main.ts), so that start-up steps and requests log alike. */
  loggerInstance?: FastifyBaseLogger;
  /** No line per request (a person reading a terminal); errors are still logged. */
  quietRequests?: boolean;
  /** The feature modules to serve: all of them (`portalModules`) unless a test adds one of its own. */
  modules?: readonly PortalModule[];
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes "trust the N addresses nearest the server" (hop 0 is
 * the connection itself), as proxy-addr counts them: Fastify's own number form trusts nothing in recent releases.
 */
export function trustProxyOf(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

export const webDist = path.resolve(serverDir, '../web/dist');

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const modules = options.modules ?? portalModules;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger === false ? false : loggerOptions(config) }),
    logController: new LogController({ disableRequestLogging: options.quietRequests ?? false }),
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', options.clock ?? (() => new Date()));
  // Created on first use: better-auth reads the Google discovery document when it starts, and the local
  // stand-in answers it only once this server listens.
  let auth: Auth | undefined;
  app.decorate('auth', {
    getter: () => (auth ??= createAuth(config, database.db, () => app.mail, () => app.log)),
  });
  const changeFeed = new ChangeFeed();
  await changeFeed.start(database.sql);
  app.decorate('changeFeed', changeFeed);
  app.addHook('onClose', async () => changeFeed.close());
  const liveStreams = new LiveStreams();
  changeFeed.subscribe((change) => liveStreams.deliver(change));
  app.decorate('liveStreams', liveStreams);
  const sessionCache = new SessionCache<SignedIn>(config.SESSION_CACHE_MS);
  await sessionCache.start(database.sql);
  app.decorate('sessionCache', sessionCache);
  app.decorate('sessionActivity', new SessionActivity());
  app.addHook('onClose', async () => sessionCache.close());
  app.addHook('onSend', forgetSessionAfterWrite);
  app.addHook('preHandler', endOutlivedSessionBeforeAuth);
  endStreamsOfEndedSessions(app);
  app.decorate('uploadPurposes', uploadPurposesOf(modules));
  app.decorate('actionSources', actionSourcesOf(modules));
  const mail = await createMailer(config, database.db, () => app.clock(), mailKindsOf(modules, authMails));
  app.decorate('mail', mail);
  app.addHook('onClose', async () => mail.close());

  registerErrorHandler(app);
  registerRequestGuards(app);
  registerMetrics(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    // HSTS means something only on an https answer; over plain http it would pin a developer's localhost to https.
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(rateLimit, {
    global: false,
    // Every limit answers the same stable code; a route may word its own message.
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
  });
  await registerApiDocs(app);

  app.get('/healthz', { schema: { tags: ['health'] } }, async () => ({ status: 'ok' }));
  app.decorate('draining', false);
  app.get('/readyz', { schema: { tags: ['health'] } }, async (_request, reply) => {
    // While shutting down, a load balancer stops sending new requests here; those in flight still finish.
    if (app.draining) return reply.code(503).send({ error: { code: 'DRAINING', message: 'This instance is shutting down.' } });
    try {
      await database.sql.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ error: { code: 'NOT_READY', message: 'Database unavailable.' } });
    }
  });

  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(eventRoutes);
  await app.register(siteRoutes);
  await app.register(mailboxRoutes);
  if (config.localGoogle) await registerLocalGoogle(app, config);
  // The local Square sandbox is platform (Square's stand-in), registered only with SQUARE_ENVIRONMENT=local.
  await app.register(squareSandboxRoutes);
  for (const module of modules) for (const routes of module.routes) await app.register(routes);

  const webRoot = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : webDist;
  const serveWeb = (options.serveWeb ?? true) && existsSync(path.join(webRoot, 'index.html'));
  const webPageOf = webPageChooser(webRoot);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // One route for every file, found on disk when asked for: a route for each file the build wrote made the
      // start list the folder and register hundreds of routes. A path with no file goes on to the handler below.
      wildcard: true,
      index: false,
      preCompressed: true,
      // The .br and .gz copies are sent in a file's place (preCompressed), never under their own names.
      allowedPath: (pathname) => !/\.(br|gz)$/i.test(pathname),
      // Hashed assets never change: cache them for a year; everything else is revalidated.
      cacheControl: false,
      setHeaders: (reply, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        reply.header('vary', file.endsWith('.html') ? WEB_PAGE_VARY : 'accept-encoding');
      },
    });
    const sendLanding = loadLandingPage(webRoot, siteLinks(config), () => trustedByNames(database.db));
    app.get('/', { schema: { hide: true } }, (request, reply) => {
      const page = webPageOf(request, '/');
      if (page === LANDING && sendLanding) return sendLanding(request, reply, { 'cache-control': 'no-cache', vary: WEB_PAGE_VARY });
      return reply.sendFile(page);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Page paths get the app (history fallback); a missing file (e.g. an asset of an older build) is a plain 404.
    const wantsPage = request.method === 'GET' && serveWeb && !pathname.startsWith(API_PREFIX) && !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsPage) return reply.sendFile(webPageOf(request, pathname));
    return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${pathname}.` } });
  });

  return app;
}
