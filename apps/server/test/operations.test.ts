import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

const METRICS_TOKEN = 'metrics-token-for-the-tests';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN } });
});
afterAll(async () => ctx.close());

const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) => ctx.app.inject({ url: '/metrics', ...options });

describe('/metrics (Prometheus)', () => {
  it('counts requests and latencies by route pattern, not by path', async () => {
    await ctx.app.inject({ url: '/api/plans' });
    await ctx.app.inject({ url: '/api/payments/some-id' });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/plans",status="200"\} 1/);
    expect(res.body).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/payments\/:id",status="401"\} 1/);
    expect(res.body).toContain('portal_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/plans"}');
    expect(res.body).not.toContain('some-id');
  });

  it('reports open event streams, sweep runs and failures, and Node process figures', async () => {
    await ctx.app.metrics.countSweep('renewal sweep', Promise.resolve());
    await expect(ctx.app.metrics.countSweep('renewal sweep', Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    const body = (await scrape()).body;
    expect(body).toContain('portal_event_streams_open 0');
    expect(body).toContain('portal_sweep_runs_total{sweep="renewal sweep"} 2');
    expect(body).toContain('portal_sweep_failures_total{sweep="renewal sweep"} 1');
    expect(body).toContain('portal_process_resident_memory_bytes');
    if (ctx.database.kind === 'postgres') expect(body).toMatch(/portal_db_pool_connections\{state="total"\} \d+/);
  });

  it('reports the e-mail outbox depth', async () => {
    expect((await scrape()).body).toContain('portal_mail_outbox{status="pending"} 0');
    await ctx.app.db.transaction(async (tx) => {
      await ctx.app.mail.queue(tx as never, { kind: 'receipt', to: 'depth@example.com', subject: 'Depth', notice: { heading: 'Depth', paragraphs: ['One.'] } });
    });
    expect((await scrape()).body).toContain('portal_mail_outbox{status="pending"} 1');
    await ctx.app.mail.deliver();
    expect((await scrape()).body).toContain('portal_mail_outbox{status="pending"} 0');
  });

  it('answers only on loopback or with METRICS_TOKEN, and 404 to anyone else', async () => {
    expect((await scrape({ remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer wrong-token-wrong-token-1' } })).statusCode).toBe(404);
    expect((await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(200);
  });
});

describe('a closed app', () => {
  it('is not kept alive by its metrics: Node\'s own figures are collected once per process, not once per app', async () => {
    setFlagsFromString('--expose-gc');
    const collectGarbage = runInNewContext('gc') as () => void;
    let closed: TestContext | undefined = await createTestApp();
    // Scraped once, so that every collector has run for it.
    expect((await closed.app.inject({ url: '/metrics' })).body).toContain('portal_process_resident_memory_bytes');
    const app = new WeakRef(closed.app);
    await closed.close();
    closed = undefined;
    // A WeakRef holds its target until the current job ends: collect on later turns.
    for (let round = 0; round < 5 && app.deref(); round++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      collectGarbage();
    }
    expect(app.deref() === undefined, 'the closed app is still reachable').toBe(true);
  });
});

describe('/readyz while draining', () => {
  it('answers 503 DRAINING once shutdown has begun, while /healthz stays up', async () => {
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    ctx.app.draining = true;
    try {
      const res = await ctx.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('DRAINING');
      expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      ctx.app.draining = false;
    }
  });
});
