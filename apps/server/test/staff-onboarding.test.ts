import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadStorage } from '../src/modules/uploads/index.ts';
import { as, manualClock } from './billing-helpers.ts';
import { createTestApp, signUp, type TestContext, type TestUser } from './helpers.ts';
import { insertQuestions, QUESTIONS, topicsDuring } from './onboarding-helpers.ts';
import { signUpStaff } from './staff-helpers.ts';
import { createUpload, fileBytes, insertSubscription, uploadSmall } from './uploads-helpers.ts';

const time = manualClock();
let ctx: TestContext;
let staff: TestUser;
let customer: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ clock: time.clock });
  await insertQuestions(ctx);
  staff = await signUpStaff(ctx);
  customer = await signUp(ctx.app);
});
afterAll(async () => ctx.close());

const audited = async (action: string, id: string) =>
  (await ctx.database.sql.query<{ n: number; actor_id: string }>('SELECT count(*)::int AS n, max(actor_id) AS actor_id FROM audit_log WHERE action = $1 AND entity_id = $2', [action, id]))[0]!;
const anon = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => ctx.app.inject({ method, url, payload });
const code = (res: { json(): { error: { code: string } } }) => res.json().error.code;

describe('featured banners editor', () => {
  const bannerImage = (user = staff) =>
    uploadSmall(ctx.app, user.cookie, { purpose: 'banner-image', targetId: 'featured-banners', filetype: 'image/png', filename: 'sale.png' }, fileBytes('png', 900));
  const banner = (imageUrl: string, overrides: Record<string, unknown> = {}) => ({ imageUrl, linkUrl: '/select-plan', title: 'Spring sale', subtitle: 'Two months free', ...overrides });
  const publicBanners = async () => (await anon('GET', '/api/banners')).json().banners as Array<{ id: string; imageUrl: string; title: string | null }>;
  const storageKeyOf = async (fileId: string) =>
    (await ctx.database.sql.query<{ storage_key: string }>('SELECT storage_key FROM uploads WHERE id = $1', [fileId]))[0]?.storage_key;

  it('creates a banner from an uploaded image, newest first, readable by customers, audited and published', async () => {
    const older = await bannerImage();
    expect((await as(ctx, staff, 'POST', '/api/staff/banners', banner(`/api/files/${older}`, { title: 'Older' }))).statusCode).toBe(201);
    time.advance(60_000);
    const fileId = await bannerImage();
    let created!: { id: string; imageUrl: string };
    const topics = await topicsDuring(ctx, async () => {
      const res = await as(ctx, staff, 'POST', '/api/staff/banners', banner(`/api/files/${fileId}`));
      expect(res.statusCode).toBe(201);
      created = res.json();
    });
    expect(topics).toContain('banners');
    expect(created).toMatchObject({ imageUrl: `/api/files/${fileId}`, linkUrl: '/select-plan', title: 'Spring sale', subtitle: 'Two months free', timeCreated: time.now().getTime() });
    expect((await publicBanners()).slice(0, 2).map((b) => b.title)).toEqual(['Spring sale', 'Older']);
    expect((await as(ctx, customer, 'GET', `/api/files/${fileId}`)).statusCode).toBe(200);
    expect(await audited('banner.create', created.id)).toEqual({ n: 1, actor_id: staff.id });
  });

  it('edits a banner, replacing its image (the old file is deleted), then deletes it with its image', async () => {
    const first = await bannerImage();
    const created = (await as(ctx, staff, 'POST', '/api/staff/banners', banner(`/api/files/${first}`))).json();
    const firstKey = (await storageKeyOf(first))!;
    const storage = uploadStorage(ctx.config);
    expect(await storage.size(firstKey)).toBeGreaterThan(0);

    const kept = await as(ctx, staff, 'PUT', `/api/staff/banners/${created.id}`, banner(created.imageUrl, { linkUrl: 'https://example.com/offer', title: '', subtitle: '' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ imageUrl: `/api/files/${first}`, linkUrl: 'https://example.com/offer', title: null, subtitle: null });
    expect(await storage.size(firstKey)).toBeGreaterThan(0);

    const second = await bannerImage();
    const replaced = await as(ctx, staff, 'PUT', `/api/staff/banners/${created.id}`, banner(`/api/files/${second}`));
    expect(replaced.json().imageUrl).toBe(`/api/files/${second}`);
    expect(await storage.size(firstKey)).toBeNull();
    expect((await as(ctx, staff, 'GET', `/api/files/${first}`)).statusCode).toBe(404);
    expect(await audited('banner.update', created.id)).toMatchObject({ n: 2 });

    const secondKey = (await storageKeyOf(second))!;
    expect((await as(ctx, staff, 'DELETE', `/api/staff/banners/${created.id}`)).statusCode).toBe(204);
    expect((await publicBanners()).map((b) => b.id)).not.toContain(created.id);
    expect(await storage.size(secondKey)).toBeNull();
    expect(await storageKeyOf(second)).toBeUndefined();
    expect(await audited('banner.delete', created.id)).toMatchObject({ n: 1 });
    expect(code(await as(ctx, staff, 'DELETE', `/api/staff/banners/${created.id}`))).toBe('NOT_FOUND');
  });

  it('refuses images that are not banner uploads or belong to another banner, and bad links', async () => {
    const shown = await bannerImage();
    await as(ctx, staff, 'POST', '/api/staff/banners', banner(`/api/files/${shown}`));
    const subscriptionId = await insertSubscription(ctx, customer.id);
    const other = await uploadSmall(ctx.app, customer.cookie, { purpose: 'questionnaire-image', targetId: `${subscriptionId}/q-logo`, filetype: 'image/png' }, fileBytes('png', 500));
    const before = (await publicBanners()).length;
    for (const [imageUrl, expected] of [
      [`/api/files/${other}`, 'IMAGE_NOT_UPLOADED'],
      ['/api/files/nope', 'IMAGE_NOT_UPLOADED'],
      ['https://example.com/x.png', 'IMAGE_NOT_UPLOADED'],
      [`/api/files/${shown}`, 'IMAGE_IN_USE'],
    ]) {
      const res = await as(ctx, staff, 'POST', '/api/staff/banners', banner(imageUrl!));
      expect(res.statusCode).toBe(400);
      expect(code(res)).toBe(expected);
    }
    const fresh = await bannerImage();
    for (const linkUrl of ['javascript:alert(1)', '//evil.example', 'not a link']) {
      const res = await as(ctx, staff, 'POST', '/api/staff/banners', banner(`/api/files/${fresh}`, { linkUrl }));
      expect(res.statusCode).toBe(400);
      expect(code(res)).toBe('VALIDATION_ERROR');
    }
    expect((await publicBanners()).length).toBe(before);
  });

  it('lets only staff upload banner images and write banners', async () => {
    const refused = await createUpload(ctx.app, customer.cookie, { purpose: 'banner-image', targetId: 'featured-banners', filetype: 'image/png', length: 100 });
    expect(refused.statusCode).toBe(404);
    const notAnImage = await createUpload(ctx.app, staff.cookie, { purpose: 'banner-image', targetId: 'featured-banners', filetype: 'video/mp4', length: 100 });
    expect(notAnImage.statusCode).toBe(415);
    await expect(
      uploadSmall(ctx.app, staff.cookie, { purpose: 'banner-image', targetId: 'featured-banners', filetype: 'image/png' }, fileBytes('text', 300)),
    ).rejects.toThrow(/415/);

    const fileId = await bannerImage();
    const body = banner(`/api/files/${fileId}`);
    for (const [method, url] of [['POST', '/api/staff/banners'], ['PUT', '/api/staff/banners/x'], ['DELETE', '/api/staff/banners/x']] as const) {
      expect((await as(ctx, customer, method, url, method === 'DELETE' ? undefined : body)).statusCode).toBe(403);
      expect((await anon(method, url, method === 'DELETE' ? undefined : body)).statusCode).toBe(401);
    }
  });
});

describe('questionnaire questions editor', () => {
  type Question = { id: string; prompt: string; type: string; order: number; isRequired: boolean; options: Array<{ id: string; text: string }>; maxImages: number | null };
  const question = (overrides: Record<string, unknown> = {}) => ({ prompt: 'Opening hours?', type: 'SINGLE_TEXT_INPUT', isRequired: false, options: [], maxImages: null, ...overrides });
  const staffQuestions = async () => (await as(ctx, staff, 'GET', '/api/staff/questions')).json().questions as Question[];

  it('creates a question of each type last, edits it keeping option ids, moves and deletes it, each audited and published', async () => {
    const made: Question[] = [];
    for (const body of [
      question(),
      question({ type: 'PARAGRAPH_TEXT_INPUT', isRequired: true }),
      question({ type: 'CHECKBOX', options: [{ text: 'Delivery' }, { text: 'Pickup' }] }),
      question({ type: 'MULTIPLE_CHOICE', options: [{ text: 'Yes' }, { text: 'No' }] }),
      question({ type: 'DROPDOWN', options: [{ text: 'Small' }] }),
      question({ type: 'SINGLE_IMAGE_UPLOAD' }),
      question({ type: 'MULTIPLE_IMAGE_UPLOAD', maxImages: 3 }),
    ]) {
      const res = await as(ctx, staff, 'POST', '/api/staff/questions', body);
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json());
    }
    const all = await staffQuestions();
    expect(all.slice(-7).map((q) => q.id)).toEqual(made.map((q) => q.id));
    expect(all.length).toBe(QUESTIONS.length + 7);
    expect(made[6]).toMatchObject({ type: 'MULTIPLE_IMAGE_UPLOAD', maxImages: 3, options: [] });
    const checkbox = made[2]!;
    expect(checkbox.options.map((o) => o.text)).toEqual(['Delivery', 'Pickup']);
    expect(await audited('question.create', checkbox.id)).toEqual({ n: 1, actor_id: staff.id });

    const [delivery] = checkbox.options;
    let edited!: Question;
    const topics = await topicsDuring(ctx, async () => {
      const res = await as(ctx, staff, 'PUT', `/api/staff/questions/${checkbox.id}`, question({ prompt: 'How do you sell?', type: 'CHECKBOX', isRequired: true, options: [{ id: delivery!.id, text: 'Home delivery' }, { text: 'Catering' }] }));
      expect(res.statusCode, res.body).toBe(200);
      edited = res.json();
    });
    expect(topics).toContain('questionnaire');
    expect(edited).toMatchObject({ prompt: 'How do you sell?', isRequired: true, order: checkbox.order });
    expect(edited.options[0]).toEqual({ id: delivery!.id, text: 'Home delivery' });
    expect(edited.options[1]!.id).not.toBe(checkbox.options[1]!.id);
    expect(await audited('question.update', checkbox.id)).toMatchObject({ n: 1 });

    const moved = await as(ctx, staff, 'POST', `/api/staff/questions/${checkbox.id}/move`, { direction: 'up' });
    const order = (moved.json().questions as Question[]).map((q) => q.id);
    expect(order.indexOf(checkbox.id)).toBe(order.indexOf(made[1]!.id) - 1);
    expect((await staffQuestions()).map((q) => q.order)).toEqual(order.map((_id, i) => i));
    expect(await audited('question.move', checkbox.id)).toMatchObject({ n: 1 });
    // Already first: nothing changes and nothing is recorded.
    const first = order[0]!;
    expect((await as(ctx, staff, 'POST', `/api/staff/questions/${first}/move`, { direction: 'up' })).json().questions[0].id).toBe(first);
    expect(await audited('question.move', first)).toMatchObject({ n: 0 });

    for (const q of made) expect((await as(ctx, staff, 'DELETE', `/api/staff/questions/${q.id}`)).statusCode).toBe(204);
    expect((await staffQuestions()).length).toBe(QUESTIONS.length);
    expect(await audited('question.delete', checkbox.id)).toMatchObject({ n: 1 });
    expect((await as(ctx, staff, 'PUT', `/api/staff/questions/${checkbox.id}`, question())).statusCode).toBe(404);
  });

  it('refuses input that breaks the rules of its type with a stable code, leaving nothing written', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [question({ type: 'CHECKBOX' }), 'OPTIONS_REQUIRED'],
      [question({ type: 'MULTIPLE_CHOICE' }), 'OPTIONS_REQUIRED'],
      [question({ type: 'DROPDOWN' }), 'OPTIONS_REQUIRED'],
      [question({ options: [{ text: 'A' }] }), 'OPTIONS_NOT_ALLOWED'],
      [question({ type: 'PARAGRAPH_TEXT_INPUT', options: [{ text: 'A' }] }), 'OPTIONS_NOT_ALLOWED'],
      [question({ type: 'SINGLE_IMAGE_UPLOAD', options: [{ text: 'A' }] }), 'OPTIONS_NOT_ALLOWED'],
      [question({ type: 'MULTIPLE_IMAGE_UPLOAD', options: [{ text: 'A' }] }), 'OPTIONS_NOT_ALLOWED'],
      [question({ type: 'DROPDOWN', options: [{ text: 'Red' }, { text: ' red ' }] }), 'DUPLICATE_OPTION'],
      [question({ maxImages: 3 }), 'MAX_IMAGES_NOT_ALLOWED'],
      [question({ type: 'SINGLE_IMAGE_UPLOAD', maxImages: 1 }), 'MAX_IMAGES_NOT_ALLOWED'],
      [question({ type: 'CHECKBOX', options: [{ id: 'o1', text: 'Borrowed id' }] }), 'UNKNOWN_OPTION'],
      [question({ prompt: '  ' }), 'VALIDATION_ERROR'],
      [question({ type: 'DATE_PICKER' }), 'VALIDATION_ERROR'],
      [question({ type: 'MULTIPLE_IMAGE_UPLOAD', maxImages: 0 }), 'VALIDATION_ERROR'],
      [question({ type: 'DROPDOWN', options: [{ text: ' ' }] }), 'VALIDATION_ERROR'],
    ];
    const before = await staffQuestions();
    for (const [body, expected] of cases) {
      const res = await as(ctx, staff, 'POST', '/api/staff/questions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(code(res), JSON.stringify(body)).toBe(expected);
    }
    const edit = await as(ctx, staff, 'PUT', '/api/staff/questions/q-kind', question({ type: 'MULTIPLE_CHOICE', options: [{ id: 'k1', text: 'Cafe' }, { id: 'k9', text: 'Shop' }] }));
    expect(code(edit)).toBe('UNKNOWN_OPTION');
    expect(await staffQuestions()).toEqual(before);
  });

  it('lets only staff read and write questions', async () => {
    for (const [method, url] of [['GET', '/api/staff/questions'], ['POST', '/api/staff/questions'], ['PUT', '/api/staff/questions/q-name'], ['POST', '/api/staff/questions/q-name/move'], ['DELETE', '/api/staff/questions/q-name']] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : url.endsWith('move') ? { direction: 'up' } : question();
      expect((await as(ctx, customer, method, url, body)).statusCode).toBe(403);
      expect((await anon(method, url, body)).statusCode).toBe(401);
    }
  });

  it('never changes answers already sent: an edited or deleted question keeps its prompt and option texts there', async () => {
    const subscriptionId = await insertSubscription(ctx, customer.id);
    const logo = await uploadSmall(ctx.app, customer.cookie, { purpose: 'questionnaire-image', targetId: `${subscriptionId}/q-logo`, filetype: 'image/png' }, fileBytes('png', 500));
    const sent = await as(ctx, customer, 'PUT', `/api/questionnaire/${subscriptionId}`, {
      answers: [
        { formItemId: 'q-name', answer: 'Bean There' },
        { formItemId: 'q-features', selectedOptionIds: ['o1'] },
        { formItemId: 'q-kind', answer: 'Restaurant' },
        { formItemId: 'q-logo', answers: [`/api/files/${logo}`] },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const stored = async () => (await ctx.database.sql.query<{ answers: Array<Record<string, unknown>> }>('SELECT answers FROM form_submissions WHERE subscription_id = $1', [subscriptionId]))[0]!.answers;
    const original = await stored();

    expect((await as(ctx, staff, 'PUT', '/api/staff/questions/q-name', question({ prompt: 'Trading name?', isRequired: true }))).statusCode).toBe(200);
    expect((await as(ctx, staff, 'PUT', '/api/staff/questions/q-features', question({ prompt: 'What do you need?', type: 'CHECKBOX', isRequired: true, options: [{ id: 'o1', text: 'Online ordering' }] }))).statusCode).toBe(200);
    expect((await as(ctx, staff, 'DELETE', '/api/staff/questions/q-kind')).statusCode).toBe(204);

    expect(await stored()).toEqual(original);
    const answers = (await as(ctx, customer, 'GET', `/api/questionnaire/${subscriptionId}`)).json().submission.answers as Array<Record<string, unknown>>;
    expect(answers.find((a) => a.formItemId === 'q-name')).toMatchObject({ prompt: 'Business name?', answer: 'Bean There' });
    expect(answers.find((a) => a.formItemId === 'q-features')).toMatchObject({ prompt: 'Features?', selectedOptionsText: ['Ordering'] });
    expect(answers.find((a) => a.formItemId === 'q-kind')).toMatchObject({ prompt: 'Kind of business?', answer: 'Restaurant' });
    const forStaff = (await as(ctx, staff, 'GET', `/api/staff/customers/${customer.id}/questionnaires`)).json().questionnaires[0].answers as Array<Record<string, unknown>>;
    expect(forStaff.find((a) => a.formItemId === 'q-name')).toMatchObject({ prompt: 'Business name?' });
  });
});
