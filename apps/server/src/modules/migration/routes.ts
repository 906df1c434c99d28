import type { FastifyInstance } from 'fastify';
import { migrationRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { uploadStorage } from '../uploads/index.ts';
import { migrate } from './apply.ts';

/** Exports of a whole business can be large. */
const MIGRATION_BODY_LIMIT = 512 * 1024 * 1024;

/** The operator's migration from the original system (loopback + operator token). */
export async function migrationRoutes(app: FastifyInstance) {
  registerRoute(
    app,
    route.migrateFromOriginal,
    async (request) =>
      migrate(app.db, request.body, {
        storage: uploadStorage(app.config),
        now: app.clock(),
        squareSandbox: app.config.SQUARE_ENVIRONMENT === 'local',
        onProgress: (p) => request.log.debug(p, 'migration progress'),
      }),
    { bodyLimit: MIGRATION_BODY_LIMIT },
  );
}
