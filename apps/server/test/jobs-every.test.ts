import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAIN_BUDGET_MS, every } from '../src/platform/jobs/every.ts';

/** The parts of an app that background work uses: the metrics and the log. */
const fakeApp = () =>
  ({
    metrics: { countSweep: <T>(_name: string, run: Promise<T>) => run },
    log: { error: vi.fn() },
  }) as unknown as FastifyInstance;

afterEach(() => vi.useRealTimers());

describe('background work in batches', () => {
  it('works a backlog off batch after batch in one tick, and waits for the next once a batch is short', async () => {
    vi.useFakeTimers();
    const batches = [25, 25, 25, 7, 25, 3];
    const handled: number[] = [];
    const work = every('test sweep', () => 1000, async () => {
      const n = batches.shift() ?? 0;
      handled.push(n);
      return n;
    }, { batch: (n) => ({ handled: n, batch: 25 }) });
    const stop = await work(fakeApp());
    await vi.advanceTimersByTimeAsync(1000);
    expect(handled).toEqual([25, 25, 25, 7]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(handled).toEqual([25, 25, 25, 7, 25, 3]);
    await stop();
  });

  it('without a batch size, runs once a tick however much it did', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const stop = await every('test sweep', () => 1000, async () => {
      runs += 1;
      return 25;
    })(fakeApp());
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(3);
    await stop();
  });

  it('stops draining when stopped, and after its time budget until the next tick', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const slow = every('endless sweep', () => 60_000, async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return 25;
    }, { batch: (n) => ({ handled: n, batch: 25 }) });
    const stop = await slow(fakeApp());
    await vi.advanceTimersByTimeAsync(60_000 + DRAIN_BUDGET_MS + 5000);
    // One run a second for the budget, then nothing until the next tick.
    expect(runs).toBe(DRAIN_BUDGET_MS / 1000);
    const stopping = stop();
    await vi.advanceTimersByTimeAsync(60_000);
    await stopping;
    const afterStop = runs;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toBe(afterStop);
  });
});
