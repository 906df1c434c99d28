import type { FastifyInstance } from 'fastify';
import type { BackgroundWork } from './start.ts';

/** How long one round may go on working off a backlog, batch after batch, before it waits for the next tick. */
export const DRAIN_BUDGET_MS = 20_000;

/**
 * Background work that runs `run` every `intervalOf(app)` ms (0 turns it off), never two rounds at once in one
 * process, each round counted in the metrics; instances coordinate through the database, not through this timer.
 * With `batch`, `run` answers how many items it handled: while it handles a whole batch (more are waiting: 100,000
 * renewals due in one minute, the mails they queue), it runs again at once rather than one batch per tick, until the
 * backlog is done, DRAIN_BUDGET_MS has passed, or the work is stopped.
 */
export function every<T>(
  name: string,
  intervalOf: (app: FastifyInstance) => number,
  run: (app: FastifyInstance) => Promise<T>,
  options: { batch?: (result: T) => { handled: number; batch: number } } = {},
): BackgroundWork {
  return async (app) => {
    const interval = intervalOf(app);
    if (interval === 0) return () => undefined;
    let stopped = false;
    const round = async () => {
      const started = Date.now();
      for (;;) {
        const result = await app.metrics.countSweep(name, run(app));
        const size = options.batch?.(result);
        if (!size || size.handled < size.batch || stopped || Date.now() - started >= DRAIN_BUDGET_MS) return;
      }
    };
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = round()
        .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
        .finally(() => (running = null));
    }, interval);
    timer.unref();
    return async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    };
  };
}
