import { randomUUID } from 'node:crypto';
import type { TestContext } from './helpers.ts';

/** One question of every type of spec §9, plus one the portal does not know. */
export const QUESTIONS = [
  { id: 'q-name', prompt: 'Business name?', type: 'SINGLE_TEXT_INPUT', order: 1, required: true },
  { id: 'q-about', prompt: 'About your business?', type: 'PARAGRAPH_TEXT_INPUT', order: 2, required: false },
  {
    id: 'q-features',
    prompt: 'Features?',
    type: 'CHECKBOX',
    order: 3,
    required: true,
    options: [
      { id: 'o1', text: 'Ordering' },
      { id: 'o2', text: 'Booking' },
      { id: 'o3', text: 'Loyalty' },
    ],
  },
  {
    id: 'q-kind',
    prompt: 'Kind of business?',
    type: 'MULTIPLE_CHOICE',
    order: 4,
    required: true,
    options: [
      { id: 'k1', text: 'Restaurant' },
      { id: 'k2', text: 'Salon' },
    ],
  },
  {
    id: 'q-colour',
    prompt: 'Colour?',
    type: 'DROPDOWN',
    order: 5,
    required: false,
    options: [
      { id: 'c1', text: 'Red' },
      { id: 'c2', text: 'Blue' },
    ],
  },
  { id: 'q-logo', prompt: 'Your logo', type: 'SINGLE_IMAGE_UPLOAD', order: 6, required: true },
  {
    id: 'q-photos',
    prompt: 'Photos',
    type: 'MULTIPLE_IMAGE_UPLOAD',
    order: 7,
    required: false,
    maxImages: 4,
  },
  { id: 'q-date', prompt: 'Opening date', type: 'DATE_PICKER', order: 8, required: true },
];

/** The questions, inserted in reverse so that only `sort_order` can put them in order. */
export async function insertQuestions(ctx: TestContext) {
  for (const q of [...QUESTIONS].reverse()) {
    await ctx.database.sql.query(
      `INSERT INTO form_items (id, prompt, type, sort_order, is_required, options, max_images) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
      [q.id, q.prompt, q.type, q.order, q.required, JSON.stringify(q.options ?? []), q.maxImages ?? null],
    );
  }
}

/** Setup steps of a subscription, as checkout copies them from the templates; returns their ids by index. */
export async function insertSteps(
  ctx: TestContext,
  subscriptionId: string,
  userId: string,
  details: string[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, text] of [...details.entries()].reverse()) {
    const id = randomUUID();
    await ctx.database.sql.query(
      `INSERT INTO completion_steps (id, subscription_id, user_id, step_index, step_details) VALUES ($1, $2, $3, $4, $5)`,
      [id, subscriptionId, userId, i + 1, text],
    );
    ids[i] = id;
  }
  return ids;
}

/** Topics published while `run` runs. */
export async function topicsDuring(ctx: TestContext, run: () => Promise<unknown>): Promise<string[]> {
  const topics: string[] = [];
  const stop = ctx.app.changeFeed.subscribe((change) => topics.push(change.topic));
  await run();
  // NOTIFY is delivered after commit, asynchronously.
  await new Promise((resolve) => setTimeout(resolve, 100));
  stop();
  return topics;
}
