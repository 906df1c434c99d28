import { queryOptions } from '@tanstack/react-query';
import type { RouteDefinition, RouteInput, RouteOutput } from '@portal/contracts/route';
import { buildUrl, routeQueryKey, successSchema, type Endpoint } from '@portal/contracts/route-helpers';
import type { ShellEndpoint } from '@portal/contracts/routes/shell';
import { TIME_ZONE_HEADER } from '@portal/contracts/headers';
import { REAUTHENTICATION_REQUIRED, identityConfirmer } from './reauthentication';

/**
 * An answer of the API that was not a success; `code` is the server's stable error code, `body` the answer as sent
 * (for the fields a route's error schema adds, such as the questions a refusal concerns).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

/** What a call gives, inferred from the route: `params`, `query` and `body` where it declares them. */
type CallArgs<R extends RouteDefinition> = object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

/**
 * Calls an endpoint of the route table (`@portal/contracts/routes`): the URL from its path and `params`/`query`,
 * the body as JSON, and the answer parsed with the route's schema for the status received, so the result is typed
 * from the route. A refusal throws ApiError with the server's code; an unreachable server, code NETWORK. A sensitive
 * change refused for an old sign-in (403 REAUTHENTICATION_REQUIRED) asks for the password in the app's dialog and,
 * once it is confirmed, is sent again.
 */
export function api<R extends RouteDefinition>(route: R, ...args: CallArgs<R>): Promise<RouteOutput<R>>;
/** A shell endpoint (sign-in state, site links): answered as typed by its contract, without loading a schema. */
export function api<T>(endpoint: ShellEndpoint<T>): Promise<T>;
export async function api(route: Endpoint & Partial<Pick<RouteDefinition, 'responses'>>, input: RouteInput<RouteDefinition> = {}) {
  try {
    return await send(route, input);
  } catch (error) {
    const confirm = identityConfirmer();
    if (!(error instanceof ApiError) || error.code !== REAUTHENTICATION_REQUIRED || !confirm) throw error;
    if (!(await confirm())) throw error;
    return send(route, input);
  }
}

/**
 * The browser's time zone, sent with every call: the server keeps it with the session to show where a signed-in
 * device roughly is ("Europe/Paris"), for display only.
 */
function timeZoneHeader(): Record<string, string> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? { [TIME_ZONE_HEADER]: zone } : {};
}

async function send(route: Endpoint & Partial<Pick<RouteDefinition, 'responses'>>, input: RouteInput<RouteDefinition>) {
  const body: unknown = input.body;
  let response: Response;
  try {
    response = await fetch(buildUrl(route, input as { params?: Record<string, string>; query?: Record<string, unknown> }), {
      method: route.method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...timeZoneHeader(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const failure = data as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(response.status, failure?.error?.code ?? 'HTTP_' + response.status, failure?.error?.message ?? response.statusText, data);
  }
  const schema = route.responses ? successSchema({ responses: route.responses }, response.status) : undefined;
  return schema ? schema.parse(data) : data;
}

/** The query key of a read: its live topic root first, so that the topic's events refetch it (see live-events). */
export function queryKeyOf<R extends RouteDefinition>(route: R, ...args: CallArgs<R>) {
  return routeQueryKey(route, (args[0] ?? {}) as { params?: Record<string, string> });
}

/** A read of the route table as TanStack Query options: the key and the call both come from the route. */
export function routeQuery<R extends RouteDefinition & { method: 'GET' }>(route: R, ...args: CallArgs<R>) {
  return queryOptions({
    queryKey: queryKeyOf(route, ...args),
    queryFn: () => api(route, ...args),
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
