import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath } from '@portal/contracts/route-helpers';
import { allRoutes } from '@portal/contracts/routes';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';

let ctx: TestContext;
let customer: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ env: { ALLOW_CLOCK_CONTROL: 'true' } });
  customer = await signUp(ctx.app);
});
afterAll(async () => ctx.close());

const sample = (path: string) =>
  buildPath({ path }, Object.fromEntries([...path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, 'x1'])));
const served = allRoutes.filter(({ route }) => route.path.startsWith('/api/'));

describe('the route table on the server', () => {
  it('registers every route of the table', () => {
    for (const { name, route } of allRoutes) {
      // better-auth's endpoints too: each is listed by its own path (platform/auth/routes.ts), none by a catch-all.
      expect(ctx.app.hasRoute({ method: route.method === 'HEAD' ? 'HEAD' : route.method, url: route.path }), name).toBe(true);
    }
    expect(ctx.app.hasRoute({ method: 'POST', url: '/api/auth/*' })).toBe(false);
  });

  it('answers 401 on every signed-in route without a session, whatever the input', async () => {
    for (const { name, route } of served.filter(
      ({ route }) => route.auth === 'user' || route.auth === 'staff' || route.auth === 'admin',
    )) {
      const res = await ctx.app.inject({
        method: route.method,
        url: sample(route.path),
        payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : { not: 'valid' },
      });
      expect(res.statusCode, name).toBe(401);
      if (route.method !== 'HEAD') expect(res.json().error.code, name).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 on every staff and admin route to a customer', async () => {
    for (const { name, route } of served.filter(({ route }) => route.auth === 'staff' || route.auth === 'admin')) {
      const res = await ctx.app.inject({
        method: route.method,
        url: sample(route.path),
        headers: { cookie: customer.cookie },
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, name).toBe(403);
    }
  });

  it('hides every operator route from callers without the operator token', async () => {
    for (const { name, route } of served.filter(({ route }) => route.auth === 'operator')) {
      const res = await ctx.app.inject({
        method: route.method,
        url: sample(route.path),
        headers: { authorization: 'Bearer wrong' },
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, name).toBe(404);
    }
  });
});
