import { z } from 'zod';
import type { TopicRoot } from './topics.ts';

/**
 * One endpoint as one object: the server registers its route from it, the web calls it through it, and tests
 * enumerate every route from the table (`@portal/contracts/routes`). Paths are Fastify style (`/api/chats/:chatId`).
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone (`public`, the handler may still look at an optional session), a signed-in user (`user`),
 * any staff member (`staff`: agents and admins, customers get 403), admins only (`admin`: agents get 403 too), or the
 * operator CLI (`operator`: loopback and operator token only). The server's guard, the console's sections and the
 * generated role test all read it from here (`mayCall`, decision 0058).
 */
export type RouteAuth = 'public' | 'user' | 'staff' | 'admin' | 'operator';

/** What a route answers, by status; error statuses carry the error body schema. */
export type RouteResponses = { readonly [status: number]: z.ZodType };

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Left out of the OpenAPI document (better-auth's and the sandbox's own endpoints). */
  readonly hide?: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly responses: RouteResponses;
  /**
   * The live topic root of the data this route touches: writes publish `root:ID` on it, and reads of it are
   * refetched when such an event arrives (their query key starts with the root).
   */
  readonly topic?: TopicRoot;
}

/** Keeps the literal types of a route object, so that clients infer its input and output from it. */
export const defineRoute = <const R extends RouteDefinition>(route: R): R => route;

/**
 * The answer of a route that is not JSON (a stream, file bytes, tus's protocol answers): documented, never
 * serialised through a schema. Its type admits what a handler sends: text, bytes or a stream of bytes.
 */
export const rawBody = z.custom<string | Uint8Array | AsyncIterable<Uint8Array> | null>(() => true).meta({ description: 'Not JSON' });
/** An answer with no body (204). */
export const noContent = z.null();

type SuccessStatus = 200 | 201 | 202 | 204 | 206;
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller gives: `params`, `query` and `body` where the route declares them. */
export type RouteInput<R extends RouteDefinition> = (R['params'] extends z.ZodType
  ? { params: InputOf<R['params']> }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: InputOf<R['query']> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: InputOf<R['body']> } : { body?: undefined });

/** What the route answers on success (the union over its 2xx statuses). */
export type RouteOutput<R extends RouteDefinition> = OutputOf<R['responses'][Extract<keyof R['responses'], SuccessStatus>]>;

/** The parsed input a handler receives. */
export type RouteParams<R extends RouteDefinition> = R['params'] extends z.ZodType ? z.output<R['params']> : unknown;
export type RouteQuery<R extends RouteDefinition> = R['query'] extends z.ZodType ? z.output<R['query']> : unknown;
export type RouteBody<R extends RouteDefinition> = R['body'] extends z.ZodType ? z.output<R['body']> : unknown;
