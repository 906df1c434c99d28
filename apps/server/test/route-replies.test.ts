import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@portal/contracts/errors';
import { defineRoute, noContent } from '@portal/contracts/route';
import { registerRoute } from '../src/platform/http/route.ts';

/**
 * A handler's answer is typed by the statuses its route declares. The `@ts-expect-error` lines are the test: were
 * `reply.code()` to take any status or `send()` any body, they would no longer be errors and `npm run typecheck`
 * would fail on them. (A body sent with a 204 is not checked: Fastify reads a `null` reply type as "not given".)
 */
const errors = { 400: errorBodySchema, 404: errorBodySchema };
const createThing = defineRoute({
  method: 'POST',
  path: '/things',
  auth: 'public',
  tags: ['test'],
  summary: 'Make a thing',
  body: z.object({ name: z.string() }),
  responses: { 201: z.object({ id: z.string(), name: z.string() }), ...errors },
});
const deleteThing = defineRoute({
  method: 'DELETE',
  path: '/things/:id',
  auth: 'public',
  tags: ['test'],
  summary: 'Delete a thing',
  params: z.object({ id: z.string() }),
  responses: { 204: noContent, ...errors },
});

async function appWithThings() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRoute(app, createThing, async (request, reply) => {
    if (request.body.name === 'teapot') {
      // @ts-expect-error 418 is not a status this route declares
      return reply.code(418).send(null);
    }
    if (request.body.name === 'nameless') {
      // @ts-expect-error a 201 answer has an id and a name
      return reply.code(201).send({ id: 'thing-1' });
    }
    return reply.code(201).send({ id: 'thing-1', name: request.body.name });
  });
  registerRoute(app, deleteThing, async (request, reply) => {
    if (request.params.id === 'missing') return reply.code(404).send({ error: { code: 'THING_NOT_FOUND', message: 'No such thing' } });
    // @ts-expect-error 201 is not a status this route declares
    if (request.params.id === 'recreate') return reply.code(201).send(null);
    return reply.code(204).send(null);
  });
  await app.ready();
  return app;
}

describe('replies typed by the route table', () => {
  it('answers with the statuses and bodies the route declares', async () => {
    const app = await appWithThings();
    const created = await app.inject({ method: 'POST', url: '/things', payload: { name: 'lamp' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 'thing-1', name: 'lamp' });
    const missing = await app.inject({ method: 'DELETE', url: '/things/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'THING_NOT_FOUND', message: 'No such thing' } });
    expect((await app.inject({ method: 'DELETE', url: '/things/lamp' })).statusCode).toBe(204);
    await app.close();
  });
});
