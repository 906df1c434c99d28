import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { projectWithStages, uploadPng } from './project-review-helpers.ts';
import { call, signUpStaff } from './staff-helpers.ts';
import { createUpload, fileBytes } from './uploads-helpers.ts';

const now = new Date('2026-04-02T10:00:00Z');
let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const readFile = (user: TestUser, id: string) => ctx.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: { cookie: user.cookie } });
const tryUpload = (user: TestUser, purpose: string, targetId: string, filetype = 'image/png') => {
  const bytes = fileBytes(filetype === 'video/mp4' ? 'mp4' : 'png', 1024);
  return createUpload(ctx.app, user.cookie, { purpose, targetId, filetype, length: bytes.length, body: bytes });
};

describe('review files', () => {
  it('lets staff upload previews and the owner markups, each side read both, and no other customer', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const { projectId } = await projectWithStages(ctx, staff, owner);
    const image = await uploadPng(ctx, staff, 'project-preview', projectId);
    const markup = await uploadPng(ctx, owner, 'project-markup', projectId);
    const [stored] = await ctx.database.sql.query<{ storage_key: string }>(`SELECT storage_key FROM uploads WHERE id = $1`, [image]);
    expect(stored!.storage_key).toBe(`project_previews/${projectId}/${now.getTime()}_screen.png`);

    for (const id of [image, markup]) {
      expect((await readFile(owner, id)).statusCode).toBe(200);
      expect((await readFile(staff, id)).statusCode).toBe(200);
      expect((await readFile(stranger, id)).statusCode).toBe(404);
    }
    // Only staff post previews, and only the owner marks up their own project.
    expect((await tryUpload(owner, 'project-preview', projectId)).statusCode).toBe(404);
    expect((await tryUpload(stranger, 'project-markup', projectId)).statusCode).toBe(404);
    expect((await tryUpload(staff, 'project-preview', 'no-such-project')).statusCode).toBe(404);
    expect((await tryUpload(owner, 'project-markup', projectId, 'video/mp4')).statusCode).toBe(415);
    expect((await tryUpload(staff, 'project-preview', projectId, 'video/mp4')).statusCode).toBe(201);
  });

  it('refuses files that are not finished uploads of the right purpose for this project', async () => {
    const owner = await signUp(ctx.app);
    const { projectId, stages } = await projectWithStages(ctx, staff, owner);
    const other = await projectWithStages(ctx, staff, owner, 'Other App');
    const elsewhere = await uploadPng(ctx, staff, 'project-preview', other.projectId);
    const markup = await uploadPng(ctx, owner, 'project-markup', projectId);
    const unfinished = String((await createUpload(ctx.app, staff.cookie, { purpose: 'project-preview', targetId: projectId, filetype: 'image/png', length: 4096 })).headers.location).split('/').pop()!;
    const post = (attachments: string[]) => call(ctx.app, staff, 'POST', `/api/staff/projects/${projectId}/reviews/previews`, { stageId: stages.Design, attachments });
    for (const ids of [[elsewhere], [markup], [unfinished], ['not-an-upload']]) {
      const res = await post(ids);
      expect(res.status, JSON.stringify(ids)).toBe(400);
      expect(res.body.error.code).toBe('UPLOAD_NOT_FOUND');
    }
    expect((await post([await uploadPng(ctx, staff, 'project-preview', projectId)])).status).toBe(201);

    const decide = (attachments: string[]) =>
      call(ctx.app, owner, 'POST', `/api/projects/${projectId}/reviews/decisions`, { stageId: stages.Design, round: 1, decision: 'changes_requested', comment: 'See the marks.', attachments });
    const preview = await uploadPng(ctx, staff, 'project-preview', projectId);
    const otherMarkup = await uploadPng(ctx, owner, 'project-markup', other.projectId);
    for (const ids of [[preview], [otherMarkup]]) {
      const res = await decide(ids);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('UPLOAD_NOT_FOUND');
    }
    expect(await ctx.database.sql.query(`SELECT id FROM project_reviews WHERE project_id = $1 AND kind <> 'preview'`, [projectId])).toEqual([]);
    expect((await decide([markup, markup])).body.entries[1].attachments).toEqual([{ url: `/api/files/${markup}`, kind: 'image' }]);
  });
});
