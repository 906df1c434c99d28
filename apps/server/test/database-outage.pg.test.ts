import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { listPayments } from '@portal/contracts/routes';
import { createTestApp, nextAddress, signUp, type TestContext } from './helpers.ts';

// PostgreSQL only: the server reaches its database through a TCP proxy that the test cuts (every connection ended,
// new ones refused, as during a restart) and opens again.
const target = new URL(process.env.TEST_DATABASE_URL!);

function databaseProxy() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  let port = 0;
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    start: async () => {
      await listen();
      port = (server.address() as net.AddressInfo).port;
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

describe('with the database away', () => {
  const proxy = databaseProxy();
  let ctx: TestContext;
  afterAll(async () => {
    await ctx?.close();
    await proxy.stop();
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After at once, never 500 or a hang, and recovers by itself within 5 s', async () => {
    ctx = await createTestApp({ databaseUrl: await proxy.start(), env: { SESSION_CACHE_MS: '600000' } });
    const user = await signUp(ctx.app);
    const payments = () => ctx.app.inject({ method: 'GET', url: listPayments.path, headers: { cookie: user.cookie } });
    expect((await payments()).statusCode).toBe(200);

    const resynced = new Promise<void>((resolve) => ctx.app.sessionCache.onResync(resolve));
    await proxy.cut();
    const started = Date.now();
    const away = await payments();
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toMatchObject({ error: { code: 'DATABASE_UNAVAILABLE' } });
    // Once the instance knows its notifications are lost it trusts no cached session and asks the database: a
    // signed-in user is told to try again, never that they are signed out.
    await expect.poll(() => ctx.app.sessionCache.size, { timeout: 3000, interval: 20 }).toBe(0);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(503);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': nextAddress() },
      payload: { email: user.email, password: 'correct-horse-1' },
    });
    expect(signIn.statusCode).toBe(503);
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);

    await proxy.restore();
    const back = Date.now();
    await expect.poll(async () => (await payments()).statusCode, { timeout: 5000, interval: 100 }).toBe(200);
    // The session cache listens to its notifications again (and drops what it built meanwhile).
    await resynced;
    expect(Date.now() - back).toBeLessThan(5000);
  });
});
