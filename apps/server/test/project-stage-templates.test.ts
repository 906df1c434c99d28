import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { call, signUpStaff, waitFor } from './staff-helpers.ts';

let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

type Template = { id: string; position: number; name: string; expectedDays: number | null; launches: boolean };
const templates = async () => (await call(ctx.app, staff, 'GET', '/api/staff/stage-templates')).body.templates as Template[];
const auditOf = async (entityId: string) =>
  (await ctx.database.sql.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_type = 'stage_template' AND entity_id = $1 ORDER BY created_at, action`, [entityId])).map((r) => r.action);
const newProjectStages = async () => {
  const owner = await signUp(ctx.app);
  const project = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: owner.id, projectName: 'App' });
  return (await call(ctx.app, staff, 'GET', `/api/staff/projects/${project.body.projectId}/stages`)).body.stages.map((s: { name: string }) => s.name);
};

describe('stage templates editor', () => {
  it('starts with the default stages, and creates, edits, reorders and deletes them for new projects only, audited', async () => {
    expect((await templates()).map((t) => [t.name, t.expectedDays, t.launches])).toEqual([
      ['Design', 7, false],
      ['Build', 14, false],
      ['Review', 5, false],
      ['Store submission', 3, false],
      ['Published', 7, true],
    ]);
    const earlier = await newProjectStages();
    const seen: Array<{ topic: string; audience: unknown }> = [];
    const stop = ctx.app.changeFeed.subscribe((change) => seen.push(change));
    const created = await call(ctx.app, staff, 'POST', '/api/staff/stage-templates', { name: '  Beta test ', expectedDays: 10, launches: false });
    await waitFor(() => seen.length > 0);
    stop();
    expect(seen).toEqual([{ topic: 'stage-templates', audience: { staff: true } }]);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Beta test', position: 5, expectedDays: 10, launches: false });
    const id = created.body.id as string;

    const updated = await call(ctx.app, staff, 'PUT', `/api/staff/stage-templates/${id}`, { name: 'Beta', expectedDays: null, launches: false });
    expect(updated.body).toMatchObject({ id, name: 'Beta', expectedDays: null });

    const ids = (await templates()).map((t) => t.id);
    const order = [id, ...ids.filter((other) => other !== id)];
    const reordered = await call(ctx.app, staff, 'PUT', '/api/staff/stage-template-order', { ids: order });
    expect(reordered.status).toBe(200);
    expect(reordered.body.templates.map((t: Template) => [t.id, t.position])).toEqual(order.map((t, i) => [t, i]));
    expect(await newProjectStages()).toEqual(['Beta', 'Design', 'Build', 'Review', 'Store submission', 'Published']);

    expect((await call(ctx.app, staff, 'DELETE', `/api/staff/stage-templates/${id}`)).status).toBe(204);
    expect(await newProjectStages()).toEqual(['Design', 'Build', 'Review', 'Store submission', 'Published']);
    expect(earlier).toEqual(['Design', 'Build', 'Review', 'Store submission', 'Published']);
    expect(await auditOf(id)).toEqual(['stage_template.create', 'stage_template.update', 'stage_template.move', 'stage_template.delete']);
  });

  it('refuses bad input, unknown templates and an incomplete order with stable codes, writing nothing', async () => {
    const before = await templates();
    for (const bad of [{ name: '', expectedDays: 1, launches: false }, { name: 'X', expectedDays: -1, launches: false }, { name: 'X', expectedDays: 1.5, launches: false }, { name: 'X'.repeat(81), expectedDays: null, launches: false }]) {
      const res = await call(ctx.app, staff, 'POST', '/api/staff/stage-templates', bad);
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const missing = await call(ctx.app, staff, 'PUT', '/api/staff/stage-templates/nope', { name: 'X', expectedDays: null, launches: false });
    expect([missing.status, missing.body.error.code]).toEqual([404, 'STAGE_TEMPLATE_NOT_FOUND']);
    expect((await call(ctx.app, staff, 'DELETE', '/api/staff/stage-templates/nope')).body.error.code).toBe('STAGE_TEMPLATE_NOT_FOUND');
    const ids = before.map((t) => t.id);
    for (const order of [ids.slice(1), [...ids.slice(1), 'nope'], [ids[0]!, ...ids.slice(0, -1)]]) {
      const res = await call(ctx.app, staff, 'PUT', '/api/staff/stage-template-order', { ids: order });
      expect([res.status, res.body.error.code]).toEqual([400, 'STAGE_ORDER_MISMATCH']);
    }
    expect(await templates()).toEqual(before);
    const customer = await signUp(ctx.app);
    expect((await call(ctx.app, customer, 'GET', '/api/staff/stage-templates')).status).toBe(403);
  });

  it('creates concurrent templates at distinct positions, and no more than the limit', async () => {
    const made = await Promise.all(['One', 'Two', 'Three'].map((name) => call(ctx.app, staff, 'POST', '/api/staff/stage-templates', { name, expectedDays: 1, launches: false })));
    expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
    const positions = (await templates()).map((t) => t.position);
    expect(new Set(positions).size).toBe(positions.length);
    while ((await templates()).length < 30) await call(ctx.app, staff, 'POST', '/api/staff/stage-templates', { name: 'More', expectedDays: null, launches: false });
    const over = await call(ctx.app, staff, 'POST', '/api/staff/stage-templates', { name: 'Too many', expectedDays: null, launches: false });
    expect([over.status, over.body.error.code]).toEqual([409, 'TOO_MANY_STAGES']);
  });
});
