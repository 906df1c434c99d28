import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createBillingApp, subscribedUser } from './billing-helpers.ts';
import { signUp, type TestContext, type TestUser } from './helpers.ts';
import { signUpStaff, waitFor } from './staff-helpers.ts';

let ctx: TestContext;
let staff: TestUser;
let customer: TestUser;
beforeAll(async () => {
  ({ ctx } = await createBillingApp());
  staff = await signUpStaff(ctx);
  customer = await signUp(ctx.app);
});
afterAll(async () => ctx.close());

type Template = { id: string; stepIndex: number; stepDetails: string; place: string | null };
const templates = async () => (await as(ctx, staff, 'GET', '/api/staff/step-templates')).json().templates as Template[];
const actions = async (id: string) =>
  (await ctx.database.sql.query<{ action: string; actor_id: string }>('SELECT action, actor_id FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY action', ['step_template', id])).map(
    (r) => [r.action, r.actor_id],
  );
/** A new customer's subscription, bought at checkout: its steps' details in order, and a way to read them again. */
async function newSubscriptionSteps() {
  const { user, subscriptionId } = await subscribedUser(ctx);
  const read = async () => ((await as(ctx, user, 'GET', `/api/completion-steps/${subscriptionId}`)).json().steps as Template[]).map((s) => s.stepDetails);
  return { details: await read(), read };
}

describe('step templates editor', () => {
  it('creates, edits and deletes templates in step order; new subscriptions copy them, existing ones keep their copy; each write audited', async () => {
    const seen: Array<{ topic: string; audience: unknown }> = [];
    const stop = ctx.app.changeFeed.subscribe((change) => seen.push(change));
    const second = await as(ctx, staff, 'POST', '/api/staff/step-templates', { stepIndex: 2, stepDetails: '  Send us your logo.  ', place: null });
    expect(second.statusCode).toBe(201);
    await waitFor(() => seen.length > 0);
    stop();
    // Staff consoles showing the templates refetch; no customer page shows them.
    expect(seen).toEqual([{ topic: 'steps', audience: { staff: true } }]);
    const first = await as(ctx, staff, 'POST', '/api/staff/step-templates', { stepIndex: 1, stepDetails: 'Fill in the questionnaire.', place: null });
    expect((await templates()).map((t) => [t.stepIndex, t.stepDetails])).toEqual([
      [1, 'Fill in the questionnaire.'],
      [2, 'Send us your logo.'],
    ]);
    const earlier = await newSubscriptionSteps();
    expect(earlier.details).toEqual(['Fill in the questionnaire.', 'Send us your logo.']);

    const moved = await as(ctx, staff, 'PUT', `/api/staff/step-templates/${first.json().id}`, { stepIndex: 3, stepDetails: 'Approve the preview.', place: null });
    expect(moved.json()).toEqual({ id: first.json().id, stepIndex: 3, stepDetails: 'Approve the preview.', place: null });
    expect((await newSubscriptionSteps()).details).toEqual(['Send us your logo.', 'Approve the preview.']);

    expect((await as(ctx, staff, 'DELETE', `/api/staff/step-templates/${second.json().id}`)).statusCode).toBe(204);
    expect((await templates()).map((t) => t.id)).toEqual([first.json().id]);
    expect((await newSubscriptionSteps()).details).toEqual(['Approve the preview.']);
    // The subscription bought before the changes keeps the steps it copied.
    expect(await earlier.read()).toEqual(['Fill in the questionnaire.', 'Send us your logo.']);
    expect(await actions(first.json().id)).toEqual([
      ['step_template.create', staff.id],
      ['step_template.update', staff.id],
    ]);
    expect(await actions(second.json().id)).toEqual([
      ['step_template.create', staff.id],
      ['step_template.delete', staff.id],
    ]);
  });

  it('refuses bad input and a taken step number with stable codes, writing nothing', async () => {
    const [kept] = await templates();
    for (const bad of [
      { stepIndex: -1, stepDetails: 'x', place: null },
      { stepIndex: 1.5, stepDetails: 'x', place: null },
      { stepIndex: 4, stepDetails: '   ', place: null },
      { stepIndex: 4, stepDetails: 'x'.repeat(2001), place: null },
      { stepDetails: 'x', place: null },
      { stepIndex: 4, stepDetails: 'x' },
      { stepIndex: 4, stepDetails: 'x', place: 7 },
    ]) {
      const res = await as(ctx, staff, 'POST', '/api/staff/step-templates', bad);
      expect([res.statusCode, res.json().error.code], JSON.stringify(bad).slice(0, 60)).toEqual([400, 'VALIDATION_ERROR']);
    }
    const other = (await as(ctx, staff, 'POST', '/api/staff/step-templates', { stepIndex: 7, stepDetails: 'Launch.', place: null })).json() as Template;
    const taken = await as(ctx, staff, 'POST', '/api/staff/step-templates', { stepIndex: kept!.stepIndex, stepDetails: 'Twin.', place: null });
    expect([taken.statusCode, taken.json().error]).toEqual([409, { code: 'STEP_INDEX_TAKEN', message: `Another step is already number ${kept!.stepIndex}.` }]);
    const clash = await as(ctx, staff, 'PUT', `/api/staff/step-templates/${other.id}`, { stepIndex: kept!.stepIndex, stepDetails: 'Launch.', place: null });
    expect(clash.json().error.code).toBe('STEP_INDEX_TAKEN');
    // Its own number is not a clash.
    expect((await as(ctx, staff, 'PUT', `/api/staff/step-templates/${other.id}`, { stepIndex: 7, stepDetails: 'Launch day.', place: null })).statusCode).toBe(200);
    expect((await templates()).map((t) => [t.stepIndex, t.stepDetails])).toEqual([
      [kept!.stepIndex, kept!.stepDetails],
      [7, 'Launch day.'],
    ]);
    expect((await as(ctx, staff, 'PUT', '/api/staff/step-templates/nope', { stepIndex: 9, stepDetails: 'x', place: null })).statusCode).toBe(404);
    expect((await as(ctx, staff, 'DELETE', '/api/staff/step-templates/nope')).statusCode).toBe(404);
  });

  it("sets a template's place, which new subscriptions' steps copy; a place the portal does not have is refused with its own code", async () => {
    const created = await as(ctx, staff, 'POST', '/api/staff/step-templates', { stepIndex: 30, stepDetails: 'Add a card.', place: 'payment-methods' });
    expect([created.statusCode, created.json().place]).toEqual([201, 'payment-methods']);
    const id = created.json().id as string;
    expect((await templates()).find((t) => t.id === id)?.place).toBe('payment-methods');
    const placeOf = async () => {
      const { user, subscriptionId } = await subscribedUser(ctx);
      const steps = (await as(ctx, user, 'GET', `/api/completion-steps/${subscriptionId}`)).json().steps as Template[];
      return steps.find((s) => s.stepDetails === 'Add a card.')?.place;
    };
    expect(await placeOf()).toBe('payment-methods');

    expect((await as(ctx, staff, 'PUT', `/api/staff/step-templates/${id}`, { stepIndex: 30, stepDetails: 'Add a card.', place: 'support' })).json().place).toBe('support');
    expect(await placeOf()).toBe('support');

    for (const place of ['billing', 'Support', '../admin']) {
      const made = await as(ctx, staff, 'POST', '/api/staff/step-templates', { stepIndex: 31, stepDetails: 'Nowhere.', place });
      expect([made.statusCode, made.json().error.code], place).toEqual([400, 'UNKNOWN_STEP_PLACE']);
      const changed = await as(ctx, staff, 'PUT', `/api/staff/step-templates/${id}`, { stepIndex: 32, stepDetails: 'Changed.', place });
      expect([changed.statusCode, changed.json().error.code], place).toEqual([400, 'UNKNOWN_STEP_PLACE']);
    }
    // A refused write leaves the templates as they were.
    expect((await templates()).filter((t) => t.stepIndex >= 30)).toEqual([{ id, stepIndex: 30, stepDetails: 'Add a card.', place: 'support' }]);

    expect((await as(ctx, staff, 'PUT', `/api/staff/step-templates/${id}`, { stepIndex: 30, stepDetails: 'Add a card.', place: null })).json().place).toBeNull();
    expect(await placeOf()).toBeNull();
  });

  it('is staff only: a customer gets 403, a signed-out caller 401', async () => {
    const [kept] = await templates();
    for (const [method, url, payload] of [
      ['GET', '/api/staff/step-templates', undefined],
      ['POST', '/api/staff/step-templates', { stepIndex: 20, stepDetails: 'Sneaky.', place: null }],
      ['PUT', `/api/staff/step-templates/${kept!.id}`, { stepIndex: 20, stepDetails: 'Sneaky.', place: null }],
      ['DELETE', `/api/staff/step-templates/${kept!.id}`, undefined],
    ] as const) {
      expect((await as(ctx, customer, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await templates()).find((t) => t.id === kept!.id)).toEqual(kept);
    expect((await templates()).some((t) => t.stepDetails === 'Sneaky.')).toBe(false);
  });
});
