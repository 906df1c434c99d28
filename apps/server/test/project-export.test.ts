import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeStaff, signUp, type TestContext, type TestUser } from './helpers.ts';
import { fileBytes, uploadSmall } from './uploads-helpers.ts';

// A project's whole build history (stages, review rounds, store listing) leaves with the project as a file the
// content import takes back: importing it again changes nothing, and a file that would break the history is refused
// whole.

let ctx: TestContext;
let owner: TestUser;
let stranger: TestUser;
let staff: TestUser;
let projectId: string;
let markupId: string;

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie: user.cookie }, payload: payload as Record<string, unknown> });

const importFile = (file: unknown) => call(staff, 'POST', '/api/staff/content/import', file);
const projectsSummary = (body: { collections: { name: string }[] }) => body.collections.find((c) => c.name === 'Projects');

beforeAll(async () => {
  ctx = await createTestApp();
  [owner, stranger, staff] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
  await makeStaff(ctx, staff);
  const created = await call(staff, 'POST', '/api/staff/projects', { ownerId: owner.id, projectName: 'Bakery app', businessName: 'Rosa Bakes' });
  expect(created.statusCode, created.body).toBe(201);
  projectId = created.json().projectId;
  markupId = await uploadSmall(ctx.app, owner.cookie, { purpose: 'profile-picture', targetId: owner.id, filetype: 'image/png' }, fileBytes('png', 2000));
  const sql = ctx.database.sql;
  await sql.query(`DELETE FROM project_stages WHERE project_id = $1`, [projectId]);
  await sql.query(
    `INSERT INTO project_stages (id, project_id, position, name, launches, expected_days, expected_at, expected_by_hand, reached_at, approved_at, approved_by) VALUES
       ('exp-design', $1, 0, 'Design', false, NULL, NULL, false, '2026-10-01T10:00:00Z', '2026-10-03T09:00:00Z', $2),
       ('exp-build', $1, 1, 'Build', false, 14, '2026-11-30T00:00:00Z', true, NULL, NULL, NULL)`,
    [projectId, owner.id],
  );
  await sql.query(
    `INSERT INTO project_reviews (id, project_id, stage_id, round, kind, author_id, author_role, author_name, comment, link, attachments, created_at) VALUES
       ('exp-r1', $1, 'exp-design', 1, 'preview', $2, 'staff', 'Dana Designer', 'First look', 'https://preview.example.com/1', '[]', '2026-10-01T10:00:00Z'),
       ('exp-r2', $1, 'exp-design', 1, 'changes_requested', $3, 'customer', 'Rosa', 'Bigger logo please', NULL, $4, '2026-10-02T08:00:00Z'),
       ('exp-r3', $1, 'exp-design', 2, 'preview', $2, 'staff', 'Dana Designer', 'Logo enlarged', NULL, '[]', '2026-10-02T15:00:00Z'),
       ('exp-r4', $1, 'exp-design', 2, 'approved', $3, 'customer', 'Rosa', '', NULL, '[]', '2026-10-03T09:00:00Z')`,
    [projectId, staff.id, owner.id, JSON.stringify([{ uploadId: markupId, kind: 'image' }])],
  );
  await sql.query(
    `INSERT INTO project_store_listings (project_id, app_name, short_description, keywords, category, icon_upload_id, screenshots, updated_at, updated_by)
     VALUES ($1, 'Rosa Bakes', 'Fresh bread to order', 'bakery,bread', 'Food & Drink', $2, $3, '2026-10-05T12:00:00Z', $4)`,
    [projectId, markupId, JSON.stringify({ 'iphone-6-9': [markupId] }), owner.id],
  );
});
afterAll(async () => ctx.close());

describe('exporting a project', () => {
  it('gives staff and the owner the project with its stages, rounds in order and listing; others get 404', async () => {
    const res = await call(staff, 'GET', `/api/staff/projects/${projectId}/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="project-${projectId}.json"`);
    const record = res.json().Projects[projectId];
    expect(record).toMatchObject({ userId: owner.id, userEmail: owner.email, projectName: 'Bakery app', releaseStatus: 'PENDING' });
    expect(record.stages).toEqual({
      'exp-design': {
        name: 'Design',
        order: 0,
        launches: false,
        expectedDays: null,
        expectedTimestamp: null,
        expectedByHand: false,
        reachedTimestamp: Date.parse('2026-10-01T10:00:00Z'),
        approvedTimestamp: Date.parse('2026-10-03T09:00:00Z'),
      },
      'exp-build': {
        name: 'Build',
        order: 1,
        launches: false,
        expectedDays: 14,
        expectedTimestamp: Date.parse('2026-11-30T00:00:00Z'),
        expectedByHand: true,
        reachedTimestamp: null,
        approvedTimestamp: null,
      },
    });
    expect(Object.keys(record.reviews)).toEqual(['exp-r1', 'exp-r2', 'exp-r3', 'exp-r4']);
    expect(record.reviews['exp-r2']).toEqual({
      stageId: 'exp-design',
      round: 1,
      kind: 'changes_requested',
      authorRole: 'customer',
      authorName: 'Rosa',
      comment: 'Bigger logo please',
      link: null,
      attachments: [{ url: `/api/files/${markupId}`, kind: 'image' }],
      createdTimestamp: Date.parse('2026-10-02T08:00:00Z'),
    });
    // Account ids stay out of the file: people are named as they were when they wrote.
    expect(JSON.stringify(record.reviews)).not.toContain(staff.id);
    expect(record.storeListing).toMatchObject({ appName: 'Rosa Bakes', icon: `/api/files/${markupId}`, screenshots: { 'iphone-6-9': [`/api/files/${markupId}`] } });

    const own = await call(owner, 'GET', `/api/projects/${projectId}/export`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(res.json());
    expect((await call(stranger, 'GET', `/api/projects/${projectId}/export`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/staff/projects/${projectId}/export`)).statusCode).toBe(403);
    expect((await call(staff, 'GET', `/api/staff/projects/missing/export`)).statusCode).toBe(404);
  });

  it('imports back unchanged, and restores a lost history', async () => {
    const file = (await call(staff, 'GET', `/api/staff/projects/${projectId}/export`)).json();
    const again = await importFile(file);
    expect(again.statusCode, again.body).toBe(200);
    expect(projectsSummary(again.json())).toMatchObject({ created: 0, updated: 0, unchanged: 1 });

    await ctx.database.sql.query(`DELETE FROM project_reviews WHERE id IN ('exp-r3', 'exp-r4')`);
    await ctx.database.sql.query(`UPDATE project_store_listings SET app_name = 'Changed' WHERE project_id = $1`, [projectId]);
    const restored = await importFile(file);
    expect(projectsSummary(restored.json())).toMatchObject({ updated: 1, unchanged: 0 });
    // The listing's time is the import's own write, as for any change of a row that keeps one.
    const after = (await call(staff, 'GET', `/api/staff/projects/${projectId}/export`)).json();
    const listingTime = after.Projects[projectId].storeListing.updatedTimestamp;
    expect(listingTime).toBeGreaterThan(file.Projects[projectId].storeListing.updatedTimestamp);
    file.Projects[projectId].storeListing.updatedTimestamp = listingTime;
    expect(after).toEqual(file);
  });

  it('refuses a file that would break the history, naming each record, and writes nothing', async () => {
    const file = (await call(staff, 'GET', `/api/staff/projects/${projectId}/export`)).json();
    const before = await ctx.database.sql.query(`SELECT id, comment FROM project_reviews ORDER BY id`);
    const record = file.Projects[projectId];
    record.reviews['exp-r1'].comment = 'Edited';
    record.reviews['exp-r5'] = { ...record.reviews['exp-r3'], comment: 'A second preview in round 2' };
    record.reviews['exp-r6'] = { ...record.reviews['exp-r1'], stageId: 'no-such-stage' };
    record.reviews['exp-r7'] = { ...record.reviews['exp-r2'], round: 3, attachments: [{ url: 'https://elsewhere.example.com/x.png', kind: 'image' }] };
    const other = await call(staff, 'POST', '/api/staff/projects', { ownerId: stranger.id, projectName: 'Other app' });
    file.Projects[other.json().projectId] = { ...record, userId: stranger.id, userEmail: stranger.email, reviews: {}, storeListing: null, stages: { 'exp-build': record.stages['exp-build'] } };
    const res = await importFile(file);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('IMPORT_REJECTED');
    const message: string = res.json().error.message;
    expect(message).toContain(`Projects/${projectId}/reviews/exp-r7/attachments/0/url: expected a file of this portal (/api/files/{id})`);
    const second = await importFile({ Projects: { [projectId]: { ...record, reviews: { ...record.reviews, 'exp-r7': undefined } } } });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.message).toContain(`Projects/${projectId}/reviews/exp-r5: round 2 of its stage already has a preview`);
    expect(second.json().error.message).toContain(`Projects/${projectId}/reviews/exp-r6/stageId: no stage "no-such-stage" of this project`);
    const moved = await importFile({ Projects: { [other.json().projectId]: file.Projects[other.json().projectId] } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toContain('/stages/exp-build: the stage belongs to another project');
    expect(await ctx.database.sql.query(`SELECT id, comment FROM project_reviews ORDER BY id`)).toEqual(before);
  });
});

describe('stage templates in the content export', () => {
  it('exports the default stages and takes an edited list back', async () => {
    const exported = (await call(staff, 'GET', '/api/staff/content/export')).json();
    expect(exported.ProjectStageTemplates['stage-published']).toEqual({ name: 'Published', order: 4, expectedDays: 7, launches: true });
    const res = await importFile({ ProjectStageTemplates: { 'stage-qa': { name: 'Quality check', order: 3, expectedDays: 2 } } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.sql.query(`SELECT name, launches FROM project_stage_templates WHERE id = 'stage-qa'`);
    expect(rows).toEqual([{ name: 'Quality check', launches: false }]);
    const bad = await importFile({ ProjectStageTemplates: { x: { name: '', expectedDays: 900 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('ProjectStageTemplates/x/expectedDays: expected 0 to 365 days');
  });
});
