import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import {
  rawBody,
  type RouteAuth,
  type RouteBody,
  type RouteDefinition,
  type RouteOutput,
  type RouteParams,
  type RouteQuery,
} from '@portal/contracts/route';
import { adminHook, signedInHook, staffHook, type SessionUser } from '../auth/session.ts';
import { requireOperator } from './operator.ts';
import { OPERATOR_SECURITY } from './docs.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a `user`, `staff` or `admin` route, set by its sign-in check before the input is read. */
    user?: SessionUser;
  }
}

/** The request a handler of `R` gets: its parsed input, and the user when the route needs one. */
export type ContractRequest<R extends RouteDefinition> = FastifyRequest<{
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
  Body: RouteBody<R>;
}> &
  (R['auth'] extends 'user' | 'staff' | 'admin' ? { user: SessionUser } : unknown);

/**
 * What a route may answer, by status, as its table declares: a handler's `reply.code(...)` takes only these. Statuses
 * spread in from a shared errors object arrive as strings ("404"), so every key is made a number again.
 */
type DeclaredReplies<R extends RouteDefinition> = {
  [Status in keyof R['responses'] as Status extends `${infer Code extends number}` ? Code : Status]: R['responses'][Status] extends z.ZodType
    ? z.output<R['responses'][Status]>
    : never;
};

/** The reply a handler of `R` gets: `code()` accepts the statuses the route declares, `send()` their bodies. */
export type ContractReply<R extends RouteDefinition> = FastifyReply<{
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
  Body: RouteBody<R>;
  Reply: DeclaredReplies<R>;
}>;

export type ContractHandler<R extends RouteDefinition> = (
  request: ContractRequest<R>,
  reply: ContractReply<R>,
) => Promise<RouteOutput<R> | FastifyReply | void>;

/** Per-route settings the route table does not carry (rate limits, a larger body limit). */
export type RouteExtras = Pick<RouteShorthandOptions, 'config' | 'bodyLimit'>;

const operatorOnly: onRequestHookHandler = async (request) => requireOperator(request);

/**
 * The sign-in check of each kind of route, in one place. Users and staff are checked before the input is, so a
 * caller without the right learns nothing from a route but 401 or 403; operator routes are checked before the
 * body is even read, so that to anyone else they do not exist (404).
 */
const GUARDS: Record<RouteAuth, { onRequest?: onRequestHookHandler; preValidation?: preValidationHookHandler }> = {
  public: {},
  user: { preValidation: signedInHook },
  staff: { preValidation: staffHook },
  admin: { preValidation: adminHook },
  operator: { onRequest: operatorOnly },
};

/** The Fastify schema of a route: its input, its JSON answers and its OpenAPI description. */
function schemaOf(route: RouteDefinition) {
  const response: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(route.responses)) if (schema !== rawBody) response[Number(status)] = schema;
  return {
    tags: [...route.tags],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.hide ? { hide: true } : {}),
    ...(route.auth === 'user' || route.auth === 'staff' || route.auth === 'admin' ? { security: [{ session: [] }] } : {}),
    ...(route.auth === 'operator' ? { security: [{ [OPERATOR_SECURITY]: [] }] } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(Object.keys(response).length ? { response } : {}),
  };
}

/** Registers a route of the route table: method, path, schemas and its sign-in check all come from `route`. */
export function registerRoute<const R extends RouteDefinition>(
  app: FastifyInstance,
  route: R,
  handler: ContractHandler<R>,
  extras: RouteExtras = {},
) {
  app.route({
    method: route.method,
    url: route.path,
    schema: schemaOf(route),
    ...GUARDS[route.auth],
    ...extras,
    handler: handler as unknown as RouteHandlerMethod,
  });
}
