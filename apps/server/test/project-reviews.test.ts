import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { kindsFor, outboxFor } from './notify-helpers.ts';
import { projectWithStages, uploadMp4, uploadPng } from './project-review-helpers.ts';
import { call, listen, openTopics, signUpStaff, waitFor } from './staff-helpers.ts';

let now = new Date('2026-04-01T09:00:00Z');
const tick = (ms = 60_000) => (now = new Date(now.getTime() + ms));
let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
  staff = await signUpStaff(ctx, 'admin', 'Sam Support');
});
afterAll(async () => ctx.close());

const preview = (projectId: string, body: Record<string, unknown>, as = staff) => call(ctx.app, as, 'POST', `/api/staff/projects/${projectId}/reviews/previews`, body);
const decide = (owner: TestUser, projectId: string, body: Record<string, unknown>) => call(ctx.app, owner, 'POST', `/api/projects/${projectId}/reviews/decisions`, body);
const approve = (owner: TestUser, projectId: string, stageId: string, round: number) => decide(owner, projectId, { stageId, round, decision: 'approved' });

describe('previews and decisions in rounds', () => {
  it('keeps every round of a stage in order with who said what and when, for both sides', async () => {
    const owner = await signUp(ctx.app, { name: 'Rosa Owner' });
    const { projectId, stages } = await projectWithStages(ctx, staff, owner);
    const image = await uploadPng(ctx, staff, 'project-preview', projectId);
    const video = await uploadMp4(ctx, staff, projectId);
    tick();
    const first = await preview(projectId, { stageId: stages.Design, attachments: [image, video], link: 'https://build.example.com/rosa', note: 'First design.' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const posted = now.getTime();
    expect(first.body.stages.find((s: { stageId: string }) => s.stageId === stages.Design)).toEqual({ stageId: stages.Design, name: 'Design', position: 0, openRound: 1, approvedTimestamp: null });

    const markup = await uploadPng(ctx, owner, 'project-markup', projectId, 'markup.png');
    tick();
    const changes = await decide(owner, projectId, { stageId: stages.Design, round: 1, decision: 'changes_requested', comment: 'Bigger logo, please.', attachments: [markup] });
    expect(changes.status, JSON.stringify(changes.body)).toBe(201);
    expect(changes.body.stages[0].openRound).toBeNull();
    tick();
    expect((await preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/rosa-2' })).status).toBe(201);
    tick();
    const approved = await approve(owner, projectId, stages.Design, 2);
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);

    const history = await call(ctx.app, owner, 'GET', `/api/projects/${projectId}/reviews`);
    expect(history.status).toBe(200);
    expect(history.body.entries.map((e: { round: number; kind: string }) => `${e.round}:${e.kind}`)).toEqual(['1:preview', '1:changes_requested', '2:preview', '2:approved']);
    expect(history.body.entries[0]).toEqual({
      reviewId: expect.any(String),
      stageId: stages.Design,
      stageName: 'Design',
      round: 1,
      kind: 'preview',
      author: { name: 'Sam Support', role: 'staff' },
      timestamp: posted,
      comment: 'First design.',
      link: 'https://build.example.com/rosa',
      attachments: [{ url: `/api/files/${image}`, kind: 'image' }, { url: `/api/files/${video}`, kind: 'video' }],
    });
    expect(history.body.entries[1]).toMatchObject({ author: { name: 'Rosa Owner', role: 'customer' }, comment: 'Bigger logo, please.', attachments: [{ url: `/api/files/${markup}`, kind: 'image' }], timestamp: posted + 60_000 });
    expect(history.body.stages[0]).toMatchObject({ openRound: null, approvedTimestamp: now.getTime() });
    expect(history.body.stages.map((s: { name: string }) => s.name)).toEqual(['Design', 'Build', 'Review', 'Store submission', 'Published']);
    const [stage] = await ctx.database.sql.query<{ approved_by: string }>(`SELECT approved_by FROM project_stages WHERE id = $1`, [stages.Design]);
    expect(stage!.approved_by).toBe(owner.id);
    expect((await call(ctx.app, staff, 'GET', `/api/staff/projects/${projectId}/reviews`)).body).toEqual(history.body);

    // Names are copied into each entry: renaming the author later leaves the history as it was written.
    await ctx.database.sql.query(`UPDATE users SET name = 'Someone Else' WHERE id = $1`, [staff.id]);
    expect((await call(ctx.app, owner, 'GET', `/api/projects/${projectId}/reviews`)).body.entries[0].author.name).toBe('Sam Support');
    await ctx.database.sql.query(`UPDATE users SET name = 'Sam Support' WHERE id = $1`, [staff.id]);
  });

  it('refuses a decision without an open round, a decided or replaced round, and a second approval', async () => {
    const owner = await signUp(ctx.app);
    const { projectId, stages } = await projectWithStages(ctx, staff, owner);
    const refused = async (res: Promise<{ status: number; body: { error: { code: string } } }>, status: number, code: string) => {
      const answer = await res;
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.error.code).toBe(code);
    };
    await refused(approve(owner, projectId, stages.Design, 1), 409, 'NO_PREVIEW_TO_REVIEW');
    await preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/1' });
    await refused(approve(owner, projectId, stages.Design, 2), 409, 'NO_PREVIEW_TO_REVIEW');
    await refused(decide(owner, projectId, { stageId: stages.Design, round: 1, decision: 'changes_requested', comment: '  ' }), 400, 'VALIDATION_ERROR');
    expect((await decide(owner, projectId, { stageId: stages.Design, round: 1, decision: 'changes_requested', comment: 'Darker.' })).status).toBe(201);
    await refused(approve(owner, projectId, stages.Design, 1), 409, 'ROUND_ALREADY_DECIDED');
    await preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/2' });
    await preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/3' });
    await refused(approve(owner, projectId, stages.Design, 2), 409, 'ROUND_SUPERSEDED');
    expect((await approve(owner, projectId, stages.Design, 3)).status).toBe(201);
    await refused(approve(owner, projectId, stages.Design, 3), 409, 'STAGE_ALREADY_APPROVED');
    await refused(preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/4' }), 409, 'STAGE_ALREADY_APPROVED');
    await refused(approve(owner, projectId, 'no-such-stage', 1), 404, 'NOT_FOUND');
    const other = await projectWithStages(ctx, staff, owner, 'Second');
    await refused(preview(projectId, { stageId: other.stages.Design, link: 'https://build.example.com/x' }), 404, 'NOT_FOUND');
    const count = await ctx.database.sql.query(`SELECT id FROM project_reviews WHERE project_id = $1`, [projectId]);
    expect(count).toHaveLength(5);
  });

  it.each([
    ['nothing to show', {}],
    ['a link that is not https', { link: 'http://build.example.com' }],
    ['a script link', { link: 'javascript:alert(1)' }],
    ['a note too long', { link: 'https://build.example.com', note: 'x'.repeat(2001) }],
  ])('refuses a preview with %s with 400', async (_why, fields) => {
    const owner = await signUp(ctx.app);
    const { projectId, stages } = await projectWithStages(ctx, staff, owner);
    const res = await preview(projectId, { stageId: stages.Design, ...fields });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('approves a stage once when several approvals arrive together', async () => {
    const owner = await signUp(ctx.app);
    const { projectId, stages } = await projectWithStages(ctx, staff, owner);
    await preview(projectId, { stageId: stages.Build, link: 'https://build.example.com/b' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => approve(owner, projectId, stages.Build, 1)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error.code))).toEqual(new Set(['STAGE_ALREADY_APPROVED']));
    const decisions = await ctx.database.sql.query(`SELECT id FROM project_reviews WHERE stage_id = $1 AND kind = 'approved'`, [stages.Build]);
    expect(decisions).toHaveLength(1);
  });

  it('decides a round once when an approval and a request for changes arrive together', async () => {
    const owner = await signUp(ctx.app);
    const { projectId, stages } = await projectWithStages(ctx, staff, owner);
    await preview(projectId, { stageId: stages.Build, link: 'https://build.example.com/b' });
    const answers = await Promise.all([
      approve(owner, projectId, stages.Build, 1),
      decide(owner, projectId, { stageId: stages.Build, round: 1, decision: 'changes_requested', comment: 'No.' }),
      approve(owner, projectId, stages.Build, 1),
    ]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const rows = await ctx.database.sql.query<{ kind: string }>(`SELECT kind FROM project_reviews WHERE stage_id = $1 AND kind <> 'preview'`, [stages.Build]);
    const [stage] = await ctx.database.sql.query<{ approved_at: Date | null }>(`SELECT approved_at FROM project_stages WHERE id = $1`, [stages.Build]);
    expect(rows).toHaveLength(1);
    expect(stage!.approved_at === null).toBe(rows[0]!.kind === 'changes_requested');
  });
});

describe('who may read and write a project\'s reviews', () => {
  it('answers 404 for another customer\'s project and 403 to customers on staff routes', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const { projectId, stages } = await projectWithStages(ctx, staff, owner);
    await preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/1' });
    for (const res of [await call(ctx.app, stranger, 'GET', `/api/projects/${projectId}/reviews`), await approve(stranger, projectId, stages.Design, 1)]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Project not found.' });
    }
    expect((await call(ctx.app, owner, 'GET', `/api/staff/projects/${projectId}/reviews`)).status).toBe(403);
    expect((await preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/2' }, owner)).status).toBe(403);
    expect((await call(ctx.app, null, 'GET', `/api/projects/${projectId}/reviews`)).status).toBe(401);
    expect((await call(ctx.app, staff, 'GET', '/api/staff/projects/nope/reviews')).status).toBe(404);
    const [stage] = await ctx.database.sql.query<{ approved_at: Date | null }>(`SELECT approved_at FROM project_stages WHERE id = $1`, [stages.Design]);
    expect(stage!.approved_at).toBeNull();
  });

  it('records every preview and decision in the audit log', async () => {
    const owner = await signUp(ctx.app, { name: 'Audit Owner' });
    const { projectId, stages } = await projectWithStages(ctx, staff, owner, 'Audited App');
    await preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/1' });
    await decide(owner, projectId, { stageId: stages.Design, round: 1, decision: 'changes_requested', comment: 'Redo.' });
    await preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/2' });
    await approve(owner, projectId, stages.Design, 2);
    const rows = await ctx.database.sql.query<{ action: string; actor_id: string; customer_id: string }>(
      `SELECT action, actor_id, customer_id FROM audit_log WHERE entity_id = $1 AND action LIKE 'project.%' AND action <> 'project.create' ORDER BY created_at, action`,
      [projectId],
    );
    expect(rows.map((r) => `${r.action}:${r.actor_id === staff.id ? 'staff' : 'owner'}`).sort()).toEqual(
      ['project.approve:owner', 'project.preview:staff', 'project.preview:staff', 'project.request-changes:owner'].sort(),
    );
    expect(new Set(rows.map((r) => r.customer_id))).toEqual(new Set([owner.id]));
  });
});

describe('notifications of previews and decisions', () => {
  it('mails the customer a new preview and a copy of their decision, and alerts the staff member who posted it', async () => {
    const owner = await signUp(ctx.app);
    const poster = await signUpStaff(ctx, 'agent', 'Pat Poster');
    const { projectId, stages } = await projectWithStages(ctx, staff, owner, 'Mailed App');
    await preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/1', note: 'Have a look.' }, poster);
    tick();
    await decide(owner, projectId, { stageId: stages.Design, round: 1, decision: 'changes_requested', comment: 'Make it blue.' });
    expect(await kindsFor(ctx, owner.email)).toEqual(['project-preview', 'project-decision-copy']);
    const [mail] = await outboxFor(ctx, owner.email, 'project-preview');
    expect(mail!.subject).toBe('A preview of Mailed App is ready for your review');
    expect(mail!.text_body).toContain(`/projects/${projectId}`);
    expect(mail!.text_body).toContain('Have a look.');
    const [alert] = await outboxFor(ctx, poster.email, 'staff-review-decision');
    expect(alert!.subject).toContain('asked for changes to Design of Mailed App');
    expect(alert!.text_body).toContain('Make it blue.');
    expect(alert!.text_body).toContain(`/staff/projects/${projectId}`);
    expect((await outboxFor(ctx, staff.email, 'staff-review-decision')).filter((m) => m.subject.includes('Mailed App'))).toEqual([]);
  });

  it('alerts the whole team when the preview\'s author has left, and sends nothing the customer turned off', async () => {
    const owner = await signUp(ctx.app, { name: 'Quinn Quiet' });
    const leaver = await signUpStaff(ctx, 'agent', 'Lee Leaver');
    const { projectId, stages } = await projectWithStages(ctx, staff, owner, 'Quiet App');
    const off = await call(ctx.app, owner, 'PUT', '/api/me/mail-preferences', { supportReplies: true, projectUpdates: true, renewalReminders: true, projectPreviews: false, projectDecisions: false, projectStages: true });
    expect(off.status).toBe(200);
    await preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/1' }, leaver);
    await ctx.database.sql.query(`UPDATE users SET role = 'customer' WHERE id = $1`, [leaver.id]);
    expect((await approve(owner, projectId, stages.Design, 1)).status).toBe(201);
    expect(await kindsFor(ctx, owner.email)).toEqual([]);
    expect(await outboxFor(ctx, leaver.email, 'staff-review-decision')).toEqual([]);
    const alerts = await outboxFor(ctx, staff.email, 'staff-review-decision');
    expect(alerts.filter((m) => m.subject.includes('Quiet App')).map((m) => m.subject)).toEqual(['Quinn Quiet approved Design of Quiet App']);
  });

  it('tells the owner\'s pages and staff pages of every entry, and no one else', async () => {
    const base = await listen(ctx);
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const { projectId, stages } = await projectWithStages(ctx, staff, owner, 'Live App');
    const streams = { owner: await openTopics(base, owner), other: await openTopics(base, other), staff: await openTopics(base, staff) };
    await waitFor(() => ctx.app.liveStreams.size >= 3);
    await preview(projectId, { stageId: stages.Design, link: 'https://build.example.com/1' });
    await approve(owner, projectId, stages.Design, 1);
    const topic = `projects:${projectId}`;
    // The owner's dashboard too: its Action Center lists a preview that waits for them, until they decide.
    const dashboard = `dashboard:${owner.id}`;
    await waitFor(() => streams.owner.topics.length >= 4 && streams.staff.topics.filter((t) => t === topic).length >= 2);
    expect(streams.owner.topics).toEqual([topic, dashboard, topic, dashboard]);
    expect(streams.staff.topics.filter((t) => t === topic)).toHaveLength(2);
    expect(streams.other.topics).toEqual([]);
    Object.values(streams).forEach((s) => s.close());
  });
});
