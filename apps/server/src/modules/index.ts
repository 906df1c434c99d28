import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/routes.ts';

/** Every feature module's routes, in registration order. */
export const modules: FastifyPluginAsync[] = [accountRoutes];
