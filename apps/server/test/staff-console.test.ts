import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@portal/contracts/routes';
import { createTestApp, signUp, type TestContext } from './helpers.ts';
import { insertSteps } from './onboarding-helpers.ts';
import { call, createChat, signUpStaff } from './staff-helpers.ts';
import { createUpload, fileBytes, insertSubscription, uploadSmall } from './uploads-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

/** Every route of the table whose auth is `staff` or `admin`, as listed, so a new one is walked without editing this test. */
const staffRoutes = allRoutes.filter(({ route }) => route.auth === 'staff' || route.auth === 'admin');

describe('every staff route', () => {
  it('answers 403 to a customer and 401 to a visitor, whatever the input, and changes nothing', async () => {
    expect(staffRoutes.length).toBeGreaterThanOrEqual(15);
    const customer = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, customer);
    for (const { name, route } of staffRoutes) {
      const url = route.path.replace(/:chatId/, chatId).replace(/:userId/, customer.id).replace(/:(\w+)/g, 'x');
      const body = route.method === 'GET' ? undefined : { messageType: 'text', textMessage: 'hi', projectName: 'p', ownerId: customer.id };
      const asCustomer = await call(ctx.app, customer, route.method as 'GET', url, body);
      expect(asCustomer.status, name).toBe(403);
      expect(asCustomer.body.error.code, name).toBe('FORBIDDEN');
      expect((await call(ctx.app, null, route.method as 'GET', url, body)).status, name).toBe(401);
    }
    const chat = await call(ctx.app, customer, 'GET', `/api/support/chats/${chatId}`);
    expect(chat.body).toMatchObject({ status: 'OPEN', supportReadTimestamp: null });
    expect(chat.body.messages).toHaveLength(1);
  });
});

describe('support inbox', () => {
  it('lists OPEN first then newest activity, counts unread, searches, pages, and clears unread when support reads', async () => {
    const staff = await signUpStaff(ctx);
    const tag = `inbox${Date.now()}`;
    const ann = await signUp(ctx.app, { name: `Ann ${tag}` });
    const ben = await signUp(ctx.app, { name: `Ben ${tag}`, email: `ben-${tag}@example.com` });
    const annOld = await createChat(ctx.app, ann, 'first');
    const benChat = await createChat(ctx.app, ben, 'hello');
    const annClosed = await createChat(ctx.app, ann, 'closing soon');
    expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${annClosed}/close`)).status).toBe(200);
    // Ann writes again: her older chat moves to the top.
    await call(ctx.app, ann, 'POST', `/api/support/chats/${annOld}/messages`, { messageType: 'text', textMessage: 'anyone?' });

    const list = await call(ctx.app, staff, 'GET', `/api/staff/chats?q=${tag}`);
    expect(list.status).toBe(200);
    expect(list.body.chats.map((c: { id: string }) => c.id)).toEqual([annOld, benChat, annClosed]);
    expect(list.body.nextCursor).toBeNull();
    expect(list.body.chats[0]).toMatchObject({ unreadCount: 2, lastMessage: 'anyone?', customer: { id: ann.id, email: ann.email } });

    // Search by e-mail, any case; filters; pages in the same stable order.
    expect((await call(ctx.app, staff, 'GET', `/api/staff/chats?q=BEN-${tag}`)).body.chats.map((c: { id: string }) => c.id)).toEqual([benChat]);
    expect((await call(ctx.app, staff, 'GET', `/api/staff/chats?q=${tag}&status=CLOSED`)).body.chats.map((c: { id: string }) => c.id)).toEqual([annClosed]);
    const page1 = await call(ctx.app, staff, 'GET', `/api/staff/chats?q=${tag}&limit=2`);
    expect(page1.body.chats.map((c: { id: string }) => c.id)).toEqual([annOld, benChat]);
    const page2 = await call(ctx.app, staff, 'GET', `/api/staff/chats?q=${tag}&limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body).toMatchObject({ nextCursor: null });
    expect(page2.body.chats.map((c: { id: string }) => c.id)).toEqual([annClosed]);
    expect((await call(ctx.app, staff, 'GET', '/api/staff/chats?limit=1000')).status).toBe(400);
    expect((await call(ctx.app, staff, 'GET', '/api/staff/chats?q=%25')).status).toBe(200);

    // Reading clears the count and tells the customer it was seen.
    expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${annOld}/read`)).status).toBe(204);
    const after = await call(ctx.app, staff, 'GET', `/api/staff/chats?q=${tag}&status=OPEN`);
    expect(after.body.chats[0]).toMatchObject({ id: annOld, unreadCount: 0 });
    const seen = await call(ctx.app, ann, 'GET', `/api/support/chats/${annOld}`);
    expect(seen.body.supportReadTimestamp).toBeGreaterThanOrEqual(seen.body.messages.at(-1).sentTimestamp);
    expect((await call(ctx.app, staff, 'POST', '/api/staff/chats/nope/read')).status).toBe(404);
  });

  it('names the staff member on replies for staff only, refuses a reply to a closed chat, and audits the writes', async () => {
    const staff = await signUpStaff(ctx);
    const customer = await signUp(ctx.app);
    const chatId = await createChat(ctx.app, customer);
    expect((await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/messages`, { messageType: 'text', textMessage: 'On it' })).status).toBe(201);
    const staffView = await call(ctx.app, staff, 'GET', `/api/staff/chats/${chatId}`);
    expect(staffView.body.messages.map((m: { senderName: string | null }) => m.senderName)).toEqual([null, 'Sam Support']);
    const customerView = await call(ctx.app, customer, 'GET', `/api/support/chats/${chatId}`);
    expect(customerView.body.messages[1]).not.toHaveProperty('senderName');
    expect(customerView.body.messages[1].messengerType).toBe('support');

    await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/close`);
    const refused = await call(ctx.app, staff, 'POST', `/api/staff/chats/${chatId}/messages`, { messageType: 'text', textMessage: 'late' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'CHAT_CLOSED', message: 'This conversation has been closed.' });

    const audit = await call(ctx.app, staff, 'GET', `/api/staff/customers/${customer.id}/audit`);
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['chat.close', 'chat.reply']);
    expect(audit.body.entries[0]).toMatchObject({ actorName: 'Sam Support', entityId: chatId, before: { status: 'OPEN' }, after: { status: 'CLOSED' } });
    expect(audit.body.entries[1].after).toMatchObject({ textMessage: 'On it', messengerType: 'support' });
  });
});

describe('customers', () => {
  it('lists customers with their counts, shows a customer page without card tokens, and edits steps with an audit', async () => {
    const staff = await signUpStaff(ctx);
    const tag = `cust${Date.now()}`;
    const customer = await signUp(ctx.app, { name: `Cora ${tag}`, phone: '555 777 1234' });
    const subscriptionId = await insertSubscription(ctx, customer.id, 'ACTIVE', 'Growth');
    const [first] = await insertSteps(ctx, subscriptionId, customer.id, ['Send your menu', 'Approve the design']);

    const list = await call(ctx.app, staff, 'GET', `/api/staff/customers?q=${tag}`);
    expect(list.body).toMatchObject({ customers: [expect.anything()], nextCursor: null });
    expect(list.body.customers[0]).toMatchObject({ id: customer.id, phone: '555 777 1234', activeSubscriptions: 1, lastPaymentTimestamp: null });
    expect((await call(ctx.app, staff, 'GET', `/api/staff/customers?q=${staff.email}`)).body).toEqual({ customers: [], nextCursor: null });

    const answers = [
      { formItemId: 'q1', prompt: 'Business name', type: 'SINGLE_TEXT_INPUT', order: 1, answer: 'Cora Cakes' },
      { formItemId: 'q2', prompt: 'Logo', type: 'SINGLE_IMAGE_UPLOAD', order: 2, answers: ['/api/files/logo-1'] },
    ];
    await ctx.database.sql.query(`INSERT INTO form_submissions (subscription_id, user_id, submitted_at, answers) VALUES ($1, $2, now(), $3)`, [
      subscriptionId,
      customer.id,
      JSON.stringify(answers),
    ]);
    const page = await call(ctx.app, staff, 'GET', `/api/staff/customers/${customer.id}`);
    expect(page.status).toBe(200);
    expect(page.body.profile).toMatchObject({ id: customer.id, phone: '555 777 1234' });
    const section = async (name: string) => (await call(ctx.app, staff, 'GET', `/api/staff/customers/${customer.id}/${name}`)).body;
    expect((await section('subscriptions')).subscriptions).toEqual([expect.objectContaining({ id: subscriptionId, status: 'ACTIVE', serviceTitle: 'Growth' })]);
    expect((await section('questionnaires')).questionnaires).toEqual([expect.objectContaining({ subscriptionId, serviceTitle: 'Growth', answers })]);
    expect(JSON.stringify(await section('cards'))).not.toMatch(/squareCardId|square_card_id|cnon:/);
    expect((await call(ctx.app, staff, 'GET', `/api/staff/customers/${staff.id}`)).status).toBe(404);

    const update = await call(ctx.app, staff, 'PATCH', `/api/staff/subscriptions/${subscriptionId}/steps/${first}`, { stepStatus: 'completed', stepDetails: 'Send your menu (PDF)' });
    expect(update.status).toBe(204);
    expect((await call(ctx.app, staff, 'PATCH', `/api/staff/subscriptions/${subscriptionId}/steps/${first}`, {})).status).toBe(400);
    const added = await call(ctx.app, staff, 'POST', `/api/staff/subscriptions/${subscriptionId}/steps`, { stepDetails: 'Go live' });
    expect(added.body.steps.map((s: { stepDetails: string }) => s.stepDetails)).toEqual(['Send your menu (PDF)', 'Approve the design', 'Go live']);
    const own = await call(ctx.app, customer, 'GET', `/api/completion-steps/${subscriptionId}`);
    expect(own.body).toMatchObject({ completed: 1, total: 3 });

    const audit = await call(ctx.app, staff, 'GET', `/api/staff/customers/${customer.id}/audit?limit=1`);
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({ action: 'step.create', before: null, after: { stepDetails: 'Go live' } });
    const second = await call(ctx.app, staff, 'GET', `/api/staff/customers/${customer.id}/audit?limit=1&cursor=${audit.body.nextCursor}`);
    expect(second.body.nextCursor).toBeNull();
    expect(second.body.entries[0]).toMatchObject({
      action: 'step.update',
      before: { stepStatus: 'pending', stepDetails: 'Send your menu' },
      after: { stepStatus: 'completed', stepDetails: 'Send your menu (PDF)' },
    });
  });

  it("sets a subscription's step place when editing or adding a step, refusing a place the portal does not have", async () => {
    const staff = await signUpStaff(ctx);
    const customer = await signUp(ctx.app);
    const subscriptionId = await insertSubscription(ctx, customer.id, 'ACTIVE', 'Growth');
    const [first] = await insertSteps(ctx, subscriptionId, customer.id, ['Add a card']);
    const places = async () => ((await call(ctx.app, customer, 'GET', `/api/completion-steps/${subscriptionId}`)).body.steps as Array<{ place: string | null }>).map((s) => s.place);
    const step = `/api/staff/subscriptions/${subscriptionId}/steps/${first}`;

    expect((await call(ctx.app, staff, 'PATCH', step, { place: 'payment-methods' })).status).toBe(204);
    const added = await call(ctx.app, staff, 'POST', `/api/staff/subscriptions/${subscriptionId}/steps`, { stepDetails: 'Ask us anything', place: 'support' });
    expect(added.status).toBe(200);
    expect(await places()).toEqual(['payment-methods', 'support']);
    // Details alone keep the place; null takes it away.
    expect((await call(ctx.app, staff, 'PATCH', step, { stepDetails: 'Add a card, please' })).status).toBe(204);
    expect(await places()).toEqual(['payment-methods', 'support']);
    expect((await call(ctx.app, staff, 'PATCH', step, { place: null })).status).toBe(204);
    expect(await places()).toEqual([null, 'support']);

    for (const refused of [
      await call(ctx.app, staff, 'PATCH', step, { stepStatus: 'completed', place: 'billing' }),
      await call(ctx.app, staff, 'POST', `/api/staff/subscriptions/${subscriptionId}/steps`, { stepDetails: 'Elsewhere', place: 'https://example.com' }),
    ]) {
      expect([refused.status, refused.body.error.code]).toEqual([400, 'UNKNOWN_STEP_PLACE']);
    }
    // Nothing of a refused change was written.
    const steps = (await call(ctx.app, customer, 'GET', `/api/completion-steps/${subscriptionId}`)).body;
    expect(steps).toMatchObject({ completed: 0, total: 2 });
  });

  it('filters projects by release status, takes an uploaded logo path, stamps publishing, and audits before and after', async () => {
    const staff = await signUpStaff(ctx);
    const customer = await signUp(ctx.app);
    const created = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: customer.id, projectName: 'Cafe app', businessLogo: '/api/files/abc-123' });
    expect(created.status).toBe(201);
    expect(created.body.businessLogo).toBe('/api/files/abc-123');
    expect((await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: customer.id, projectName: 'x', businessLogo: '/etc/passwd' })).status).toBe(400);
    const id = created.body.projectId;
    const published = await call(ctx.app, staff, 'PATCH', `/api/staff/projects/${id}`, { releaseStatus: 'PUBLISHED' });
    expect(published.body.publishedTimestamp).toEqual(expect.any(Number));
    const filtered = await call(ctx.app, staff, 'GET', `/api/staff/projects?ownerId=${customer.id}&releaseStatus=PUBLISHED`);
    expect(filtered.body.projects.map((p: { projectId: string }) => p.projectId)).toEqual([id]);
    expect((await call(ctx.app, staff, 'GET', `/api/staff/projects?ownerId=${customer.id}&releaseStatus=PENDING`)).body).toEqual({ projects: [], nextCursor: null });
    const audit = await call(ctx.app, staff, 'GET', `/api/staff/customers/${customer.id}/audit`);
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['project.update', 'project.create']);
    expect(audit.body.entries[0].before.releaseStatus).toBe('PENDING');
    expect(audit.body.entries[0].after.releaseStatus).toBe('PUBLISHED');
  });

  it('lets staff (only) upload a business logo for a customer, which that customer and staff can read', async () => {
    const staff = await signUpStaff(ctx);
    const customer = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const target = { purpose: 'project-logo', targetId: customer.id, filetype: 'image/png', filename: 'logo.png' };
    const refused = await createUpload(ctx.app, customer.cookie, { ...target, length: 100 });
    expect(refused.statusCode).toBe(404);
    const fileId = await uploadSmall(ctx.app, staff.cookie, target, fileBytes('png', 2000));
    const created = await call(ctx.app, staff, 'POST', '/api/staff/projects', { ownerId: customer.id, projectName: 'Logo app', businessLogo: `/api/files/${fileId}` });
    expect(created.body.businessLogo).toBe(`/api/files/${fileId}`);
    const read = (user: typeof customer) => ctx.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: { cookie: user.cookie } });
    expect((await read(customer)).statusCode).toBe(200);
    expect((await read(staff)).statusCode).toBe(200);
    expect((await read(other)).statusCode).toBe(404);
  });
});
