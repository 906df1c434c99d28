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

/**
 * Operator endpoints (/api/operator/*) answer only on the loopback interface and only with the operator token:
 * they let the CLI work through the running server instead of opening its embedded database behind its back.
 */
export function requireOperator(request: FastifyRequest) {
  if (!fromLoopback(request) || !hasBearer(request, operatorToken(request.server.config))) throw hidden(request);
}

/** Sent from this machine, not relayed by a proxy on it. */
export const fromLoopback = (request: FastifyRequest) =>
  LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function hasBearer(request: FastifyRequest, token: string): boolean {
  const expected = Buffer.from(token);
  const given = Buffer.from((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a guarded endpoint answers to those it is not for: the 404 of a path that does not exist. */
export const hidden = (request: FastifyRequest) =>
  new AppError(404, 'NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}.`);
