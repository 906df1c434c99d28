import type { FastifyInstance } from 'fastify';

/** A piece of background work (sweeps, first-start imports); returns how to stop it. */
export type BackgroundWork = (app: FastifyInstance) => Promise<() => Promise<void> | void>;

/** Starts the given work in order (the app names it: `backgroundWork` in app.ts). */
export async function startBackgroundWork(
  app: FastifyInstance,
  work: readonly BackgroundWork[],
): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void> | void> = [];
  for (const start of work) stops.push(await start(app));
  return async () => {
    for (const stop of stops) await stop();
  };
}
