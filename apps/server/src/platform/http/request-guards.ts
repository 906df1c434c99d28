import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { trustedOrigins, untrustedOriginMessage } from './origins.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an HTML form's url-encoded body (the local Google stand-in); every other route takes JSON. */
    formBody?: boolean;
  }
}

const invalidCharacters = (where: string) =>
  new AppError(400, 'INVALID_CHARACTERS', `The request's ${where} contains a NUL character (U+0000), which is not allowed.`);

/** How deep a JSON body may nest: far beyond any request of ours, far below what a recursive reader survives. */
export const MAX_JSON_DEPTH = 64;

const tooDeep = () =>
  new AppError(400, 'TOO_DEEPLY_NESTED', `The request's body nests deeper than ${MAX_JSON_DEPTH} levels, which is not allowed.`);

const isPlainValue = (value: unknown): value is object =>
  Boolean(value) && typeof value === 'object' && !Buffer.isBuffer(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';

/**
 * Whether any string (or key) in a parsed JSON value contains U+0000. Walks without recursion, and refuses a value
 * nested deeper than MAX_JSON_DEPTH (400 TOO_DEEPLY_NESTED), so no later reader of the body can overflow the stack.
 */
export function containsNul(value: unknown): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return true;
    } else if (isPlainValue(next.value)) {
      if (next.depth >= MAX_JSON_DEPTH) throw tooDeep();
      for (const [key, inner] of Object.entries(next.value)) {
        if (key.includes('\u0000')) return true;
        pending.push({ value: inner, depth: next.depth + 1 });
      }
    }
  }
  return false;
}

/** The values of a tus Upload-Metadata header ("key base64,key base64"), decoded. */
function tusMetadataValues(header: string): string[] {
  return header.split(',').flatMap((pair) => {
    const [key = '', encoded] = pair.trim().split(' ');
    return [key, encoded ? Buffer.from(encoded, 'base64').toString('utf8') : ''];
  });
}

/**
 * Refuses U+0000 anywhere a request carries text: the path and query, the tus metadata, and the JSON body.
 * PostgreSQL cannot store it in text, so it would otherwise fail as a 500 deep inside a query.
 */
function refuseNulInUrlAndHeaders(request: FastifyRequest) {
  let url: string;
  try {
    url = decodeURIComponent(request.url.replace(/\+/g, ' '));
  } catch {
    url = request.url;
  }
  if (url.includes('\u0000')) throw invalidCharacters('address');
  const metadata = request.headers['upload-metadata'];
  if (typeof metadata === 'string' && tusMetadataValues(metadata).some((v) => v.includes('\u0000'))) {
    throw invalidCharacters('Upload-Metadata');
  }
}

/**
 * A state-changing request from a browser carries `Origin` (and `Sec-Fetch-Site`); one from another site is
 * refused, so a form or script elsewhere cannot act as the signed-in user. A request with neither header does not
 * come from a browser page (browsers send Origin on every cross-site POST): the CLI, an operator's curl, a server;
 * it has no ambient cookie to abuse, so it goes on to the route's own checks.
 */
function refuseCrossSite(request: FastifyRequest, allowed: string[], message: (origin: string) => string) {
  if (!STATE_CHANGING.has(request.method)) return;
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  // A form posted from a page whose Referrer-Policy is no-referrer (ours) says `Origin: null`; the fetch metadata
  // then tells where it came from, and without it the request is refused.
  if (typeof origin === 'string' && origin !== 'null') {
    if (!allowed.includes(origin)) throw new AppError(403, 'CROSS_SITE_REQUEST', message(origin));
    return;
  }
  if (origin === 'null' && site === undefined) throw new AppError(403, 'CROSS_SITE_REQUEST', message('an opaque origin (Origin: null)'));
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
    throw new AppError(403, 'CROSS_SITE_REQUEST', message(`another site (Sec-Fetch-Site: ${site})`));
  }
}

/**
 * Checks every request at the boundary, before any route: NUL characters, cross-site writes and body types.
 * JSON routes take only JSON; url-encoded bodies are parsed only for routes configured with `formBody` (the local
 * Google stand-in's HTML form and token endpoint). The body is parsed after routing, so the decision is the routed
 * route's, never the raw address's: an address can be written in many ways that reach the same route.
 */
export function registerRequestGuards(app: FastifyInstance) {
  const allowed = trustedOrigins(app.config);
  app.addHook('onRequest', async (request) => {
    refuseNulInUrlAndHeaders(request);
    refuseCrossSite(request, allowed, (origin) => untrustedOriginMessage(app.config, origin));
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw invalidCharacters('body');
  });

  // Fastify parses text/plain by default; an HTML form can send it across sites, and no route of ours takes it.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (request.routeOptions.config.formBody !== true) {
      done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON (Content-Type: application/json).'), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
