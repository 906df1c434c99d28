import path from 'node:path';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeStaff, signUp, type TestContext, type TestUser } from './helpers.ts';
import { createUpload, fileBytes, insertSubscription, uploadSmall } from './uploads-helpers.ts';
import { insertQuestions, insertSteps, topicsDuring } from './onboarding-helpers.ts';

const NOW = new Date('2025-08-01T12:00:00Z');
let ctx: TestContext;
let user: TestUser;
let other: TestUser;
let subscriptionId: string;

beforeAll(async () => {
  ctx = await createTestApp({ clock: () => NOW });
  await insertQuestions(ctx);
  [user, other] = [await signUp(ctx.app), await signUp(ctx.app)];
  subscriptionId = await insertSubscription(ctx, user.id);
});
afterAll(async () => ctx.close());

const imageFor = (u: TestUser, formItemId: string, sub = subscriptionId) =>
  uploadSmall(
    ctx.app,
    u.cookie,
    {
      purpose: 'questionnaire-image',
      targetId: `${sub}/${formItemId}`,
      filetype: 'image/png',
      filename: 'logo.png',
    },
    fileBytes('png', 800),
  );
const submit = (answers: unknown[], u = user, sub = subscriptionId) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/questionnaire/${sub}`,
    headers: { cookie: u.cookie },
    payload: { answers },
  });

async function validAnswers() {
  const logo = await imageFor(user, 'q-logo');
  const photos = [await imageFor(user, 'q-photos'), await imageFor(user, 'q-photos')];
  return [
    { formItemId: 'q-name', answer: '  Bean There Cafe ' },
    { formItemId: 'q-about', answer: 'Coffee and cakes.' },
    { formItemId: 'q-features', selectedOptionIds: ['o3', 'o1'] },
    { formItemId: 'q-kind', answer: 'Restaurant' },
    { formItemId: 'q-colour', answer: '' },
    { formItemId: 'q-logo', answers: [`/api/files/${logo}`] },
    { formItemId: 'q-photos', answers: photos.map((p) => `/api/files/${p}`) },
  ];
}

describe('loading the questionnaire', () => {
  it('gives the questions ordered by order, with no saved answers yet', async () => {
    const res = await ctx.app.inject({
      url: `/api/questionnaire/${subscriptionId}`,
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { id: string }) => i.id)).toEqual([
      'q-name',
      'q-about',
      'q-features',
      'q-kind',
      'q-colour',
      'q-logo',
      'q-photos',
      'q-date',
    ]);
    expect(body.items[2]).toEqual({
      id: 'q-features',
      prompt: 'Features?',
      type: 'CHECKBOX',
      order: 3,
      isRequired: true,
      options: [
        { id: 'o1', text: 'Ordering' },
        { id: 'o2', text: 'Booking' },
        { id: 'o3', text: 'Loyalty' },
      ],
      maxImages: null,
    });
    expect(body.items[6].maxImages).toBe(4);
    expect(body).toMatchObject({ subscriptionId, serviceTitle: 'Starter', submission: null });
  });

  it("answers 404 for another user's subscription", async () => {
    const res = await ctx.app.inject({
      url: `/api/questionnaire/${subscriptionId}`,
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect((await submit([], other)).statusCode).toBe(404);
  });
});

const refusal = (questions: Array<{ formItemId: string; code: string; message?: string }>) => ({
  error: {
    code: 'INVALID_ANSWERS',
    message: 'Some answers need your attention. See the questions marked.',
    questions: questions.map((q) => (q.message ? q : { ...q, message: expect.any(String) })),
  },
});

describe('submitting', () => {
  it.each([
    ['an empty required text', { formItemId: 'q-name', answer: '   ' }, 'Business name?'],
    ['an empty required checkbox list', { formItemId: 'q-features', selectedOptionIds: [] }, 'Features?'],
    ['an unanswered required choice', { formItemId: 'q-kind', answer: '' }, 'Kind of business?'],
    ['an empty required image list', { formItemId: 'q-logo', answers: [] }, 'Your logo'],
  ])('refuses %s at that question, with the message of spec §5', async (_name, override, prompt) => {
    const answers = (await validAnswers()).map((a) => (a.formItemId === override.formItemId ? override : a));
    const res = await submit(answers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      refusal([
        { formItemId: override.formItemId, code: 'REQUIRED_QUESTION', message: `Please answer the required question: "${prompt}"` },
      ]),
    );
  });

  it('names every required question left empty, in question order, not only the first', async () => {
    const res = await submit([]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      refusal([
        { formItemId: 'q-name', code: 'REQUIRED_QUESTION', message: 'Please answer the required question: "Business name?"' },
        { formItemId: 'q-features', code: 'REQUIRED_QUESTION', message: 'Please answer the required question: "Features?"' },
        { formItemId: 'q-kind', code: 'REQUIRED_QUESTION', message: 'Please answer the required question: "Kind of business?"' },
        { formItemId: 'q-logo', code: 'REQUIRED_QUESTION', message: 'Please answer the required question: "Your logo"' },
      ]),
    );
  });

  it('refuses an over-long answer at its question in words, never with a schema path', async () => {
    const answers = (await validAnswers()).map((a) =>
      a.formItemId === 'q-about' ? { ...a, answer: 'x'.repeat(10_042) } : a,
    );
    const res = await submit(answers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      refusal([
        {
          formItemId: 'q-about',
          code: 'ANSWER_TOO_LONG',
          message: 'This answer is 42 characters over the limit of 10,000. Shorten it, then submit again.',
        },
      ]),
    );
    expect(res.body).not.toMatch(/answers\.\d|Too big|expected/);
    // Exactly at the limit is fine.
    const atLimit = answers.map((a) => (a.formItemId === 'q-about' ? { ...a, answer: 'x'.repeat(10_000) } : a));
    expect((await submit(atLimit)).statusCode).toBe(200);
  });

  it("refuses choices that are not options, and images that are not this question's uploads, each at its question", async () => {
    const base = await validAnswers();
    const replace = (...changes: Array<{ formItemId: string; [field: string]: unknown }>) =>
      base.map((b) => changes.find((c) => c.formItemId === b.formItemId) ?? b);
    const both = await submit(
      replace({ formItemId: 'q-kind', answer: 'Bakery' }, { formItemId: 'q-features', selectedOptionIds: ['o9'] }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual(
      refusal([
        { formItemId: 'q-features', code: 'NOT_AN_OPTION', message: 'Choose one of the options given.' },
        { formItemId: 'q-kind', code: 'NOT_AN_OPTION', message: 'Choose one of the options given.' },
      ]),
    );
    const unknown = await submit([...base, { formItemId: 'q-nope', answer: 'x' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('UNKNOWN_QUESTION');

    const photoAsLogo = await imageFor(user, 'q-photos');
    const othersLogo = await imageFor(other, 'q-logo', await insertSubscription(ctx, other.id));
    const twoLogos = [await imageFor(user, 'q-logo'), await imageFor(user, 'q-logo')];
    for (const [urls, code] of [
      [[`/api/files/${photoAsLogo}`], 'IMAGE_NOT_UPLOADED'],
      [[`/api/files/${othersLogo}`], 'IMAGE_NOT_UPLOADED'],
      [['https://example.com/logo.png'], 'IMAGE_NOT_UPLOADED'],
      [twoLogos.map((id) => `/api/files/${id}`), 'ONE_IMAGE_ONLY'],
    ] as const) {
      const res = await submit(replace({ formItemId: 'q-logo', answers: urls }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal([{ formItemId: 'q-logo', code }]));
    }
    const many = await submit(replace({ formItemId: 'q-photos', answers: Array.from({ length: 51 }, (_, i) => `/api/files/${i}`) }));
    expect(many.json()).toEqual(refusal([{ formItemId: 'q-photos', code: 'TOO_MANY_IMAGES' }]));
  });

  it('answers a body of the wrong shape with 400 and a stable code', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/questionnaire/${subscriptionId}`,
      headers: { cookie: user.cookie },
      payload: { answers: { 'q-logo': { state: 'error' } } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('stores the answer record of spec §3 with the per-type fields, leaves out unsupported types, and tells the owner', async () => {
    const answers = await validAnswers();
    // The step that names the questionnaire follows the submission; other steps stay as they are (issue 28).
    const [asking, other] = await insertSteps(ctx, subscriptionId, user.id, ['Submit the questionnaire', 'Connect payments']);
    await ctx.database.sql.query(`UPDATE completion_steps SET place = 'questionnaire' WHERE id = $1`, [asking]);
    let res;
    const topics = await topicsDuring(ctx, async () => (res = await submit(answers)));
    expect(res!.statusCode).toBe(200);
    expect(topics).toEqual(
      expect.arrayContaining([`questionnaire:${subscriptionId}`, `dashboard:${user.id}`, `steps:${subscriptionId}`]),
    );
    const steps = (await ctx.app.inject({ url: `/api/completion-steps/${subscriptionId}`, headers: { cookie: user.cookie } })).json().steps;
    expect(steps.find((s: { id: string }) => s.id === asking)).toMatchObject({ stepStatus: 'completed', completedAt: NOW.getTime(), place: 'questionnaire' });
    expect(steps.find((s: { id: string }) => s.id === other)).toMatchObject({ stepStatus: 'pending', place: null });
    const stored = (
      await ctx.app.inject({ url: `/api/questionnaire/${subscriptionId}`, headers: { cookie: user.cookie } })
    ).json().submission;
    expect(stored).toEqual({
      userId: user.id,
      subscriptionId,
      submittedAt: NOW.getTime(),
      answers: [
        {
          formItemId: 'q-name',
          prompt: 'Business name?',
          type: 'SINGLE_TEXT_INPUT',
          order: 1,
          answer: 'Bean There Cafe',
        },
        {
          formItemId: 'q-about',
          prompt: 'About your business?',
          type: 'PARAGRAPH_TEXT_INPUT',
          order: 2,
          answer: 'Coffee and cakes.',
        },
        {
          formItemId: 'q-features',
          prompt: 'Features?',
          type: 'CHECKBOX',
          order: 3,
          selectedOptionIds: ['o1', 'o3'],
          selectedOptionsText: ['Ordering', 'Loyalty'],
        },
        {
          formItemId: 'q-kind',
          prompt: 'Kind of business?',
          type: 'MULTIPLE_CHOICE',
          order: 4,
          answer: 'Restaurant',
        },
        { formItemId: 'q-colour', prompt: 'Colour?', type: 'DROPDOWN', order: 5, answer: '' },
        {
          formItemId: 'q-logo',
          prompt: 'Your logo',
          type: 'SINGLE_IMAGE_UPLOAD',
          order: 6,
          answers: answers[5]!.answers,
        },
        {
          formItemId: 'q-photos',
          prompt: 'Photos',
          type: 'MULTIPLE_IMAGE_UPLOAD',
          order: 7,
          answers: answers[6]!.answers,
        },
      ],
    });
  });

  it('lets the owner update the answers; a resubmission replaces them', async () => {
    const answers = (await validAnswers()).map((a) =>
      a.formItemId === 'q-name' ? { ...a, answer: 'Bean Here Cafe' } : a,
    );
    expect((await submit(answers)).statusCode).toBe(200);
    const rows = await ctx.database.sql.query<{ answers: Array<{ answer?: string }> }>(
      `SELECT answers FROM form_submissions WHERE subscription_id = $1`,
      [subscriptionId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.answers[0]!.answer).toBe('Bean Here Cafe');
  });
});

describe('questionnaire images', () => {
  it('go under form_submissions/{uid}/{subscriptionId}/{formItemId}/{random id} and only to the owner and staff', async () => {
    const id = await imageFor(user, 'q-logo');
    const [row] = await ctx.database.sql.query<{ storage_key: string }>(
      `SELECT storage_key FROM uploads WHERE id = $1`,
      [id],
    );
    expect(row!.storage_key).toMatch(
      new RegExp(`^form_submissions/${user.id}/${subscriptionId}/q-logo/[0-9a-f-]{36}$`),
    );
    expect(existsSync(path.join(ctx.config.dataDir, 'uploads', ...row!.storage_key.split('/')))).toBe(true);

    const staff = await signUp(ctx.app);
    await makeStaff(ctx, staff);
    const read = (u: TestUser) => ctx.app.inject({ url: `/api/files/${id}`, headers: { cookie: u.cookie } });
    expect((await read(user)).statusCode).toBe(200);
    expect((await read(staff)).statusCode).toBe(200);
    expect((await read(other)).statusCode).toBe(404);
  });

  it("are refused for another user's subscription and for questions that take no images", async () => {
    const target = (sub: string, item: string) => ({
      purpose: 'questionnaire-image',
      targetId: `${sub}/${item}`,
      filetype: 'image/png',
      length: 100,
    });
    expect((await createUpload(ctx.app, other.cookie, target(subscriptionId, 'q-logo'))).statusCode).toBe(
      404,
    );
    expect((await createUpload(ctx.app, user.cookie, target(subscriptionId, 'q-name'))).statusCode).toBe(404);
    expect((await createUpload(ctx.app, user.cookie, target(subscriptionId, 'q-missing'))).statusCode).toBe(
      404,
    );
    expect(
      (
        await createUpload(ctx.app, user.cookie, {
          ...target(subscriptionId, 'q-logo'),
          filetype: 'video/mp4',
        })
      ).statusCode,
    ).toBe(415);
  });
});
