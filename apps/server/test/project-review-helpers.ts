import { expect } from 'vitest';
import type { TestContext, TestUser } from './helpers.ts';
import { call } from './staff-helpers.ts';
import { fileBytes, uploadSmall } from './uploads-helpers.ts';

/** A project of the owner, created by staff, with the template stages copied straight into the database. */
export async function projectWithStages(ctx: TestContext, staff: TestUser, owner: TestUser, projectName = 'Bakery App') {
  const res = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: owner.id, projectName });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const projectId = res.body.projectId as string;
  // Copied only when the project has none yet (the stages API may copy them when a project is created).
  const existing = await ctx.database.sql.query<{ id: string }>(`SELECT id FROM project_stages WHERE project_id = $1`, [projectId]);
  if (existing.length === 0) {
    await ctx.database.sql.query(
      `INSERT INTO project_stages (id, project_id, position, name, launches)
       SELECT gen_random_uuid()::text, $1, position, name, launches FROM project_stage_templates ORDER BY position`,
      [projectId],
    );
  }
  const rows = await ctx.database.sql.query<{ id: string; name: string }>(`SELECT id, name FROM project_stages WHERE project_id = $1 ORDER BY position`, [projectId]);
  const stages = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  return { projectId, stages: stages as { Design: string; Build: string } & Record<string, string> };
}

/** A finished PNG upload of this purpose for the project. */
export const uploadPng = (ctx: TestContext, user: TestUser, purpose: string, projectId: string, filename = 'screen.png') =>
  uploadSmall(ctx.app, user.cookie, { purpose, targetId: projectId, filetype: 'image/png', filename }, fileBytes('png', 2048));

export const uploadMp4 = (ctx: TestContext, user: TestUser, projectId: string) =>
  uploadSmall(ctx.app, user.cookie, { purpose: 'project-preview', targetId: projectId, filetype: 'video/mp4', filename: 'walkthrough.mp4' }, fileBytes('mp4', 4096));
