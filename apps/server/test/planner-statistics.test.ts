import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ANALYZE_AFTER_MS, plannerStatistics } from '../src/platform/db/statistics.ts';

/** An app on PGlite whose statements are recorded. */
function appOn(kind: 'pglite' | 'postgres') {
  const statements: string[] = [];
  const app = {
    database: { kind, sql: { exec: async (text: string) => void statements.push(text) } },
    metrics: { countSweep: <T>(_name: string, run: Promise<T>) => run },
    log: { error: vi.fn() },
  } as unknown as FastifyInstance;
  return { app, statements };
}

afterEach(() => vi.useRealTimers());

describe('planner statistics on PGlite', () => {
  it('runs no ANALYZE while the server starts, one shortly after, then one an hour', async () => {
    vi.useFakeTimers();
    const { app, statements } = appOn('pglite');
    const stop = await plannerStatistics(app);
    await vi.advanceTimersByTimeAsync(FIRST_ANALYZE_AFTER_MS - 1);
    expect(statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(statements).toEqual(['ANALYZE']);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(statements).toEqual(['ANALYZE', 'ANALYZE']);
    await stop();
  });

  it('runs nothing once stopped, nor ever on PostgreSQL', async () => {
    vi.useFakeTimers();
    const stopped = appOn('pglite');
    await (await plannerStatistics(stopped.app))();
    const postgres = appOn('postgres');
    const stop = await plannerStatistics(postgres.app);
    await vi.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
    expect(stopped.statements).toEqual([]);
    expect(postgres.statements).toEqual([]);
    await stop();
  });
});
