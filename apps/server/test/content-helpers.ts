import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { demoContentFile } from '../src/modules/content/demo.ts';
import { CONTENT_TABLES } from '../src/modules/content/import/repository.ts';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789';

/** The demo export shipped with the portal, parsed fresh for each use. */
export const demoContent = (): Record<string, unknown> => JSON.parse(readFileSync(demoContentFile, 'utf8'));

/** Posts an export to the operator endpoint from loopback with the operator token. */
export const importThroughEndpoint = (app: FastifyInstance, data: unknown, token = OPERATOR_TOKEN) =>
  app.inject({
    method: 'POST',
    url: '/api/operator/content/import',
    headers: { authorization: `Bearer ${token}` },
    payload: data as Record<string, unknown>,
    remoteAddress: '127.0.0.1',
  });

/** Row counts of every table an import writes, to show that a rejected import changed nothing. */
export async function contentCounts(sql: { query<T>(text: string): Promise<T[]> }) {
  const tables = [...CONTENT_TABLES, 'projects'];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = row!.n;
  }
  return counts;
}
