import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { jpegBytes, pngBytes } from './image-bytes.ts';
import { call, signUpStaff } from './staff-helpers.ts';
import { insertSubscription, uploadSmall } from './uploads-helpers.ts';

let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const newProject = async (owner: TestUser, subscriptionId?: string) => {
  const res = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: owner.id, projectName: 'Bakery App', subscriptionId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.projectId as string;
};

type Item = { key: string; label: string; done: boolean; detail: string; link: string };
async function checklist(user: TestUser, projectId: string, side: 'customer' | 'staff' = 'customer') {
  const url = side === 'staff' ? `/api/staff/projects/${projectId}/launch-checklist` : `/api/projects/${projectId}/launch-checklist`;
  const res = await call(ctx.app, user, 'GET', url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const items = Object.fromEntries((res.body.items as Item[]).map((i) => [i.key, i]));
  return { ready: res.body.ready as boolean, items, keys: (res.body.items as Item[]).map((i) => i.key) };
}

const sql = (text: string, params: unknown[]) => ctx.database.sql.query(text, params);
async function addStage(projectId: string, name: string, position: number) {
  const id = randomUUID();
  await sql(`INSERT INTO project_stages (id, project_id, position, name) VALUES ($1, $2, $3, $4)`, [id, projectId, position, name]);
  return id;
}
const addReview = (projectId: string, stageId: string, round: number, kind: string) =>
  sql(`INSERT INTO project_reviews (id, project_id, stage_id, round, kind, author_role, author_name, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'Someone', now())`, [
    randomUUID(),
    projectId,
    stageId,
    round,
    kind,
    kind === 'preview' ? 'staff' : 'customer',
  ]);

describe('the launch checklist', () => {
  it('lists the four items in order; a new project without a subscription has only nothing to approve done', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await newProject(owner);
    const { ready, items, keys } = await checklist(owner, projectId);
    expect(ready).toBe(false);
    expect(keys).toEqual(['storeListing', 'previews', 'subscription', 'questionnaire']);
    expect(items.storeListing).toMatchObject({ label: 'Store listing complete', done: false, link: `/projects/${projectId}/store-listing` });
    expect(items.storeListing!.detail).toMatch(/^Still missing: App name, Short description, .*Android phone screenshots \(at least 2\)\.$/);
    expect(items.previews).toEqual({ key: 'previews', label: 'Previews approved', done: true, detail: 'No preview is waiting for approval.', link: `/projects/${projectId}#previews` });
    expect(items.subscription).toMatchObject({ label: 'Paid subscription active', done: false, link: '/checkout' });
    expect(items.questionnaire).toMatchObject({ label: 'Questionnaire submitted', done: false, link: '/checkout' });

    const forStaff = await checklist(staff, projectId, 'staff');
    expect(forStaff.items.storeListing!.link).toBe(`/staff/projects/${projectId}#section-store-listing`);
    expect(forStaff.items.previews!.link).toBe(`/staff/projects/${projectId}#section-previews`);
    expect(forStaff.items.subscription!.link).toBe(`/staff/customers/${owner.id}#section-subscriptions`);
    expect(forStaff.items.questionnaire!.link).toBe(`/staff/customers/${owner.id}#section-subscriptions`);
  });

  it('follows the project’s subscription and its questionnaire, or else the owner’s active subscription', async () => {
    const owner = await signUp(ctx.app);
    const cancelled = await insertSubscription(ctx, owner.id, 'CANCELLED');
    const active = await insertSubscription(ctx, owner.id, 'ACTIVE');
    const onCancelled = await newProject(owner, cancelled);
    let { items } = await checklist(owner, onCancelled);
    expect(items.subscription).toMatchObject({ done: false, detail: 'The subscription is not active.', link: `/subscription-details/${cancelled}` });
    expect(items.questionnaire).toMatchObject({ done: false, link: `/questionnaire/${cancelled}` });

    const withoutOwn = await newProject(owner);
    ({ items } = await checklist(owner, withoutOwn));
    expect(items.subscription).toMatchObject({ done: true, link: `/subscription-details/${active}` });
    expect(items.questionnaire).toMatchObject({ done: false, detail: 'The questionnaire is not submitted yet.', link: `/questionnaire/${active}` });

    await sql(`INSERT INTO form_submissions (subscription_id, user_id, submitted_at, answers) VALUES ($1, $2, now(), '[]')`, [active, owner.id]);
    ({ items } = await checklist(owner, withoutOwn));
    expect(items.questionnaire).toMatchObject({ done: true, detail: 'The questionnaire is submitted.', link: `/questionnaire/${active}` });
    const forStaff = await checklist(staff, withoutOwn, 'staff');
    expect(forStaff.items.questionnaire).toMatchObject({ done: true, link: `/staff/customers/${owner.id}#section-questionnaire-answers` });
    expect(forStaff.items.subscription).toMatchObject({ done: true, link: `/staff/customers/${owner.id}#section-subscriptions` });

    await sql(`UPDATE subscriptions SET status = 'INACTIVE_NONPAYMENT' WHERE id = $1`, [active]);
    ({ items } = await checklist(owner, withoutOwn));
    expect(items.subscription!.done).toBe(false);
  });

  it('holds previews until every previewed stage is approved and no round waits', async () => {
    const owner = await signUp(ctx.app);
    const projectId = await newProject(owner);
    const design = await addStage(projectId, 'Design', 0);
    const build = await addStage(projectId, 'Build', 1);
    await addStage(projectId, 'Review', 2);

    await addReview(projectId, design, 1, 'preview');
    await addReview(projectId, build, 1, 'preview');
    let { items } = await checklist(owner, projectId);
    expect(items.previews).toMatchObject({ done: false, detail: 'Waiting for a decision on: Design, Build.' });

    await addReview(projectId, design, 1, 'approved');
    await sql(`UPDATE project_stages SET approved_at = now() WHERE id = $1`, [design]);
    await addReview(projectId, build, 1, 'changes_requested');
    ({ items } = await checklist(owner, projectId));
    expect(items.previews).toMatchObject({ done: false, detail: 'Changes were asked for, a new preview is to come: Build.' });

    await addReview(projectId, build, 2, 'preview');
    ({ items } = await checklist(owner, projectId));
    expect(items.previews).toMatchObject({ done: false, detail: 'Waiting for a decision on: Build.' });

    await addReview(projectId, build, 2, 'approved');
    await sql(`UPDATE project_stages SET approved_at = now() WHERE id = $1`, [build]);
    ({ items } = await checklist(owner, projectId));
    expect(items.previews).toMatchObject({ done: true, detail: 'Every preview is approved.' });
  });

  it('is ready once the listing is complete, the previews approved, the subscription active and the questionnaire sent', async () => {
    const owner = await signUp(ctx.app);
    const subscriptionId = await insertSubscription(ctx, owner.id);
    await sql(`INSERT INTO form_submissions (subscription_id, user_id, submitted_at, answers) VALUES ($1, $2, now(), '[]')`, [subscriptionId, owner.id]);
    const projectId = await newProject(owner, subscriptionId);
    expect((await checklist(owner, projectId)).ready).toBe(false);

    const upload = (bytes: Buffer, filetype = 'image/png') =>
      uploadSmall(ctx.app, owner.cookie, { purpose: 'store-listing-image', targetId: projectId, filetype }, bytes);
    const saved = await call(ctx.app, owner, 'PUT', `/api/projects/${projectId}/store-listing`, {
      appName: 'Rosa Bakes',
      shortDescription: 'Fresh bread to order.',
      fullDescription: 'Order ahead and collect.',
      supportUrl: 'https://rosa.example.com/help',
      privacyUrl: 'https://rosa.example.com/privacy',
      category: 'Food & Drink',
      iconUploadId: await upload(pngBytes(1024, 1024)),
      screenshots: { iphone69: [await upload(pngBytes(1320, 2868))], androidPhone: [await upload(pngBytes(1080, 2160)), await upload(jpegBytes(720, 1280), 'image/jpeg')] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { ready, items } = await checklist(owner, projectId);
    expect(items.storeListing).toMatchObject({ done: true, detail: 'Everything the stores need is filled in.' });
    expect(Object.values(items).map((i) => i.done)).toEqual([true, true, true, true]);
    expect(ready).toBe(true);
    expect((await checklist(staff, projectId, 'staff')).ready).toBe(true);
  });

  it('answers 404 for another customer’s project and 403 to a customer on the staff route', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const projectId = await newProject(owner);
    expect((await call(ctx.app, stranger, 'GET', `/api/projects/${projectId}/launch-checklist`)).status).toBe(404);
    expect((await call(ctx.app, owner, 'GET', `/api/staff/projects/${projectId}/launch-checklist`)).status).toBe(403);
    expect((await call(ctx.app, staff, 'GET', `/api/staff/projects/no-such-project/launch-checklist`)).status).toBe(404);
  });
});
