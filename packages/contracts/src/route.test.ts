import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { RouteInput, RouteOutput } from './route.ts';
import { buildPath, buildUrl, mayCall, routeQueryKey } from './route-helpers.ts';
import { allRoutes, getChat, getPayment, listProjects, routes, startCheckout } from './routes/index.ts';
import { isTopicRoot, topicOf, topicQueryKey, topics } from './topics.ts';
import type { Payment } from './billing.ts';

describe('the route table', () => {
  it('names every endpoint once', () => {
    const keys = allRoutes.map(({ route }) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(allRoutes.length).toBeGreaterThan(60);
  });

  it("keeps every route of every route file in its area's table, none hidden by another of the same name", async () => {
    const files: Record<string, unknown> = await import('./routes/index.ts');
    const groups = Object.entries(files).filter(([name, value]) => name.endsWith('Routes') && typeof value === 'object' && value !== null && !Array.isArray(value));
    expect(groups.length).toBeGreaterThan(20);
    const inTable = new Set<unknown>(allRoutes.map(({ route }) => route));
    const inFiles = new Set<unknown>();
    for (const [groupName, group] of groups) {
      for (const [name, route] of Object.entries(group as object)) {
        expect(inTable.has(route), `${groupName}.${name}`).toBe(true);
        inFiles.add(route);
      }
    }
    // Each once: a route under two names of one area would be two entries (a file's group may gather another's).
    expect(allRoutes.length).toBe(inFiles.size);
  });

  it('declares a params schema naming exactly the path parameters', () => {
    for (const { name, route } of allRoutes) {
      const inPath = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const declared = route.params instanceof z.ZodObject ? Object.keys(route.params.shape).sort() : [];
      if (route.path.startsWith('/square-sandbox')) continue;
      expect(declared, name).toEqual(inPath);
    }
  });

  it('keeps operator endpoints under /api/operator and staff ones behind the staff or admin check', () => {
    for (const { name, route } of allRoutes) {
      expect(route.path.startsWith('/api/operator/'), name).toBe(route.auth === 'operator');
      if (route.path.startsWith('/api/staff/')) expect(['staff', 'admin'], name).toContain(route.auth);
      if (route.topic) expect(isTopicRoot(route.topic), name).toBe(true);
    }
  });

  it('lets each role call what its routes allow: customers no staff route, agents no admin route, admins every one', () => {
    const byAuth = (auth: string) => allRoutes.find(({ route }) => route.auth === auth)!.route;
    expect(mayCall(byAuth('user'), 'customer')).toBe(true);
    expect(mayCall(byAuth('staff'), 'customer')).toBe(false);
    expect(mayCall(byAuth('staff'), 'agent')).toBe(true);
    expect(mayCall(byAuth('admin'), 'agent')).toBe(false);
    expect(mayCall(byAuth('admin'), 'admin')).toBe(true);
    expect(mayCall(byAuth('operator'), 'admin')).toBe(false);
  });

  it('gives every route a success answer', () => {
    for (const { name, route } of allRoutes) {
      expect(Object.keys(route.responses).some((s) => Number(s) >= 200 && Number(s) < 300), name).toBe(true);
    }
  });
});

describe('paths and keys', () => {
  it('fills path parameters URI-encoded', () => {
    expect(buildPath(getChat, { chatId: 'a/b c' })).toBe('/api/support/chats/a%2Fb%20c');
    expect(buildPath(routes.onboarding.completeStep, { subscriptionId: 's1', stepId: 'x?' })).toBe(
      '/api/completion-steps/s1/x%3F/complete',
    );
    expect(() => buildPath(getChat, {})).toThrow(/chatId/);
  });

  it('adds the query string', () => {
    expect(buildUrl(listProjects, { query: { sortBy: 'created_newest' } })).toBe('/api/projects?sortBy=created_newest');
    expect(buildUrl(listProjects)).toBe('/api/projects');
  });

  it('keys reads by their topic root, so a live event on the root refetches them', () => {
    expect(routeQueryKey(getPayment, { params: { id: 'p1' } })).toEqual(['payments', 'p1']);
    expect(topicQueryKey(topicOf(topics.payments, 'p1'))).toEqual(['payments']);
    expect(topicQueryKey('help-guides')).toEqual(['help-guides']);
    expect(routeQueryKey(routes.account.getSession)).toEqual(['/api/me']);
    expect(topics.helpGuides).toBe('help-guides');
    expect(topics.deletionRequests).toBe('deletion-requests');
  });

  it('infers the input and output of a route', () => {
    expectTypeOf<RouteOutput<typeof startCheckout>>().toEqualTypeOf<Payment>();
    expectTypeOf<RouteInput<typeof getPayment>['params']>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<RouteInput<typeof startCheckout>['body']>().toHaveProperty('idempotencyKey');
  });
});
