import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/**
 * An error meant for the caller: its status, stable code and message are sent as they are, with `details` (fields
 * the route's error schema declares, such as the questions a refusal concerns) beside them.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'FORBIDDEN', message);
export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(400, code, message, details);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

export function registerErrorHandler(app: Pick<FastifyInstance, 'setErrorHandler'>) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ error: { ...error.details, code: error.code, message: error.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? `${first.instancePath.slice(1).replace(/\//g, '.')}: ` : '';
      return reply.code(400).send({
        error: { code: 'VALIDATION_ERROR', message: `${where}${first?.message ?? 'Invalid request.'}` },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = error.code && /^[A-Z0-9_]+$/.test(error.code) ? error.code.replace(/^FST_(ERR_)?/, '') : 'BAD_REQUEST';
      return reply.code(status).send({ error: { code, message: error.message } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ error: { code: 'DATABASE_UNAVAILABLE', message: 'The service is briefly unavailable. Please try again in a few seconds.' } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
  });
}
