import type { FastifyInstance } from 'fastify';
import { backgroundWork } from '../../modules/index.ts';

/** A piece of background work (sweeps, first-start imports); returns how to stop it. */
export type BackgroundWork = (app: FastifyInstance) => Promise<() => Promise<void> | void>;

export async function startBackgroundWork(app: FastifyInstance): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void> | void> = [];
  for (const work of backgroundWork) stops.push(await work(app));
  return async () => {
    for (const stop of stops) await stop();
  };
}
