import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { outboxFor } from './notify-helpers.ts';
import { call, signUpStaff, waitFor } from './staff-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2026-02-01T09:00:00Z');
const tick = (ms: number) => (now = new Date(now.getTime() + ms));
let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

type Stage = { id: string; position: number; name: string; launches: boolean; expectedAt: number | null; reachedAt: number | null };
const createProject = async (owner: TestUser, fields: Record<string, unknown> = {}) => {
  const res = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: owner.id, projectName: 'Bakery App', businessName: 'Rosa Bakes', ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.projectId as string;
};
const stagesOf = async (projectId: string) => (await call(ctx.app, staff, 'GET', `/api/staff/projects/${projectId}/stages`)).body as { stages: Stage[]; currentStageId: string | null };
const reach = (projectId: string, stageId: string) => call(ctx.app, staff, 'POST', `/api/staff/projects/${projectId}/stages/${stageId}/reached`);
const auditOf = async (entityId: string) =>
  (await ctx.database.sql.query<{ action: string; actor_id: string }>(`SELECT action, actor_id FROM audit_log WHERE entity_id = $1 ORDER BY created_at, action`, [entityId])).map((r) => [r.action, r.actor_id]);

describe('a project’s stages', () => {
  it('are copied from the templates in order when staff create a project, the first dated from its creation', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await createProject(owner);
    const { stages, currentStageId } = await stagesOf(projectId);
    expect(stages.map((s) => [s.position, s.name, s.launches])).toEqual([
      [0, 'Design', false],
      [1, 'Build', false],
      [2, 'Review', false],
      [3, 'Store submission', false],
      [4, 'Published', true],
    ]);
    expect(stages.map((s) => s.expectedAt)).toEqual([now.getTime() + 7 * DAY, null, null, null, null]);
    expect(currentStageId).toBe(stages[0]!.id);
    // The owner reads the same; anyone else gets the answer a missing project gets.
    expect((await call(ctx.app, owner, 'GET', `/api/projects/${projectId}/stages`)).body).toEqual({ stages, currentStageId });
    const stranger = await signUp(ctx.app);
    const theirs = await call(ctx.app, stranger, 'GET', `/api/projects/${projectId}/stages`);
    expect([theirs.status, theirs.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await call(ctx.app, stranger, 'GET', `/api/projects/missing/stages`)).status).toBe(404);
    expect((await call(ctx.app, owner, 'GET', `/api/staff/projects/${projectId}/stages`)).status).toBe(403);
  });

  it('reaching one stamps it, dates the next from its days, mails the owner and audits; a second reach is refused', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await createProject(owner, { projectName: 'Flower Shop' });
    const [design, build] = (await stagesOf(projectId)).stages;
    tick(3 * DAY);
    const reached = await reach(projectId, design!.id);
    expect(reached.status).toBe(200);
    expect(reached.body).toMatchObject({ id: design!.id, reachedAt: now.getTime() });
    const after = await stagesOf(projectId);
    expect(after.stages[1]).toMatchObject({ id: build!.id, expectedAt: now.getTime() + 14 * DAY, reachedAt: null });
    expect(after.currentStageId).toBe(build!.id);
    const [mail] = await outboxFor(ctx, owner.email, 'project-stage-reached');
    expect(mail!.subject).toBe('Flower Shop: Design reached');
    expect(mail!.text_body).toContain('Next: Build, expected by');
    expect(await auditOf(design!.id)).toEqual([['stage.reach', staff.id]]);

    const again = await reach(projectId, design!.id);
    expect([again.status, again.body.error.code]).toEqual([409, 'STAGE_ALREADY_REACHED']);
    expect(await outboxFor(ctx, owner.email, 'project-stage-reached')).toHaveLength(1);
    const missing = await reach(projectId, 'no-such-stage');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'STAGE_NOT_FOUND']);
    // A stage of another project is not found through this one.
    const otherProject = await createProject(owner);
    const [otherDesign] = (await stagesOf(otherProject)).stages;
    expect((await reach(projectId, otherDesign!.id)).body.error.code).toBe('STAGE_NOT_FOUND');
  });

  it('reaching the same stage twice at once stamps it once and mails once', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await createProject(owner);
    const [design] = (await stagesOf(projectId)).stages;
    const answers = await Promise.all([reach(projectId, design!.id), reach(projectId, design!.id), reach(projectId, design!.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await outboxFor(ctx, owner.email, 'project-stage-reached')).toHaveLength(1);
    expect(await auditOf(design!.id)).toEqual([['stage.reach', staff.id]]);
  });

  it('sends no stage mail to an owner who turned stage e-mails off', async () => {
    const owner = await signUp(ctx.app);
    const prefs = { supportReplies: true, projectUpdates: true, renewalReminders: true, projectPreviews: true, projectDecisions: true, projectStages: false };
    expect((await call(ctx.app, owner, 'PUT', '/api/me/mail-preferences', prefs)).status).toBe(200);
    const projectId = await createProject(owner);
    const [design] = (await stagesOf(projectId)).stages;
    expect((await reach(projectId, design!.id)).status).toBe(200);
    expect(await outboxFor(ctx, owner.email, 'project-stage-reached')).toEqual([]);
  });

  it('reaching the launch stage publishes the project once, with its mail; an already published project is left as it is', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await createProject(owner, { projectName: 'Launch App' });
    const launch = (await stagesOf(projectId)).stages.find((s) => s.launches)!;
    tick(DAY);
    expect((await reach(projectId, launch.id)).status).toBe(200);
    const project = (await call(ctx.app, owner, 'GET', `/api/projects/${projectId}`)).body;
    expect([project.releaseStatus, project.publishedTimestamp]).toEqual(['PUBLISHED', now.getTime()]);
    expect((await outboxFor(ctx, owner.email, 'project-published')).map((m) => m.subject)).toEqual(['Launch App is published']);
    expect((await auditOf(projectId)).map(([action]) => action)).toEqual(['project.create', 'project.update']);

    // A project created as published has reached every stage up to the launch, at its publish time (decision 0075).
    const published = await createProject(owner, { projectName: 'Live Already', releaseStatus: 'PUBLISHED' });
    const publishedAt = (await call(ctx.app, owner, 'GET', `/api/projects/${published}`)).body.publishedTimestamp;
    const stages = (await stagesOf(published)).stages;
    expect(stages.map((s) => s.reachedAt)).toEqual(stages.map(() => publishedAt));
    tick(DAY);
    const live = stages.find((s) => s.launches)!;
    const again = await reach(published, live.id);
    expect([again.status, again.body.error.code]).toEqual([409, 'STAGE_ALREADY_REACHED']);
    expect((await call(ctx.app, owner, 'GET', `/api/projects/${published}`)).body.publishedTimestamp).toBe(publishedAt);
    // Only the mail of its creation as published: the launch stage sent none.
    expect((await outboxFor(ctx, owner.email, 'project-published')).map((m) => m.subject).sort()).toEqual(['Launch App is published', 'Live Already is published']);
  });

  it('staff add, edit, move and remove a project’s stages; a date set by hand is kept when the stage before is reached', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await createProject(owner);
    const [design, build, review] = (await stagesOf(projectId)).stages;
    const added = await call(ctx.app, staff, 'POST', `/api/staff/projects/${projectId}/stages`, { name: 'Beta test', position: 2 });
    expect(added.status).toBe(201);
    expect((await stagesOf(projectId)).stages.map((s) => s.name)).toEqual(['Design', 'Build', 'Beta test', 'Review', 'Store submission', 'Published']);

    const handDate = now.getTime() + 30 * DAY;
    const edited = await call(ctx.app, staff, 'PATCH', `/api/staff/projects/${projectId}/stages/${build!.id}`, { name: 'Build the app', expectedAt: handDate, position: 0 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Build the app', expectedAt: handDate, position: 0 });
    expect((await stagesOf(projectId)).stages.map((s) => s.name)).toEqual(['Build the app', 'Design', 'Beta test', 'Review', 'Store submission', 'Published']);
    // Reaching Build (now first) dates the stage after it, Design, from Design's days.
    expect((await reach(projectId, build!.id)).status).toBe(200);
    expect((await stagesOf(projectId)).stages[1]).toMatchObject({ id: design!.id, expectedAt: now.getTime() + 7 * DAY });

    // A reached date given by hand reaches the stage as "Mark reached" does.
    const reachedAt = now.getTime() - DAY;
    const byHand = await call(ctx.app, staff, 'PATCH', `/api/staff/projects/${projectId}/stages/${design!.id}`, { reachedAt });
    expect(byHand.body.reachedAt).toBe(reachedAt);
    expect((await stagesOf(projectId)).stages[2]).toMatchObject({ id: added.body.id, expectedAt: null });
    expect(await outboxFor(ctx, owner.email, 'project-stage-reached')).toHaveLength(2);
    // Review's date set by hand stays when Beta test, before it, is reached; without it Review would be 5 days on.
    const reviewDate = now.getTime() + 60 * DAY;
    await call(ctx.app, staff, 'PATCH', `/api/staff/projects/${projectId}/stages/${review!.id}`, { expectedAt: reviewDate });
    expect((await reach(projectId, added.body.id)).status).toBe(200);
    expect((await stagesOf(projectId)).stages[3]).toMatchObject({ id: review!.id, expectedAt: reviewDate });
    // Taking the stamp off is an edit, not a reach.
    expect((await call(ctx.app, staff, 'PATCH', `/api/staff/projects/${projectId}/stages/${design!.id}`, { reachedAt: null })).body.reachedAt).toBeNull();

    expect((await call(ctx.app, staff, 'DELETE', `/api/staff/projects/${projectId}/stages/${review!.id}`)).status).toBe(204);
    const left = (await stagesOf(projectId)).stages;
    expect(left.map((s) => s.position)).toEqual([0, 1, 2, 3, 4]);
    expect(left.map((s) => s.id)).not.toContain(review!.id);
    const gone = await call(ctx.app, staff, 'DELETE', `/api/staff/projects/${projectId}/stages/${review!.id}`);
    expect([gone.status, gone.body.error.code]).toEqual([404, 'STAGE_NOT_FOUND']);
    expect((await call(ctx.app, staff, 'PATCH', `/api/staff/projects/${projectId}/stages/${design!.id}`, { name: '' })).status).toBe(400);
    expect((await call(ctx.app, staff, 'POST', `/api/staff/projects/missing/stages`, { name: 'X' })).status).toBe(404);

    expect(await auditOf(added.body.id)).toEqual([['stage.create', staff.id], ['stage.reach', staff.id]]);
    expect(await auditOf(build!.id)).toEqual([['stage.reach', staff.id], ['stage.update', staff.id]]);
    expect(await auditOf(review!.id)).toEqual([['stage.delete', staff.id], ['stage.update', staff.id]]);
  });
});

describe('the Action Center', () => {
  it('shows a project whose preview waits for the customer’s decision, and no longer once decided', async () => {
    const owner = await signUp(ctx.app);
    const actions = async () => (await call(ctx.app, owner, 'GET', '/api/dashboard/actions')).body.actions;
    expect(await actions()).toEqual([{ kind: 'choose-plan' }]);
    const projectId = await createProject(owner, { projectName: 'Cafe App' });
    const [design] = (await stagesOf(projectId)).stages;
    const review = (id: string, kind: string, round: number) =>
      ctx.database.sql.query(
        `INSERT INTO project_reviews (id, project_id, stage_id, round, kind, author_role, author_name, created_at) VALUES ($1, $2, $3, $4, $5, 'staff', 'Sam', now())`,
        [id, projectId, design!.id, round, kind],
      );
    await review(`${projectId}-p1`, 'preview', 1);
    const waiting = { kind: 'review-preview', projectId, projectName: 'Cafe App', stageName: 'Design' };
    expect(await actions()).toEqual([{ kind: 'choose-plan' }, waiting]);
    await review(`${projectId}-d1`, 'changes_requested', 1);
    expect(await actions()).toEqual([{ kind: 'choose-plan' }]);
    await review(`${projectId}-p2`, 'preview', 2);
    expect(await actions()).toEqual([{ kind: 'choose-plan' }, waiting]);
    // Another customer's waiting preview is not theirs to see.
    const stranger = await signUp(ctx.app);
    expect((await call(ctx.app, stranger, 'GET', '/api/dashboard/actions')).body.actions).toEqual([{ kind: 'choose-plan' }]);
    // Removing the stage takes its rounds with it, and the owner's open dashboard is told.
    const seen: string[] = [];
    const stop = ctx.app.changeFeed.subscribe((change) => seen.push(change.topic));
    expect((await call(ctx.app, staff, 'DELETE', `/api/staff/projects/${projectId}/stages/${design!.id}`)).status).toBe(204);
    await waitFor(() => seen.includes(`dashboard:${owner.id}`));
    stop();
    expect(await actions()).toEqual([{ kind: 'choose-plan' }]);
  });
});
