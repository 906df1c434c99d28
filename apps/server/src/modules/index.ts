import type { FastifyPluginAsync } from 'fastify';
import type { BackgroundWork } from '../platform/jobs/start.ts';
import { accountRoutes } from './account/routes.ts';

/** Every feature module's routes, in registration order. */
export const modules: FastifyPluginAsync[] = [accountRoutes];

/** Background work of the modules (sweeps, first-start imports), started once the server is up. */
export const backgroundWork: BackgroundWork[] = [];
