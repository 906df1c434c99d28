import type { FastifyPluginAsync } from 'fastify';
import type { BackgroundWork } from './jobs/start.ts';

/**
 * A feature module as the app wires it: what it serves and what it runs. Each module's `index.ts` declares one, and
 * `app.ts` registers them from one list, so that a new route plugin or sweep is added in its own module only.
 */
export interface PortalModule {
  readonly name: string;
  /**
   * Its route plugins, registered on the root instance in this order; a plugin may decorate the instance (billing
   * does, with `app.billing`) and registers its own upload purposes.
   */
  readonly routes: readonly FastifyPluginAsync[];
  /** Its background work (sweeps, first-start imports), started in this order by main.ts once the server is built. */
  readonly work?: readonly BackgroundWork[];
}
