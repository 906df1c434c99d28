import type { FastifyInstance } from 'fastify';
import type { BackgroundWork } from './start.ts';

/**
 * Background work that runs `run` every `intervalOf(app)` ms (0 turns it off), never two rounds at once in one
 * process, each round counted in the metrics; instances coordinate through the database, not through this timer.
 */
export function every(name: string, intervalOf: (app: FastifyInstance) => number, run: (app: FastifyInstance) => Promise<unknown>): BackgroundWork {
  return async (app) => {
    const interval = intervalOf(app);
    if (interval === 0) return () => undefined;
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = app.metrics
        .countSweep(name, run(app))
        .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
        .finally(() => (running = null));
    }, interval);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  };
}
