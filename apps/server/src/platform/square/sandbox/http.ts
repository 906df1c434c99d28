import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { LOCAL_SQUARE } from '../local.ts';
import { sandboxIdempotency } from './schema.ts';
import type { SquareErrorBody } from './test-values.ts';

/** An answer of the sandbox: Square's status code and JSON body. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export const errorAnswer = (status: number, ...errors: SquareErrorBody[]): Answer => ({ status, body: { errors } });

export const send = (reply: FastifyReply, answer: Answer) => reply.code(answer.status).send(answer.body);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id in Square's style (letters and digits). */
export function squareId(length = 26): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** Square checks the bearer token on every call; so does the sandbox. */
export function authorized(request: FastifyRequest): boolean {
  const expected = Buffer.from(`Bearer ${request.server.config.SQUARE_ACCESS_TOKEN ?? LOCAL_SQUARE.accessToken}`);
  const given = Buffer.from(request.headers.authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const UNAUTHORIZED = errorAnswer(401, {
  category: 'AUTHENTICATION_ERROR',
  code: 'UNAUTHORIZED',
  detail: 'This request could not be authorized.',
});

/** A request body checked against a schema; the first problem answers as Square names it. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): { ok: true; value: T } | { ok: false; answer: Answer } {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  const given = issue.path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), body);
  const missing = issue.code === 'invalid_type' && given === undefined;
  return {
    ok: false,
    answer: errorAnswer(400, {
      category: 'INVALID_REQUEST_ERROR',
      code: missing ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_VALUE',
      detail: missing ? `Field must be set` : issue.message,
      field,
    }),
  };
}

/** A stable fingerprint of a request body: same content, same fingerprint, whatever the key order. */
function fingerprint(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)]))
        : v;
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

/** Answers worth replaying: successes, and the card's own failures (declines and the like). */
const isOutcome = (answer: Answer) =>
  answer.status === 200 ||
  (answer.body.errors as SquareErrorBody[] | undefined)?.some((e) => e.category === 'PAYMENT_METHOD_ERROR') === true;

/**
 * Square's idempotency: the same key with the same body answers the first answer again; the same key with another
 * body is refused. A transaction-scoped advisory lock serialises concurrent requests with one key.
 */
export async function idempotent(
  db: Db,
  endpoint: string,
  key: string,
  body: unknown,
  work: (tx: Db) => Promise<Answer>,
): Promise<Answer> {
  const hash = fingerprint(body);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${endpoint} ${key}`}))`);
    const [prior] = await tx
      .select()
      .from(sandboxIdempotency)
      .where(and(eq(sandboxIdempotency.endpoint, endpoint), eq(sandboxIdempotency.idempotencyKey, key)));
    if (prior) {
      if (prior.requestHash === hash) return { status: prior.statusCode, body: prior.response };
      return errorAnswer(400, {
        category: 'INVALID_REQUEST_ERROR',
        code: 'IDEMPOTENCY_KEY_REUSED',
        detail: 'The idempotency key can only be retried with the same request data.',
        field: 'idempotency_key',
      });
    }
    const answer = await work(tx as unknown as Db);
    if (isOutcome(answer)) {
      await tx.insert(sandboxIdempotency).values({ endpoint, idempotencyKey: key, requestHash: hash, statusCode: answer.status, response: answer.body });
    }
    return answer;
  });
}
