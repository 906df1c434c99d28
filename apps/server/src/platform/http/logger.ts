import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { Config } from '../../config.ts';

/** Query parameters whose values are secrets: the mailed links' tokens and the sign-in provider's code and state. */
const SECRET_QUERY = /([?&](?:token|code|state)=)[^&#]*/gi;
/** The reset link carries its token in the path. */
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/i;

/** A URL as it may be logged: the tokens of reset, verification, invitation and deletion links replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');

/** A message as it may be logged: no e-mail address (whose account exists is itself worth hiding). */
export const redactEmails = (text: string) => text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[e-mail]');

/**
 * The server's log settings: JSON lines for machines (a log collector, a file, CI), readable lines through
 * pino-pretty when a person watches a terminal. Request lines carry the URL with its secrets redacted.
 */
export function loggerOptions(config: Config, pretty = false): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } }
      : {}),
  };
}
