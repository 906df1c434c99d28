import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { call, listen, openTopics, signUpStaff, waitFor } from './staff-helpers.ts';

let now = new Date('2026-02-01T09:00:00Z');
const tick = (ms = 3_600_000) => (now = new Date(now.getTime() + ms));
let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
  staff = await signUpStaff(ctx);
});
afterAll(async () => ctx.close());

const createProject = async (owner: TestUser, fields: Record<string, unknown> = {}) => {
  const res = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: owner.id, projectName: 'Bakery App', businessName: 'Rosa Bakes', ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe('a customer\'s projects', () => {
  it('lists only their own projects, created newest first, with every field of spec §3', async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const first = await createProject(owner, { projectName: 'First', clientNotes: 'Logo colours confirmed.' });
    tick();
    const second = await createProject(owner, { projectName: 'Second', businessLogo: 'https://cdn.example.com/logo.png', releaseStatus: 'PUBLISHED', deliverables: { websiteUrl: 'https://rosabakes.example.com' } });
    await createProject(other, { projectName: 'Not yours' });

    const list = await call(ctx.app, owner, 'GET', '/api/projects?sortBy=created_newest');
    expect(list.status).toBe(200);
    expect(list.body.projects.map((p: { projectId: string }) => p.projectId)).toEqual([second.projectId, first.projectId]);
    expect(list.body.projects[0]).toEqual({
      projectId: second.projectId,
      projectName: 'Second',
      businessName: 'Rosa Bakes',
      businessLogo: 'https://cdn.example.com/logo.png',
      clientNotes: null,
      releaseStatus: 'PUBLISHED',
      createdTimestamp: now.getTime(),
      lastModifiedTimestamp: now.getTime(),
      publishedTimestamp: now.getTime(),
      deliverables: { playStoreUrl: null, appStoreUrl: null, websiteUrl: 'https://rosabakes.example.com', apkDownloadUrl: null },
    });
    expect(list.body.projects[1]).toMatchObject({ releaseStatus: 'PENDING', clientNotes: 'Logo colours confirmed.', publishedTimestamp: null });
    expect((await call(ctx.app, owner, 'GET', '/api/projects')).body).toEqual(list.body);
    expect((await call(ctx.app, owner, 'GET', '/api/projects?sortBy=name')).status).toBe(400);
  });

  it('shows one project to its owner and answers 404 to anyone else', async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const project = await createProject(owner);
    const own = await call(ctx.app, owner, 'GET', `/api/projects/${project.projectId}`);
    expect(own.status).toBe(200);
    expect(own.body.projectName).toBe('Bakery App');
    const theirs = await call(ctx.app, stranger, 'GET', `/api/projects/${project.projectId}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toEqual({ code: 'NOT_FOUND', message: 'Project not found.' });
    expect((await call(ctx.app, stranger, 'GET', '/api/projects')).body.projects).toEqual([]);
    expect((await call(ctx.app, null, 'GET', `/api/projects/${project.projectId}`)).status).toBe(401);
  });

  it('shows an unknown stored release status as it is', async () => {
    const owner = await signUp(ctx.app);
    const project = await createProject(owner);
    await ctx.database.sql.query(`UPDATE projects SET release_status = 'ARCHIVED' WHERE id = $1`, [project.projectId]);
    expect((await call(ctx.app, owner, 'GET', `/api/projects/${project.projectId}`)).body.releaseStatus).toBe('ARCHIVED');
  });
});

describe('staff and projects', () => {
  it('creates a project for an owner named by e-mail and lists it with its customer', async () => {
    const owner = await signUp(ctx.app, { name: 'Rosa Owner' });
    const created = await createProject(owner, { ownerId: undefined, ownerEmail: owner.email.toUpperCase() });
    expect(created.customer).toEqual({ id: owner.id, name: 'Rosa Owner', email: owner.email });
    expect(created.releaseStatus).toBe('PENDING');
    const mine = await call(ctx.app, staff, 'GET', `/api/staff/projects?ownerId=${owner.id}`);
    expect(mine.body.projects.map((p: { projectId: string }) => p.projectId)).toEqual([created.projectId]);
  });

  it.each([
    [{ ownerId: 'nobody' }, 'OWNER_NOT_FOUND'],
    [{ ownerEmail: 'nobody@example.com', ownerId: undefined }, 'OWNER_NOT_FOUND'],
    [{ ownerEmail: 'both@example.com' }, 'VALIDATION_ERROR'],
    [{ projectName: '  ' }, 'VALIDATION_ERROR'],
    [{ releaseStatus: 'LIVE' }, 'VALIDATION_ERROR'],
    [{ businessLogo: 'javascript:alert(1)' }, 'VALIDATION_ERROR'],
    [{ deliverables: { websiteUrl: 'not a url' } }, 'VALIDATION_ERROR'],
    [{ subscriptionId: 'not-theirs' }, 'SUBSCRIPTION_NOT_FOUND'],
  ])('refuses %o with 400 %s', async (fields, code) => {
    const owner = await signUp(ctx.app);
    const res = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: owner.id, projectName: 'P', ...fields });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
  });

  it('updates fields, stamps the publish time when it becomes PUBLISHED, and clears a link with an empty string', async () => {
    const owner = await signUp(ctx.app);
    const created = await createProject(owner, { deliverables: { playStoreUrl: 'https://play.google.com/store/apps/details?id=rosa' } });
    tick();
    const published = await call(ctx.app, staff, 'PATCH', `/api/staff/projects/${created.projectId}`, {
      releaseStatus: 'PUBLISHED',
      clientNotes: 'Live in both stores.',
      deliverables: { appStoreUrl: 'https://apps.apple.com/app/id1', playStoreUrl: '' },
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      projectName: 'Bakery App',
      releaseStatus: 'PUBLISHED',
      clientNotes: 'Live in both stores.',
      createdTimestamp: created.createdTimestamp,
      lastModifiedTimestamp: now.getTime(),
      publishedTimestamp: now.getTime(),
      deliverables: { playStoreUrl: null, appStoreUrl: 'https://apps.apple.com/app/id1', websiteUrl: null, apkDownloadUrl: null },
    });
    const publishedAt = now.getTime();
    tick();
    // Staying PUBLISHED keeps the first publish time; an explicit one replaces it.
    const renamed = await call(ctx.app, staff, 'PATCH', `/api/staff/projects/${created.projectId}`, { projectName: 'Rosa App', releaseStatus: 'PUBLISHED' });
    expect(renamed.body).toMatchObject({ projectName: 'Rosa App', publishedTimestamp: publishedAt, lastModifiedTimestamp: now.getTime() });
    const dated = await call(ctx.app, staff, 'PATCH', `/api/staff/projects/${created.projectId}`, { publishedTimestamp: Date.UTC(2026, 0, 15) });
    expect(dated.body.publishedTimestamp).toBe(Date.UTC(2026, 0, 15));
    expect((await call(ctx.app, owner, 'GET', `/api/projects/${created.projectId}`)).body.projectName).toBe('Rosa App');
    expect((await call(ctx.app, staff, 'PATCH', '/api/staff/projects/nope', { projectName: 'x' })).status).toBe(404);
  });
});

describe('live updates', () => {
  it('tell the owner (and staff), never another customer, that a project or chat changed', async () => {
    const base = await listen(ctx);
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const streams = { owner: await openTopics(base, owner), other: await openTopics(base, other), staff: await openTopics(base, staff) };
    await waitFor(() => ctx.app.liveStreams.size >= 3);

    const project = await createProject(owner);
    await call(ctx.app, staff, 'PATCH', `/api/staff/projects/${project.projectId}`, { releaseStatus: 'UNPUBLISHED' });
    const chat = await call(ctx.app, owner, 'POST', '/api/support/chats', { initialMessage: 'hi' });
    await call(ctx.app, staff, 'POST', `/api/staff/chats/${chat.body.chatId}/close`);
    const expected = [`projects:${project.projectId}`, `projects:${project.projectId}`, `chats:${chat.body.chatId}`, `chats:${chat.body.chatId}`];
    await waitFor(() => streams.owner.topics.length >= 4 && streams.staff.topics.length >= 4);
    // Another user's own change proves their stream is live before the absence of the others is checked.
    const theirs = await call(ctx.app, other, 'POST', '/api/support/chats', { initialMessage: 'mine' });
    await waitFor(() => streams.other.topics.length >= 1);

    expect(streams.owner.topics).toEqual(expected);
    // Staff also hear of each audited write (project create, update, chat close) under the customer's audit topic.
    expect(streams.staff.topics.filter((t) => !t.startsWith('audit:'))).toEqual([...expected, `chats:${theirs.body.chatId}`]);
    expect(streams.staff.topics.filter((t) => t.startsWith('audit:'))).toEqual(Array(3).fill(`audit:${owner.id}`));
    expect(streams.other.topics).toEqual([`chats:${theirs.body.chatId}`]);
    Object.values(streams).forEach((s) => s.close());
  });
});
