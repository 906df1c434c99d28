import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeStaff, signUp, type TestContext, type TestUser } from './helpers.ts';
import { insertSubscription } from './uploads-helpers.ts';
import { insertQuestions, insertSteps, topicsDuring } from './onboarding-helpers.ts';

const OPERATOR_TOKEN = 'operator-token-for-onboarding-tests';
let now = new Date('2025-08-01T12:00:00Z');
let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now, env: { OPERATOR_TOKEN } });
  await insertQuestions(ctx);
  user = await signUp(ctx.app);
});
afterAll(async () => ctx.close());

const actions = async (u: TestUser) =>
  (await ctx.app.inject({ url: '/api/dashboard/actions', headers: { cookie: u.cookie } })).json().actions;
const steps = (u: TestUser, sub: string) =>
  ctx.app.inject({ url: `/api/completion-steps/${sub}`, headers: { cookie: u.cookie } });
const complete = (u: TestUser, sub: string, step: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/completion-steps/${sub}/${step}/complete`,
    headers: { cookie: u.cookie },
  });

describe('featured banners', () => {
  it('are newest first by TimeCreated, to anyone', async () => {
    await ctx.database.sql.query(
      `INSERT INTO featured_banners (id, image_url, link_url, time_created) VALUES
       ('old', '/media/a.svg', '/faqs', '2025-01-01'), ('new', '/media/b.svg', null, '2025-03-01'), ('mid', '/media/c.svg', 'https://example.com', '2025-02-01')`,
    );
    await ctx.database.sql.query(
      `UPDATE featured_banners SET title = 'Launched in days', subtitle = 'Built for you.' WHERE id = 'mid'`,
    );
    const res = await ctx.app.inject({ url: '/api/banners' });
    expect(res.statusCode).toBe(200);
    expect(res.json().banners).toEqual([
      { id: 'new', imageUrl: '/media/b.svg', linkUrl: null, title: null, subtitle: null, timeCreated: Date.parse('2025-03-01') },
      {
        id: 'mid',
        imageUrl: '/media/c.svg',
        linkUrl: 'https://example.com',
        title: 'Launched in days',
        subtitle: 'Built for you.',
        timeCreated: Date.parse('2025-02-01'),
      },
      { id: 'old', imageUrl: '/media/a.svg', linkUrl: '/faqs', title: null, subtitle: null, timeCreated: Date.parse('2025-01-01') },
    ]);
  });
});

describe('Action Center (spec §4)', () => {
  it('asks a user without active subscriptions to choose a plan', async () => {
    const fresh = await signUp(ctx.app);
    expect(await actions(fresh)).toEqual([{ kind: 'choose-plan' }]);
    await insertSubscription(ctx, fresh.id, 'CANCELLED');
    expect(await actions(fresh)).toEqual([{ kind: 'choose-plan' }]);
    expect((await ctx.app.inject({ url: '/api/dashboard/actions' })).statusCode).toBe(401);
  });

  it('asks for the form and the setup steps, then only the steps, then nothing', async () => {
    const u = await signUp(ctx.app);
    const sub = await insertSubscription(ctx, u.id, 'ACTIVE_PENDING_UPDATE', 'Growth');
    const stepIds = await insertSteps(ctx, sub, u.id, ['Send your logo', 'Approve the design']);
    expect(await actions(u)).toEqual([
      { kind: 'complete-form', subscriptionId: sub, serviceTitle: 'Growth' },
      { kind: 'project-setup', subscriptionId: sub, serviceTitle: 'Growth', completed: 0, total: 2 },
    ]);

    await ctx.database.sql.query(
      `INSERT INTO form_submissions (subscription_id, user_id, submitted_at, answers) VALUES ($1, $2, now(), '[]')`,
      [sub, u.id],
    );
    expect(await actions(u)).toEqual([
      { kind: 'project-setup', subscriptionId: sub, serviceTitle: 'Growth', completed: 0, total: 2 },
    ]);

    await complete(u, sub, stepIds[0]!);
    expect((await actions(u))[0]).toMatchObject({ completed: 1, total: 2 });
    await complete(u, sub, stepIds[1]!);
    expect(await actions(u)).toEqual([]);
  });

  it('shows a subscription with no steps only until its form is sent', async () => {
    const u = await signUp(ctx.app);
    const sub = await insertSubscription(ctx, u.id);
    expect(await actions(u)).toEqual([
      { kind: 'complete-form', subscriptionId: sub, serviceTitle: 'Starter' },
    ]);
  });
});

describe('completion steps', () => {
  it('are listed by StepIndex with completed of total; marking one completed stores the time and tells the owner', async () => {
    const sub = await insertSubscription(ctx, user.id);
    const ids = await insertSteps(ctx, sub, user.id, ['First', 'Second', 'Third']);
    const before = (await steps(user, sub)).json();
    expect(before).toMatchObject({ subscriptionId: sub, serviceTitle: 'Starter', completed: 0, total: 3 });
    expect(
      before.steps.map(
        (s: { stepIndex: number; stepDetails: string; stepStatus: string; completedAt: null }) => [
          s.stepIndex,
          s.stepDetails,
          s.stepStatus,
          s.completedAt,
        ],
      ),
    ).toEqual([
      [1, 'First', 'pending', null],
      [2, 'Second', 'pending', null],
      [3, 'Third', 'pending', null],
    ]);

    let res;
    const topics = await topicsDuring(ctx, async () => (res = await complete(user, sub, ids[1]!)));
    expect(topics).toEqual(expect.arrayContaining([`steps:${sub}`, `dashboard:${user.id}`]));
    expect(res!.json()).toMatchObject({ completed: 1, total: 3 });
    expect(res!.json().steps[1]).toMatchObject({ stepStatus: 'completed', completedAt: now.getTime() });

    // Marking it again keeps the first completion time.
    const first = now;
    now = new Date(now.getTime() + 60_000);
    expect((await complete(user, sub, ids[1]!)).json().steps[1].completedAt).toBe(first.getTime());
  });

  it('"Mark as Completed" can be undone by the owner: pending again, the time cleared, the owner told', async () => {
    const sub = await insertSubscription(ctx, user.id);
    const ids = await insertSteps(ctx, sub, user.id, ['First', 'Second']);
    await complete(user, sub, ids[0]!);
    const reopen = (u: TestUser) => ctx.app.inject({ method: 'POST', url: `/api/completion-steps/${sub}/${ids[0]}/reopen`, headers: { cookie: u.cookie } });
    let res;
    const topics = await topicsDuring(ctx, async () => (res = await reopen(user)));
    expect(topics).toEqual(expect.arrayContaining([`steps:${sub}`, `dashboard:${user.id}`]));
    expect(res!.statusCode).toBe(200);
    expect(res!.json()).toMatchObject({ completed: 0, total: 2 });
    expect(res!.json().steps[0]).toMatchObject({ stepStatus: 'pending', completedAt: null });
    expect((await actions(user)).some((a: { kind: string; subscriptionId: string }) => a.kind === 'project-setup' && a.subscriptionId === sub)).toBe(true);
    // Another customer cannot.
    await complete(user, sub, ids[0]!);
    expect((await reopen(await signUp(ctx.app))).statusCode).toBe(404);
    expect((await steps(user, sub)).json().steps[0].stepStatus).toBe('completed');
  });

  it("are another user's business: 404", async () => {
    const stranger = await signUp(ctx.app);
    const sub = await insertSubscription(ctx, user.id);
    const [step] = await insertSteps(ctx, sub, user.id, ['Only']);
    expect((await steps(stranger, sub)).statusCode).toBe(404);
    expect((await complete(stranger, sub, step!)).statusCode).toBe(404);
    const elsewhere = await insertSubscription(ctx, user.id);
    expect((await complete(user, elsewhere, step!)).statusCode).toBe(404);
  });

  it('can be set by staff only, live for the owner; "completed" stores the time and other statuses clear it', async () => {
    const staff = await signUp(ctx.app);
    await makeStaff(ctx, staff);
    const sub = await insertSubscription(ctx, user.id);
    const [step] = await insertSteps(ctx, sub, user.id, ['Review']);
    const patch = (u: TestUser, stepStatus: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/staff/subscriptions/${sub}/steps/${step}`,
        headers: { cookie: u.cookie },
        payload: { stepStatus },
      });

    expect((await patch(user, 'completed')).statusCode).toBe(403);
    let res;
    const topics = await topicsDuring(ctx, async () => (res = await patch(staff, 'completed')));
    expect(res!.statusCode).toBe(204);
    expect(topics).toContain(`steps:${sub}`);
    expect((await steps(user, sub)).json().steps[0]).toMatchObject({
      stepStatus: 'completed',
      completedAt: now.getTime(),
    });

    expect((await patch(staff, 'in_progress')).statusCode).toBe(204);
    expect((await steps(user, sub)).json()).toMatchObject({
      completed: 0,
      steps: [{ stepStatus: 'in_progress', completedAt: null }],
    });
    expect((await patch(staff, '<b>')).statusCode).toBe(400);
  });
});

describe('operator seeding', () => {
  const seed = (
    body: object,
    headers: Record<string, string> = { authorization: `Bearer ${OPERATOR_TOKEN}` },
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/operator/onboarding/subscriptions',
      headers,
      payload: body,
      remoteAddress: '127.0.0.1',
    });

  it('makes an ACTIVE subscription with its steps from the templates, for the operator only', async () => {
    await ctx.database.sql.query(
      `INSERT INTO services (id, title, price, amount, sort_order) VALUES ('plan-pro', 'Pro', '99.00', 9900, 1)`,
    );
    await ctx.database.sql.query(
      `INSERT INTO completion_step_templates (id, step_index, step_details) VALUES ('t2', 2, 'Two'), ('t1', 1, 'One')`,
    );
    const u = await signUp(ctx.app);
    expect((await seed({ email: u.email }, {})).statusCode).toBe(404);
    const res = await seed({ email: u.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    const sub = res.json().subscriptionId;
    expect((await steps(u, sub)).json()).toMatchObject({
      serviceTitle: 'Pro',
      total: 2,
      steps: [{ stepDetails: 'One' }, { stepDetails: 'Two' }],
    });
    expect(await actions(u)).toHaveLength(2);
    expect((await seed({ email: 'nobody@example.com' })).statusCode).toBe(404);
  });
});
