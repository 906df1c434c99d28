import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeStaff, signUp, type TestContext } from './helpers.ts';
import { encodeSegment, fillPath, operationsOf, sampleOf, type JsonSchema, type Operation } from './openapi-helpers.ts';

// Bounded fuzzing of every route of the OpenAPI document: odd path parameters, query strings and JSON bodies, as a
// customer, as staff and signed out. Any 5xx fails. The generator is seeded, so a failure names a reproducible case.
// U+0000 is left out of the alphabet until the input boundary refuses it (issue 16 item 4); add it then.
const SEED = Number(process.env.FUZZ_SEED ?? 16_016);
const REQUESTS_PER_ROUTE = 40;
const OPERATOR_TOKEN = 'fuzz-operator-token-0123456789';
/** Streams that never end by themselves; fuzzing them would only wait. */
const SKIPPED = new Set(['GET /api/events']);

function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T,>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

const ODD_STRINGS = [
  '', ' ', 'a', '0', '-1', '1e309', 'null', 'undefined', 'true', '[]', '{}', '../../etc/passwd', '%00', '%', '%ZZ',
  "' OR 1=1 --", '"; DROP TABLE users; --', '<script>alert(1)</script>', '🙂'.repeat(50), 'é\u0301', '\u202e', '\ud800',
  'x'.repeat(101), 'x'.repeat(5000), 'A'.repeat(70_000), 'ACTIVE', 'PENDING', 'OPEN', 'image/png', 'https://example.com/',
  'javascript:alert(1)', 'someone@example.com', '9'.repeat(30), '2026-02-30', ' padded ', 'line\nbreak', 'tab\there',
  'nul\u0000inside', '\u0000',
];

/**
 * What an HTTP request can carry in a header: Node's parser refuses line breaks and the wire has no characters
 * beyond Latin-1 (injected requests skip that check, so the fuzzer keeps to it).
 */
const headerValue = (value: string) => value.replace(/[\r\n]|[^\x20-\xff]/g, '?').slice(0, 8000);

describe('OpenAPI fuzz', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { RENEWAL_SWEEP_INTERVAL_MS: '0', OPERATOR_TOKEN, AUTH_RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(async () => ctx.close());

  it(`answers ${REQUESTS_PER_ROUTE} odd requests per route without a 5xx (seed ${SEED})`, async () => {
    const rnd = random(SEED);
    const customer = await signUp(ctx.app);
    const staff = await signUp(ctx.app);
    await makeStaff(ctx, staff);
    const agent = await signUp(ctx.app);
    await makeStaff(ctx, agent, undefined, 'agent');
    const operations = (await operationsOf(ctx.app)).filter((op) => !SKIPPED.has(`${op.method} ${op.path}`));
    expect(operations.length).toBeGreaterThan(40);

    const oddValue = (depth = 0): unknown => {
      switch (rnd.int(depth > 2 ? 5 : 8)) {
        case 0:
          return rnd.pick(ODD_STRINGS);
        case 1:
          return rnd.pick([0, -1, 1.5, 2 ** 31, -(2 ** 53), 1e308, Number.MAX_SAFE_INTEGER + 2]);
        case 2:
          return rnd.pick([true, false, null]);
        case 3:
          return rnd.pick(ODD_STRINGS).slice(0, 10);
        case 4:
          return '';
        case 5:
          return Array.from({ length: rnd.int(4) }, () => oddValue(depth + 1));
        case 6:
          return Object.fromEntries(Array.from({ length: rnd.int(4) }, () => [rnd.pick(['a', '__proto__', 'constructor', 'id', 'x'.repeat(300)]), oddValue(depth + 1)]));
        default:
          return { nested: oddValue(depth + 1) };
      }
    };
    /** A body: the route's own shape with some fields made odd, or something else entirely. */
    const oddBody = (schema: JsonSchema | undefined): unknown => {
      const base = sampleOf(schema);
      if (rnd.next() < 0.25 || typeof base !== 'object' || base === null || Array.isArray(base)) return oddValue();
      const body: Record<string, unknown> = { ...(base as Record<string, unknown>) };
      const fields = [...new Set([...Object.keys(body), ...Object.keys(schema?.properties ?? {})])];
      for (const field of fields) if (rnd.next() < 0.5) body[field] = oddValue();
      if (rnd.next() < 0.2) body[rnd.pick(['extra', '__proto__', ''])] = oddValue();
      return body;
    };
    const request = (op: Operation) => {
      const who = rnd.pick([customer.cookie, staff.cookie, agent.cookie, undefined]);
      const query = op.queryParams.filter(() => rnd.next() < 0.7).map((p) => `${encodeSegment(p.name)}=${encodeSegment(String(oddValue(3)))}`);
      const url = fillPath(op.path, () => String(rnd.pick(ODD_STRINGS))) + (query.length ? `?${query.join('&')}` : '');
      const headers: Record<string, string> = {};
      if (who) headers.cookie = who;
      if (op.path.startsWith('/api/operator') && rnd.next() < 0.7) headers.authorization = `Bearer ${OPERATOR_TOKEN}`;
      if (op.path.startsWith('/api/uploads')) {
        headers['tus-resumable'] = rnd.pick(['1.0.0', '0.2.2', '']);
        headers['upload-length'] = headerValue(String(oddValue(3)));
        headers['upload-offset'] = headerValue(String(oddValue(3)));
        headers['upload-metadata'] = rnd.pick(['purpose cHJvZmlsZS1waWN0dXJl,targetId eA==', 'purpose', '!!!', `filename ${Buffer.from(rnd.pick(ODD_STRINGS)).toString('base64')}`]);
        headers['content-type'] = rnd.pick(['application/offset+octet-stream', 'application/json']);
        return { method: op.method, url, headers, payload: Buffer.from(rnd.pick(ODD_STRINGS)) };
      }
      const raw = rnd.next() < 0.1;
      if (op.body || op.method !== 'GET') {
        headers['content-type'] = raw ? rnd.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']) : 'application/json';
        return { method: op.method, url, headers, payload: raw ? rnd.pick(ODD_STRINGS) : JSON.stringify(oddBody(op.body)) };
      }
      return { method: op.method, url, headers };
    };

    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      for (let i = 0; i < REQUESTS_PER_ROUTE; i += 1) {
        const req = request(op);
        const res = await ctx.app.inject({ ...req, method: req.method as 'GET' });
        sent += 1;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${req.method} ${req.url.slice(0, 200)} ${JSON.stringify(req.headers).slice(0, 400)} ${String(req.payload ?? '').slice(0, 200)}`);
      }
    }
    expect(sent).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
    // Bounded by count, not by time: every route added makes the run longer, and a loaded machine slower still.
  }, 300_000);
});
