import { describe, expect, it } from 'vitest';
import { eachAtOnce } from '../src/platform/jobs/at-once.ts';

describe('work on a batch, a few at once', () => {
  it('does every item, never more than the limit at a time, and all of them together when they wait', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachAtOnce([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      done.push(n);
      running -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('goes on past a failure, then throws the first one', async () => {
    const done: number[] = [];
    const run = eachAtOnce([1, 2, 3, 4], 2, async (n) => {
      if (n === 2) throw new Error('two failed');
      if (n === 3) throw new Error('three failed');
      done.push(n);
    });
    await expect(run).rejects.toThrow('two failed');
    expect(done.sort()).toEqual([1, 4]);
  });

  it('does nothing with no items', async () => {
    await expect(eachAtOnce([], 4, async () => undefined)).resolves.toBeUndefined();
  });
});
