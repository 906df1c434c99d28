import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MigrationReport } from '@portal/contracts/migration';
import { MIGRATION_PROGRESS_STREAM as NDJSON, migrationRoutes as route } from '@portal/contracts/routes';
import { AppError } from '../../platform/http/errors.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { uploadStorage } from '../uploads/index.ts';
import { migrate, type MigrationProgress } from './apply.ts';

/** Exports of a whole business can be large. */
const MIGRATION_BODY_LIMIT = 512 * 1024 * 1024;
/** The streamed answer sends at most one progress line per this many milliseconds (and the last of each stage). */
const PROGRESS_EVERY_MS = 200;

/** The operator's migration from the original system (loopback + operator token). */
export async function migrationRoutes(app: FastifyInstance) {
  registerRoute(
    app,
    route.migrateFromOriginal,
    async (request, reply) => {
      const run = (onProgress: (p: MigrationProgress) => void) =>
        migrate(app.db, request.body, {
          storage: uploadStorage(app.config),
          now: app.clock(),
          squareSandbox: app.config.SQUARE_ENVIRONMENT === 'local',
          onProgress,
        });
      if (!request.headers.accept?.includes(NDJSON))
        return run((p) => request.log.debug(p, 'migration progress'));
      return streamProgress(request, reply, run);
    },
    { bodyLimit: MIGRATION_BODY_LIMIT },
  );
}

/**
 * The streamed answer (route description): nothing is sent until the first progress, so a run refused before any
 * work answers as without streaming; from then on 200 with one JSON object a line, `{"progress"}` lines, then
 * `{"report"}` or `{"error": {code, message}}`.
 */
function streamProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (onProgress: (p: MigrationProgress) => void) => Promise<MigrationReport>,
): Promise<FastifyReply> {
  let stream: PassThrough | null = null;
  let sentAt = 0;
  let held: MigrationProgress | null = null;
  const line = (value: unknown) => {
    if (stream && !stream.destroyed) stream.write(`${JSON.stringify(value)}\n`);
  };
  const flush = () => {
    if (held) line({ progress: held });
    held = null;
    sentAt = Date.now();
  };
  return new Promise((resolve, reject) => {
    const start = () => {
      stream = new PassThrough();
      resolve(reply.header('content-type', `${NDJSON}; charset=utf-8`).header('cache-control', 'no-cache').send(stream));
    };
    run((progress) => {
      if (!stream) start();
      held = progress;
      if (progress.done === progress.total || Date.now() - sentAt >= PROGRESS_EVERY_MS) flush();
    }).then(
      (report) => {
        if (!stream) start();
        flush();
        line({ report });
        stream!.end();
      },
      (error: unknown) => {
        if (!stream) return reject(error);
        flush();
        if (error instanceof AppError) line({ error: { code: error.code, message: error.message } });
        else {
          request.log.error({ err: error }, 'migration failed');
          line({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
        }
        stream.end();
      },
    );
  });
}
