import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { fileBytes, insertSubscription, uploadSmall } from './uploads-helpers.ts';
import { insertQuestions, topicsDuring } from './onboarding-helpers.ts';

let now = new Date('2025-08-01T12:00:00Z');
let ctx: TestContext;
let user: TestUser;
let other: TestUser;
let subscriptionId: string;

beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
  await insertQuestions(ctx);
  [user, other] = [await signUp(ctx.app), await signUp(ctx.app)];
  subscriptionId = await insertSubscription(ctx, user.id);
});
afterAll(async () => ctx.close());

const saveDraft = (answers: unknown[], basedOn: number | null = null, u = user, sub = subscriptionId) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/questionnaire/${sub}/draft`,
    headers: { cookie: u.cookie },
    payload: { answers, basedOn },
  });
const load = async (u = user, sub = subscriptionId) =>
  ctx.app.inject({ url: `/api/questionnaire/${sub}`, headers: { cookie: u.cookie } });
const logoFor = (u: TestUser, sub = subscriptionId) =>
  uploadSmall(
    ctx.app,
    u.cookie,
    { purpose: 'questionnaire-image', targetId: `${sub}/q-logo`, filetype: 'image/png', filename: 'logo.png' },
    fileBytes('png', 800),
  );

describe('the questionnaire draft', () => {
  it('keeps the answers as typed, uploaded images included, and gives them back on load', async () => {
    expect((await load()).json().draft).toBeNull();
    const logo = `/api/files/${await logoFor(user)}`;
    const answers = [
      { formItemId: 'q-name', answer: 'Bean There ' },
      { formItemId: 'q-features', selectedOptionIds: ['o2'] },
      { formItemId: 'q-logo', answers: [logo] },
      // A question no longer asked is left out, not refused.
      { formItemId: 'q-removed-meanwhile', answer: 'x' },
    ];
    let res;
    const topics = await topicsDuring(ctx, async () => (res = await saveDraft(answers)));
    expect(res!.statusCode).toBe(200);
    // Saving as one types tells no one: the page that saves already shows the answers.
    expect(topics).toEqual([]);
    const kept = answers.slice(0, 3);
    expect(res!.json()).toEqual({ answers: kept, savedAt: now.getTime() });
    expect((await load()).json()).toMatchObject({ submission: null, draft: { answers: kept, savedAt: now.getTime() } });

    // A later save replaces the draft, emptied answers included.
    now = new Date(now.getTime() + 1000);
    expect((await saveDraft([{ formItemId: 'q-name', answer: '' }])).statusCode).toBe(200);
    expect((await load()).json().draft).toEqual({ answers: [{ formItemId: 'q-name', answer: '' }], savedAt: now.getTime() });
  });

  it('refuses too much text with DRAFT_TOO_LARGE, and images that are not this question’s uploads, keeping the last draft', async () => {
    // One answer may be over the sending limit (it is being cut down), but not over twice that.
    const longButKept = await saveDraft([{ formItemId: 'q-about', answer: 'x'.repeat(15_000) }]);
    expect(longButKept.statusCode).toBe(200);
    const tooLong = await saveDraft([{ formItemId: 'q-about', answer: 'x'.repeat(20_001) }]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      error: {
        code: 'DRAFT_TOO_LARGE',
        message: expect.stringMatching(/too long to be kept as a draft/),
        questions: [{ formItemId: 'q-about', code: 'ANSWER_TOO_LONG', message: expect.stringMatching(/20,000 characters/) }],
      },
    });
    const tooMuch = await saveDraft(
      ['q-name', 'q-about', 'q-kind', 'q-colour', 'q-features', 'q-logo'].map((formItemId) => ({ formItemId, answer: 'y'.repeat(18_000) })),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe('DRAFT_TOO_LARGE');

    const othersLogo = `/api/files/${await logoFor(other, await insertSubscription(ctx, other.id))}`;
    const notMine = await saveDraft([{ formItemId: 'q-logo', answers: [othersLogo] }]);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toMatchObject({ error: { code: 'INVALID_ANSWERS', questions: [{ formItemId: 'q-logo', code: 'IMAGE_NOT_UPLOADED' }] } });

    const wrongShape = await ctx.app.inject({
      method: 'PUT',
      url: `/api/questionnaire/${subscriptionId}/draft`,
      headers: { cookie: user.cookie },
      payload: { answers: { 'q-name': 'x' } },
    });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().error.code).toBe('VALIDATION_ERROR');
    expect((await load()).json().draft.answers).toEqual([{ formItemId: 'q-about', answer: 'x'.repeat(15_000) }]);
  });

  it('is cleared by sending the questionnaire, and a save from before that send is refused', async () => {
    expect((await saveDraft([{ formItemId: 'q-name', answer: 'Bean There' }])).statusCode).toBe(200);
    const logo = `/api/files/${await logoFor(user)}`;
    const sent = await ctx.app.inject({
      method: 'PUT',
      url: `/api/questionnaire/${subscriptionId}`,
      headers: { cookie: user.cookie },
      payload: {
        answers: [
          { formItemId: 'q-name', answer: 'Bean There' },
          { formItemId: 'q-features', selectedOptionIds: ['o1'] },
          { formItemId: 'q-kind', answer: 'Salon' },
          { formItemId: 'q-logo', answers: [logo] },
        ],
      },
    });
    expect(sent.statusCode).toBe(200);
    const loaded = (await load()).json();
    expect(loaded.draft).toBeNull();

    // A save still based on no submission (typed before the send, arriving after it) does not bring a draft back.
    const late = await saveDraft([{ formItemId: 'q-name', answer: 'Bean There' }], null);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('QUESTIONNAIRE_SUBMITTED');
    expect((await load()).json().draft).toBeNull();

    // Changing the sent answers starts a new draft, based on that submission.
    const change = await saveDraft([{ formItemId: 'q-name', answer: 'Bean Here' }], loaded.submission.submittedAt);
    expect(change.statusCode).toBe(200);
    expect((await load()).json().draft.answers).toEqual([{ formItemId: 'q-name', answer: 'Bean Here' }]);
  });

  it("is the owner's alone: another customer can neither read nor write it, nor send the questionnaire", async () => {
    const ownersDraft = (await load()).json().draft;
    const read = await load(other);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Bean Here');
    expect((await saveDraft([{ formItemId: 'q-name', answer: 'Taken over' }], null, other)).statusCode).toBe(404);
    const basedOn = (await load()).json().submission.submittedAt;
    expect((await saveDraft([{ formItemId: 'q-name', answer: 'Taken over' }], basedOn, other)).statusCode).toBe(404);
    const send = await ctx.app.inject({
      method: 'PUT',
      url: `/api/questionnaire/${subscriptionId}`,
      headers: { cookie: other.cookie },
      payload: { answers: [{ formItemId: 'q-name', answer: 'Taken over' }] },
    });
    expect(send.statusCode).toBe(404);
    expect((await load()).json().draft).toEqual(ownersDraft);
    const signedOut = await ctx.app.inject({ method: 'PUT', url: `/api/questionnaire/${subscriptionId}/draft`, payload: { answers: [], basedOn: null } });
    expect(signedOut.statusCode).toBe(401);
  });
});
