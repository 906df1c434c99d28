import { existsSync, readFileSync } from 'node:fs';
import type { RouteDefinition, RouteOutput } from '@portal/contracts/route';
import type { Config } from '../config.ts';
import { operatorTokenFile } from '../platform/http/operator.ts';

/** A failure the operator can act on; the CLI prints its message and exits 1. */
export class CliError extends Error {}

/**
 * POSTs to an operator endpoint of the portal running with this configuration (same PORT and DATA_DIR), with
 * the token it left under DATA_DIR (or OPERATOR_TOKEN). Returns the JSON answer; any failure is a CliError.
 */
export async function callRunningPortal<const R extends RouteDefinition>(
  config: Config,
  route: R,
  body: unknown,
): Promise<RouteOutput<R>> {
  type T = RouteOutput<R>;
  const host = ['0.0.0.0', '::', 'localhost'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}${route.path}`;
  const tokenFile = operatorTokenFile(config);
  const token = config.OPERATOR_TOKEN ?? (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : null);
  if (!token) throw new CliError(`No operator token in ${tokenFile}: start the portal with this DATA_DIR first (npm start).`);

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new CliError(`Could not reach the portal at ${url}. Start it first (npm start, same PORT and DATA_DIR), or set DATABASE_URL to work on PostgreSQL directly.`);
  }
  const answer = (await response.json().catch(() => null)) as (T & { error?: { message: string } }) | null;
  if (response.ok && answer) return answer;
  if (response.status === 404) throw new CliError(`The portal at ${url} did not accept the operator token of ${tokenFile}.`);
  throw new CliError(answer?.error?.message ?? `The portal answered ${response.status}.`);
}
