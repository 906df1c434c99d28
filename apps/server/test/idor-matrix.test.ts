import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, insertPlan, saveCard } from './billing-helpers.ts';
import { allRoutes } from '@portal/contracts/routes';
import { createTestApp, makeStaff, signUp, type TestContext, type TestUser } from './helpers.ts';
import { fillPath, operationsOf, sampleOf, type Operation } from './openapi-helpers.ts';
import { createUpload, fileBytes, uploadSmall } from './uploads-helpers.ts';

// Every route of the OpenAPI document with an id in its path, called by another customer with the owner's ids:
// never a 2xx. The route list comes from the document, so a new route is in the matrix the day it is added.
const PUBLIC_ROUTES = new Set(['GET /api/plans/{id}']);

let ctx: TestContext;
let owner: TestUser;
let stranger: TestUser;
let ids: Record<string, string>;
let admin: TestUser;
let agent: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ env: { RENEWAL_SWEEP_INTERVAL_MS: '0' } });
  await ctx.database.sql.query(`INSERT INTO completion_step_templates (id, step_index, step_details) VALUES ('idor-step', 1, 'Connect your payments')`);
  await ctx.database.sql.query(`INSERT INTO faqs (id, question, answer) VALUES ('idor-faq', 'Kept?', 'Yes.')`);
  await ctx.database.sql.query(`INSERT INTO help_guides (id, title) VALUES ('idor-guide', 'Kept')`);
  await ctx.database.sql.query(`INSERT INTO featured_banners (id, image_url) VALUES ('idor-banner', 'https://example.com/banner.png')`);
  await ctx.database.sql.query(`INSERT INTO form_items (id, prompt, type) VALUES ('idor-question', 'Business name?', 'SINGLE_TEXT_INPUT')`);
  await ctx.database.sql.query(`INSERT INTO promo_codes (code, type, value) VALUES ('IDORCODE', 'percent', 10)`);
  await ctx.database.sql.query(`INSERT INTO portfolio_entries (id, name) VALUES ('idor-portfolio', 'Kept')`);
  await ctx.database.sql.query(`INSERT INTO trusted_businesses (id, name) VALUES ('idor-trusted', 'Kept')`);
  [owner, stranger] = [await signUp(ctx.app), await signUp(ctx.app)];
  const staff = await signUp(ctx.app);
  await makeStaff(ctx, staff);
  admin = staff;
  agent = await signUp(ctx.app);
  await makeStaff(ctx, agent, undefined, 'agent');
  const plan = await insertPlan(ctx);
  const card = await saveCard(ctx, owner);
  const payment = await checkout(ctx, owner, { planId: plan.id, cardId: card.id });
  const [step] = await ctx.database.sql.query<{ id: string }>(`SELECT id FROM completion_steps WHERE subscription_id = $1`, [payment.subscriptionId]);
  const chat = await ctx.app.inject({ method: 'POST', url: '/api/support/chats', headers: { cookie: owner.cookie }, payload: { initialMessage: 'Help with my logo.' } });
  const project = await ctx.app.inject({
    method: 'POST',
    url: '/api/staff/projects',
    headers: { cookie: staff.cookie },
    payload: { ownerId: owner.id, projectName: 'Shop app', businessName: 'Shop' },
  });
  const fileId = await uploadSmall(ctx.app, owner.cookie, { purpose: 'profile-picture', targetId: owner.id, filetype: 'image/png' }, fileBytes('png', 2000));
  const unfinished = await createUpload(ctx.app, owner.cookie, { purpose: 'profile-picture', targetId: owner.id, filetype: 'image/png', length: 5000 });
  const draft = await ctx.app.inject({
    method: 'PUT',
    url: `/api/questionnaire/${payment.subscriptionId}/draft`,
    headers: { cookie: owner.cookie },
    payload: { answers: [{ formItemId: 'idor-question', answer: "Owner's draft" }], basedOn: null },
  });
  expect(draft.statusCode, draft.body).toBe(200);
  const invitation = await ctx.app.inject({ method: 'POST', url: '/api/staff/team/invitations', headers: { cookie: staff.cookie }, payload: { email: 'invited@example.com' } });
  expect(invitation.statusCode, invitation.body).toBe(201);
  const deletion = await ctx.app.inject({ method: 'POST', url: '/api/account-deletion-requests', headers: { cookie: owner.cookie }, payload: { name: 'Owner', email: 'owner@example.com' } });
  const savedReply = await ctx.app.inject({ method: 'POST', url: '/api/staff/saved-replies', headers: { cookie: staff.cookie }, payload: { title: 'Kept', body: 'Kept.' } });
  expect(savedReply.statusCode, savedReply.body).toBe(201);
  // A closed chat of the owner's, which its owner could rate: another customer must not.
  const closedChat = await ctx.app.inject({ method: 'POST', url: '/api/support/chats', headers: { cookie: owner.cookie }, payload: { initialMessage: 'Thanks, all done.' } });
  const closed = await ctx.app.inject({ method: 'POST', url: `/api/staff/chats/${closedChat.json().chatId}/close`, headers: { cookie: staff.cookie } });
  expect(closed.statusCode, closed.body).toBe(200);
  const [session] = await ctx.database.sql.query<{ id: string }>(`SELECT id FROM sessions WHERE user_id = $1`, [owner.id]);
  const [stage] = await ctx.database.sql.query<{ id: string }>(`SELECT id FROM project_stages WHERE project_id = $1 ORDER BY position LIMIT 1`, [project.json().projectId]);
  ids = {
    session: session!.id,
    deletionRequest: deletion.json().id,
    invitation: invitation.json().id,
    plan: plan.id,
    card: card.id,
    payment: payment.id,
    subscription: payment.subscriptionId,
    step: step!.id,
    chat: chat.json().chatId,
    closedChat: closedChat.json().chatId,
    project: project.json().projectId,
    file: fileId,
    upload: String(unfinished.headers.location).split('/').pop()!,
    savedReply: savedReply.json().id,
    stage: stage!.id,
  };
  expect(project.statusCode, project.body).toBe(201);
  for (const [name, value] of Object.entries(ids)) expect(value, name).toBeTruthy();
});
afterAll(async () => ctx.close());

/** The owner's id for a path parameter: by its name, or for a bare `{id}` by the collection it follows. */
function ownerId(op: Operation, param: string): string {
  const named: Record<string, string> = {
    subscriptionId: ids.subscription!,
    stepId: ids.step!,
    chatId: ids.chat!,
    projectId: ids.project!,
    fileId: ids.file!,
    uploadId: ids.upload!,
    userId: owner.id,
    requestId: ids.deletionRequest!,
    invitationId: ids.invitation!,
    planId: ids.plan!,
    faqId: 'idor-faq',
    guideId: 'idor-guide',
    bannerId: 'idor-banner',
    questionId: 'idor-question',
    code: 'IDORCODE',
    templateId: 'idor-step',
    entryId: 'idor-portfolio',
    businessId: 'idor-trusted',
    replyId: ids.savedReply!,
    stageId: ids.stage!,
    stageTemplateId: 'stage-design',
  };
  // A rating needs a closed chat: an open one would be refused for being open whoever asked.
  if (param === 'chatId' && op.path.endsWith('/rating')) return ids.closedChat!;
  if (named[param]) return named[param];
  // Staff routes name their collection after /api/staff/ (e.g. /api/staff/payments/{id}/refunds).
  const collection = op.path.split('/')[op.path.startsWith('/api/staff/') ? 3 : 2];
  const byCollection: Record<string, string> = { cards: ids.card!, payments: ids.payment!, subscriptions: ids.subscription!, me: ids.session! };
  if (param === 'id' && collection && byCollection[collection]) return byCollection[collection];
  throw new Error(`${op.method} ${op.path}: no owner's id for {${param}}; add it to the IDOR matrix`);
}

describe('IDOR matrix', () => {
  it('every route with an id answers another customer with no 2xx, and leaves the owner’s data as it was', async () => {
    const operations = (await operationsOf(ctx.app)).filter((op) => op.pathParams.length > 0 && !PUBLIC_ROUTES.has(`${op.method} ${op.path}`));
    expect(operations.length).toBeGreaterThan(15);
    const tried: string[] = [];
    for (const op of operations) {
      const url = fillPath(op.path, (param) => ownerId(op, param));
      const tus = op.path.startsWith('/api/uploads');
      const res = await ctx.app.inject({
        method: op.method as 'GET',
        url,
        headers: {
          cookie: stranger.cookie,
          ...(tus ? { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } : {}),
        },
        ...(tus && op.method === 'PATCH' ? { payload: fileBytes('png', 100) } : op.body ? { payload: sampleOf(op.body) as object } : {}),
      });
      tried.push(`${op.method} ${op.path}`);
      expect(res.statusCode, `${op.method} ${url}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${op.method} ${url}`).toBeLessThan(500);
    }
    expect(tried).toEqual(expect.arrayContaining(['GET /api/cards/{id}', 'DELETE /api/cards/{id}', 'POST /api/subscriptions/{id}/cancel', 'GET /api/files/{fileId}', 'DELETE /api/me/devices/{id}']));

    const as = (url: string) => ctx.app.inject({ url, headers: { cookie: owner.cookie } });
    expect((await as(`/api/subscriptions/${ids.subscription}`)).json().status).toBe('ACTIVE');
    expect((await as(`/api/cards/${ids.card}`)).statusCode).toBe(200);
    expect((await as(`/api/support/chats/${ids.chat}`)).json()).toMatchObject({ status: 'OPEN', messages: [{ textMessage: 'Help with my logo.' }] });
    expect((await as(`/api/files/${ids.file}`)).statusCode).toBe(200);
    const upload = await ctx.app.inject({ method: 'HEAD', url: `/api/uploads/${ids.upload}`, headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0' } });
    expect(upload.headers['upload-offset']).toBe('0');
    const steps = await ctx.database.sql.query<{ step_status: string }>(`SELECT step_status FROM completion_steps WHERE id = $1`, [ids.step]);
    expect(steps[0]!.step_status).toBe('pending');
    // The questionnaire's draft is read and written only by its owner, and no one else sent the questionnaire.
    const questionnaire = (await as(`/api/questionnaire/${ids.subscription}`)).json();
    expect(questionnaire).toMatchObject({ submission: null, draft: { answers: [{ formItemId: 'idor-question', answer: "Owner's draft" }] } });
    expect(tried).toEqual(expect.arrayContaining(['GET /api/questionnaire/{subscriptionId}', 'PUT /api/questionnaire/{subscriptionId}', 'PUT /api/questionnaire/{subscriptionId}/draft']));
    // A customer can neither read nor give the rating of another's closed chat.
    expect(tried).toEqual(expect.arrayContaining(['GET /api/support/chats/{chatId}/rating', 'POST /api/support/chats/{chatId}/rating']));
    expect(await ctx.database.sql.query(`SELECT rating FROM chat_ratings`)).toEqual([]);
    expect((await as(`/api/support/chats/${ids.closedChat}/rating`)).json()).toEqual({ rateable: true, rating: null, comment: null });
    // A customer cannot withdraw staff's invitation.
    expect(await ctx.database.sql.query(`SELECT email FROM staff_invitations WHERE id = $1`, [ids.invitation])).toEqual([{ email: 'invited@example.com' }]);
    // Nor assign the chat, write notes in it, or change staff's saved replies.
    expect(await ctx.database.sql.query(`SELECT assignee_id FROM support_chats WHERE id = $1`, [ids.chat])).toEqual([{ assignee_id: null }]);
    expect(await ctx.database.sql.query(`SELECT id FROM support_notes`)).toEqual([]);
    expect(await ctx.database.sql.query(`SELECT title, body FROM saved_replies`)).toEqual([{ title: 'Kept', body: 'Kept.' }]);
    expect(tried).toEqual(expect.arrayContaining(['POST /api/staff/chats/{chatId}/assignee', 'POST /api/staff/chats/{chatId}/notes', 'PUT /api/staff/saved-replies/{replyId}']));
    // Nor reach, edit or remove the stages of the owner's project, or staff's stage templates.
    expect(await ctx.database.sql.query(`SELECT name, reached_at FROM project_stages WHERE id = $1`, [ids.stage])).toEqual([{ name: 'Design', reached_at: null }]);
    expect(await ctx.database.sql.query(`SELECT name FROM project_stage_templates WHERE id = 'stage-design'`)).toEqual([{ name: 'Design' }]);
    expect(tried).toEqual(expect.arrayContaining(['GET /api/projects/{projectId}/stages', 'POST /api/staff/projects/{projectId}/stages/{stageId}/reached']));
    const content = await ctx.database.sql.query<{ question: string }>(`SELECT question FROM faqs UNION ALL SELECT title FROM help_guides`);
    expect(content.map((r) => r.question)).toEqual(['Kept?', 'Kept']);
  });
});

describe('IDOR matrix of roles', () => {
  it('every admin route answers an agent 403 with real ids, and leaves what it names as it was', async () => {
    const adminRoutes = allRoutes.filter(({ route }) => route.auth === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(15);
    const ownerOf = (path: string, param: string) => (param === 'userId' && path.startsWith('/api/staff/team/') ? admin.id : null);
    for (const { name, route } of adminRoutes) {
      const op = { method: route.method, path: route.path.replace(/:(\w+)/g, '{$1}') } as Operation;
      const url = fillPath(op.path, (param) => ownerOf(route.path, param) ?? ownerId(op, param));
      const body = route.method === 'GET' ? undefined : { role: 'agent', amount: 100, reason: 'Because', email: 'agent-made@example.com' };
      const res = await ctx.app.inject({ method: route.method as 'GET', url, headers: { cookie: agent.cookie }, ...(body ? { payload: body } : {}) });
      expect(res.statusCode, `${name} ${url}`).toBe(403);
      expect(res.json().error.code, name).toBe('FORBIDDEN');
    }
    const rows = await ctx.database.sql.query(
      `SELECT (SELECT role FROM users WHERE id = $1) AS admin_role, (SELECT count(*)::int FROM staff_invitations WHERE id = $2) AS invitation,
              (SELECT status FROM account_deletion_requests WHERE id = $3) AS deletion, (SELECT count(*)::int FROM promo_codes WHERE code = 'IDORCODE') AS promo,
              (SELECT count(*)::int FROM staff_invitations WHERE email = 'agent-made@example.com') AS invited`,
      [admin.id, ids.invitation, ids.deletionRequest],
    );
    expect(rows).toEqual([{ admin_role: 'admin', invitation: 1, deletion: 'unconfirmed', promo: 1, invited: 0 }]);
  });
});
