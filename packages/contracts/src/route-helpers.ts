import type { z } from 'zod';
import type { HttpMethod, RouteAuth, RouteDefinition } from './route.ts';

/**
 * The route helpers a client runs: paths, query keys and the answer's schema. Nothing here loads zod at run time,
 * so a web page's first script can call the shell endpoints (`./routes/shell.ts`) without carrying a schema library.
 */

/** The part of a route a client needs to call it: its method and path (and live topic root, if any). */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly topic?: string;
}

/** The roles of staff members, weakest first: each may do what the ones before it may. */
export const STAFF_ROLES = ['agent', 'admin'] as const;
type AnyRole = 'customer' | (typeof STAFF_ROLES)[number];

/** Whether an account's role makes it a staff member (agent or admin). */
export const isStaffRole = (role: string | null | undefined): role is (typeof STAFF_ROLES)[number] =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

/**
 * Whether a signed-in account of this role may call the route, by the route's own `auth`: the one rule the server's
 * guard, the console's sections and the generated role test share. A staff session without its second factor counts
 * as a customer's (the server asks `actsAsStaff` first); operator routes belong to no role.
 */
export function mayCall(route: { readonly auth: RouteAuth }, role: AnyRole): boolean {
  switch (route.auth) {
    case 'public':
    case 'user':
      return true;
    case 'staff':
      return isStaffRole(role);
    case 'admin':
      return role === 'admin';
    case 'operator':
      return false;
  }
}

type PathInput = { params?: Record<string, string | number>; query?: Record<string, unknown> };

/** The schema of the route's answer for a status (the first 2xx one when none is asked). */
export function successSchema(route: Pick<RouteDefinition, 'responses'>, status?: number): z.ZodType | undefined {
  if (status !== undefined && route.responses[status]) return route.responses[status];
  const first = Object.keys(route.responses)
    .map(Number)
    .find((s) => s >= 200 && s < 300);
  return first === undefined ? undefined : route.responses[first];
}

/** The route's path with each `:name` filled from `params` (URI-encoded). */
export function buildPath(route: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The path with its query string (absent values left out), as a client requests it. */
export function buildUrl(route: Pick<Endpoint, 'path'>, input: PathInput = {}): string {
  const path = buildPath(route, input.params);
  const entries = Object.entries(input.query ?? {}).filter(([, v]) => v !== undefined && v !== null);
  if (entries.length === 0) return path;
  return `${path}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
}

/**
 * A TanStack Query key for a read: its topic root first (so a live event on the root refetches it), then the
 * path parameters in path order, then the query if any. Reads without a topic are keyed by their path.
 */
export function routeQueryKey(route: Pick<Endpoint, 'path' | 'topic'>, input: PathInput = {}): readonly unknown[] {
  const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const values = names.map((name) => String(input.params?.[name] ?? ''));
  const query = input.query && Object.keys(input.query).length > 0 ? [input.query] : [];
  return [route.topic ?? route.path, ...values, ...query];
}
