import type { FastifyInstance } from 'fastify';

/** A piece of background work (sweeps, first-start imports); returns how to stop it. */
export type BackgroundWork = (app: FastifyInstance) => Promise<() => Promise<void> | void>;

/** Background work of each module, started once the server is up. Modules add theirs here. */
export const backgroundWork: BackgroundWork[] = [];

export async function startBackgroundWork(app: FastifyInstance): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void> | void> = [];
  for (const work of backgroundWork) stops.push(await work(app));
  return async () => {
    for (const stop of stops) await stop();
  };
}
