import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_DOCS_PATH } from '@portal/contracts/routes';

/** The OpenAPI security scheme of the operator routes (loopback only, bearer token), which `registerRoute` names. */
export const OPERATOR_SECURITY = 'operator';

type DocumentedRoute = Parameters<typeof jsonSchemaTransform>[0];
const isOperatorRoute = ({ schema }: DocumentedRoute) =>
  Array.isArray(schema?.security) && schema.security.some((scheme) => OPERATOR_SECURITY in scheme);

/** What the document needs of a route: how it is called and what its schema says. */
type Recorded = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

/** Set by the document's own server on a path it does not serve, so the portal answers its usual 404 instead. */
const NOT_SERVED = 'x-api-docs-not-served';

/** What a request for the document or the viewer's files may say that changes the answer. */
const FORWARDED_HEADERS = ['accept', 'if-none-match', 'if-modified-since', 'range'] as const;

/**
 * OpenAPI document built from the routes' zod schemas, with its viewer at /api/docs. In production it leaves out
 * the operator routes: nobody off the server's own machine can call them, so the public need not learn them.
 *
 * The document and its viewer (@fastify/swagger and @fastify/swagger-ui) are loaded at the first request for them,
 * not at every start, where they cost about a tenth of the time until the portal is ready (issue 25). The portal
 * notes each route as it is added; the first request under /api/docs builds a small server of its own with those
 * routes, the document and the viewer, and every request there is answered by it.
 */
export async function registerApiDocs(app: FastifyInstance) {
  const production = app.config.NODE_ENV === 'production';
  const routes: Recorded[] = [];
  app.addHook('onRoute', ({ method, url, schema, config }) => {
    // HEAD routes Fastify adds beside each GET are not documented, as @fastify/swagger leaves them out by default.
    if (method !== 'HEAD' && !schema?.hide) routes.push({ method, url, schema, config });
  });

  let docs: Promise<FastifyInstance> | undefined;
  const buildDocs = async () => {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
    const server = Fastify({ logger: false });
    // The routes are here to be described, never called: their schemas are not compiled into validators.
    server.setValidatorCompiler(() => () => true);
    server.setSerializerCompiler(() => (data) => JSON.stringify(data));
    server.setNotFoundHandler((_request, reply) => reply.code(404).header(NOT_SERVED, '1').send());
    await server.register(swagger, {
      openapi: {
        info: { title: 'Customer portal API', version: '1.0.0' },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
            ...(production ? {} : { [OPERATOR_SECURITY]: { type: 'http', scheme: 'bearer' } }),
          },
        },
      },
      transform: (route) => (production && isOperatorRoute(route) ? { schema: { ...route.schema, hide: true }, url: route.url } : jsonSchemaTransform(route)),
    });
    await server.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
    for (const route of routes) server.route({ ...route, exposeHeadRoute: false, handler: async () => null });
    await server.ready();
    return server;
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= buildDocs().catch((error: unknown) => {
      docs = undefined;
      throw error;
    });
    // The routed path and query, and only the headers that choose the answer: the session's cookie stays here.
    const rest = (request.params as { '*'?: string })['*'];
    const query = new URLSearchParams(request.query as Record<string, string>).toString();
    const url = `${API_DOCS_PATH}${rest === undefined ? '' : `/${rest}`}${query ? `?${query}` : ''}`;
    const headers = Object.fromEntries(FORWARDED_HEADERS.flatMap((name) => (request.headers[name] ? [[name, request.headers[name]]] : [])));
    const res = await (await docs).inject({ method: request.method as 'GET' | 'HEAD', url, headers });
    if (res.headers[NOT_SERVED]) return reply.callNotFound();
    const { 'content-length': _length, connection: _connection, 'transfer-encoding': _encoding, ...answered } = res.headers;
    reply.code(res.statusCode).headers(answered);
    return res.rawPayload.length > 0 ? reply.send(res.rawPayload) : reply.send();
  };
  for (const url of [API_DOCS_PATH, `${API_DOCS_PATH}/*`]) app.get(url, { schema: { hide: true } }, answer);
}
