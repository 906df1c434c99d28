import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_DOCS_PATH } from '@portal/contracts/routes';

/** The OpenAPI security scheme of the operator routes (loopback only, bearer token), which `registerRoute` names. */
export const OPERATOR_SECURITY = 'operator';

type DocumentedRoute = Parameters<typeof jsonSchemaTransform>[0];
const isOperatorRoute = ({ schema }: DocumentedRoute) =>
  Array.isArray(schema?.security) && schema.security.some((scheme) => OPERATOR_SECURITY in scheme);

/**
 * OpenAPI document built from the routes' zod schemas, with its viewer at /api/docs. In production it leaves out
 * the operator routes: nobody off the server's own machine can call them, so the public need not learn them.
 */
export async function registerApiDocs(app: FastifyInstance) {
  const production = app.config.NODE_ENV === 'production';
  await app.register(swagger, {
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
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
}
