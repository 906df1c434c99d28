import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from './errors.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Where the running server leaves its operator token for the CLI on the same machine. */
export const operatorTokenFile = (config: Config) => path.join(config.dataDir, 'operator-token');

/** OPERATOR_TOKEN, or one made at start and written (mode 600) under DATA_DIR for `npm run portal`. */
export function operatorToken(config: Config): string {
  if (config.OPERATOR_TOKEN) return config.OPERATOR_TOKEN;
  const file = operatorTokenFile(config);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const token = randomBytes(24).toString('hex');
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}

/** A request made on this machine, not relayed by a proxy. */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
}

/**
 * Operator endpoints (/api/operator/*) answer only on the loopback interface and only with the operator token:
 * they let the CLI work through the running server instead of opening its embedded database behind its back.
 */
export function requireOperator(request: FastifyRequest) {
  const expected = Buffer.from(operatorToken(request.server.config));
  const given = Buffer.from((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
  if (!isLoopbackRequest(request) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError(404, 'NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}.`);
  }
}
