import { createHash, generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { renderIdentityPage } from './identity-page.ts';

/** The client that better-auth uses against the local provider; both live in this process. */
export const LOCAL_GOOGLE_CLIENT = { id: 'local-google-client', secret: 'local-google-client-secret' } as const;
export const LOCAL_GOOGLE_PATH = '/oidc';

export const localGoogleIssuer = (config: Config) => `${config.publicUrl}${LOCAL_GOOGLE_PATH}`;

/**
 * oidc-provider's start-up warnings that do not apply to this stand-in, muted while it loads and starts:
 * - "Unsupported runtime": version 9 asks for Node 22 but runs on the Node 20 the project supports (the sign-in
 *   journeys pass on it); it is a test stand-in, never the production sign-in.
 * - the in-memory adapter: its state is a sign-in in progress, minutes long. A restart loses it (the person signs
 *   in again) and several instances do not share it, which is why several instances use real Google.
 * Every other warning still shows.
 */
const KNOWN_WARNINGS = ['oidc-provider WARNING: Unsupported runtime', 'oidc-provider WARNING: a quick start development-only in-memory adapter'];

function withoutKnownWarnings<T>(start: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    // Matched anywhere: the text is wrapped in colour codes when stderr is a terminal.
    if (!KNOWN_WARNINGS.some((known) => String(args[0]).includes(known))) warn(...args);
  };
  const restore = () => (console.warn = warn);
  try {
    const started = start();
    if (started instanceof Promise) return started.finally(restore) as T;
    restore();
    return started;
  } catch (error) {
    restore();
    throw error;
  }
}

interface TestIdentity {
  email: string;
  name: string;
  picture?: string;
}

/**
 * A certified OpenID provider (oidc-provider) that stands in for Google when no Google client is configured:
 * the real authorization-code flow with PKCE runs end to end, and its sign-in page lets a person type the
 * test Google identity to sign in as.
 */
export async function registerLocalGoogle(app: FastifyInstance, config: Config) {
  const identities = new Map<string, TestIdentity>();
  // Made at the first request under /oidc, not at start: loading oidc-provider and making an RSA signing key
  // cost a quarter of a second that a start without a Google sign-in need not pay.
  let providerReady: ReturnType<typeof startProvider> | undefined;
  const providerOf = () => (providerReady ??= startProvider(config, identities));

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const { handle } = await providerOf();
    const original = req.url ?? '/';
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
    req.url = original.slice(LOCAL_GOOGLE_PATH.length) || '/';
    return handle(req, res);
  };

  app.get(`${LOCAL_GOOGLE_PATH}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
    const { provider } = await providerOf();
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.prompt.name === 'consent') {
      // A test identity has nothing to consent to: grant what the portal asked for and go on.
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: LOCAL_GOOGLE_CLIENT.id });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    reply.type('text/html; charset=utf-8').send(renderIdentityPage(details.uid));
  });

  app.post(`${LOCAL_GOOGLE_PATH}/interaction/:uid/login`, { schema: { hide: true }, config: { formBody: true } }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const email = (form.email ?? '').trim().toLowerCase();
    const name = (form.name ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !name) {
      const { uid } = request.params as { uid: string };
      return reply.code(400).type('text/html; charset=utf-8').send(renderIdentityPage(uid, 'Enter a name and a valid e-mail address.'));
    }
    const sub = createHash('sha256').update(email).digest('hex').slice(0, 24);
    const picture = (form.picture ?? '').trim();
    identities.set(sub, { email, name, ...(picture ? { picture } : {}) });
    const { provider } = await providerOf();
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
  });

  // oidc-provider's token endpoint takes a url-encoded body too (the portal's server redeeming a code).
  app.all(`${LOCAL_GOOGLE_PATH}/*`, { schema: { hide: true }, config: { formBody: true } }, (request, reply) => {
    // Fastify has read the body already; oidc-provider takes it from req.body when the stream is spent.
    (request.raw as IncomingMessage & { body?: unknown }).body = request.body;
    reply.hijack();
    forward(request.raw, reply.raw).catch((error: unknown) => {
      request.log.error({ err: error }, 'The local Google sign-in failed');
      if (!reply.raw.headersSent) reply.raw.statusCode = 500;
      reply.raw.end();
    });
  });
}

async function startProvider(config: Config, identities: Map<string, TestIdentity>) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { default: Provider } = await withoutKnownWarnings(() => import('oidc-provider'));
  const provider = withoutKnownWarnings(() => new Provider(localGoogleIssuer(config), {
    clients: [
      {
        client_id: LOCAL_GOOGLE_CLIENT.id,
        client_secret: LOCAL_GOOGLE_CLIENT.secret,
        redirect_uris: [`${config.publicUrl}/api/auth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'local', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [config.authSecret] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${LOCAL_GOOGLE_PATH}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email_verified: true, ...identity }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `Sign-in error: ${out.error}${out.error_description ? ` (${out.error_description})` : ''}`;
    },
  }));
  // Behind a proxy the stand-in builds its URLs from X-Forwarded-Proto/Host; it keys nothing on client addresses.
  provider.proxy = config.TRUST_PROXY !== false;
  return { provider, handle: provider.callback() };
}
