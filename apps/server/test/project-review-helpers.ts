import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext, TestUser } from './helpers.ts';
import { call } from './staff-helpers.ts';
import { fileBytes, uploadSmall } from './uploads-helpers.ts';

/** A project of the owner, created by staff, with its stages copied from the templates straight into the database. */
export async function projectWithStages(ctx: TestContext, staff: TestUser, owner: TestUser, projectName = 'Bakery App') {
  const res = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: owner.id, projectName });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const projectId = res.body.projectId as string;
  const templates = await ctx.database.sql.query<{ position: number; name: string; launches: boolean }>(
    `SELECT position, name, launches FROM project_stage_templates ORDER BY position`,
  );
  const stages: Record<string, string> = {};
  for (const t of templates) {
    const id = randomUUID();
    await ctx.database.sql.query(`INSERT INTO project_stages (id, project_id, position, name, launches) VALUES ($1, $2, $3, $4, $5)`, [id, projectId, t.position, t.name, t.launches]);
    stages[t.name] = id;
  }
  return { projectId, stages: stages as { Design: string; Build: string } & Record<string, string> };
}

/** A finished PNG upload of this purpose for the project. */
export const uploadPng = (ctx: TestContext, user: TestUser, purpose: string, projectId: string, filename = 'screen.png') =>
  uploadSmall(ctx.app, user.cookie, { purpose, targetId: projectId, filetype: 'image/png', filename }, fileBytes('png', 2048));

export const uploadMp4 = (ctx: TestContext, user: TestUser, projectId: string) =>
  uploadSmall(ctx.app, user.cookie, { purpose: 'project-preview', targetId: projectId, filetype: 'video/mp4', filename: 'walkthrough.mp4' }, fileBytes('mp4', 4096));
