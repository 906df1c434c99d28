import type { LoggerOptions } from 'pino';
import type { Config } from '../../config.ts';

/**
 * The server's log settings: JSON lines for machines (a log collector, a file, CI), readable lines through
 * pino-pretty when a person watches a terminal.
 */
export function loggerOptions(config: Config, pretty = false): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } }
      : {}),
  };
}
