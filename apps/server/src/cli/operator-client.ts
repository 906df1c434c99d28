import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { RouteDefinition, RouteOutput } from '@portal/contracts/route';
import { buildUrl } from '@portal/contracts/route-helpers';
import type { Config } from '../config.ts';
import { operatorTokenFile } from '../platform/http/operator.ts';

/** A failure the operator can act on; the CLI prints its message and exits 1. */
export class CliError extends Error {}

/** The JSON file an operator named; a missing file or bad JSON is a CliError saying which. */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CliError(`Cannot read ${file}.`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * POSTs to an operator endpoint of the portal running with this configuration (same PORT and DATA_DIR), with
 * the token it left under DATA_DIR (or OPERATOR_TOKEN). Returns the JSON answer; any failure is a CliError.
 */
export async function callRunningPortal<const R extends RouteDefinition>(
  config: Config,
  route: R,
  body: unknown,
  query?: Record<string, string>,
): Promise<RouteOutput<R>> {
  const { response, url, tokenFile } = await post(config, route, body, 'application/json', query);
  return answerOf<RouteOutput<R>>(response, url, tokenFile);
}

/**
 * As callRunningPortal, asking for the endpoint's progress stream (`accept`: newline-delimited JSON of
 * `{"progress"}` lines, then `{"report"}` or `{"error"}`): each progress goes to `onProgress` as it arrives. An
 * answer that is not streamed (a refusal before any work) is read as callRunningPortal reads it.
 */
export async function streamFromRunningPortal<const R extends RouteDefinition, P>(
  config: Config,
  route: R,
  body: unknown,
  accept: string,
  onProgress: (progress: P) => void,
): Promise<RouteOutput<R>> {
  const { response, url, tokenFile } = await post(config, route, body, accept);
  if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith(accept))
    return answerOf<RouteOutput<R>>(response, url, tokenFile);
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for await (const chunk of response.body) {
      buffered += decoder.decode(chunk, { stream: true });
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = JSON.parse(buffered.slice(0, end)) as {
          progress?: P;
          report?: RouteOutput<R>;
          error?: { message: string };
        };
        buffered = buffered.slice(end + 1);
        if (line.progress) onProgress(line.progress);
        if (line.report) return line.report;
        if (line.error) throw new CliError(line.error.message);
      }
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
  }
  throw new CliError(`The portal at ${url} stopped answering before the end; see its log.`);
}

async function post(
  config: Config,
  route: RouteDefinition,
  body: unknown,
  accept: string,
  query?: Record<string, string>,
) {
  const host = ['0.0.0.0', '::', 'localhost'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}${buildUrl(route, { query })}`;
  const tokenFile = operatorTokenFile(config);
  const token = config.OPERATOR_TOKEN ?? (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : null);
  if (!token) throw new CliError(`No operator token in ${tokenFile}: start the portal with this DATA_DIR first (npm start).`);

  try {
    const response = await fetch(url, {
      method: route.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept },
      body: JSON.stringify(body),
    });
    return { response, url, tokenFile };
  } catch {
    throw new CliError(`Could not reach the portal at ${url}. Start it first (npm start, same PORT and DATA_DIR), or set DATABASE_URL to work on PostgreSQL directly.`);
  }
}

async function answerOf<T>(response: Response, url: string, tokenFile: string): Promise<T> {
  const answer = (await response.json().catch(() => null)) as (T & { error?: { message: string } }) | null;
  if (response.ok && answer) return answer;
  if (response.status === 404) throw new CliError(`The portal at ${url} did not accept the operator token of ${tokenFile}.`);
  throw new CliError(answer?.error?.message ?? `The portal answered ${response.status}.`);
}
