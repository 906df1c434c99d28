import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { FormItem } from '@portal/contracts/onboarding';
import { QuestionField } from './question-field';
import type { UploadTask } from '@/lib/uploads';
import { ApiError } from '@/lib/api-client';
import { answersFrom, draftsFrom, problemsOf } from './questionnaire-draft';
import { refusalOf } from './submit-refusal';

const item = (id: string, type: string, isRequired = true, extra: Partial<FormItem> = {}): FormItem => ({
  id,
  prompt: `Prompt ${id}`,
  type,
  order: 1,
  isRequired,
  options: [
    { id: 'a', text: 'Alpha' },
    { id: 'b', text: 'Beta' },
  ],
  maxImages: null,
  ...extra,
});

const ITEMS = [
  item('text', 'SINGLE_TEXT_INPUT'),
  item('para', 'PARAGRAPH_TEXT_INPUT', false),
  item('boxes', 'CHECKBOX'),
  item('radio', 'MULTIPLE_CHOICE'),
  item('select', 'DROPDOWN', false),
  item('logo', 'SINGLE_IMAGE_UPLOAD'),
  item('photos', 'MULTIPLE_IMAGE_UPLOAD', false),
  item('date', 'DATE_PICKER'),
];

describe('questionnaire answers', () => {
  it('flags every required question left empty, in order, skipping unsupported types', () => {
    const drafts = draftsFrom(ITEMS, undefined);
    const flagged = () => problemsOf(ITEMS, drafts).map(({ item, message }) => [item.id, message]);
    expect(flagged()).toEqual([
      ['text', 'Please answer the required question: "Prompt text"'],
      ['boxes', 'Please answer the required question: "Prompt boxes"'],
      ['radio', 'Please answer the required question: "Prompt radio"'],
      ['logo', 'Please answer the required question: "Prompt logo"'],
    ]);
    drafts.text!.text = '  ';
    drafts.boxes!.selectedOptionIds = ['b'];
    drafts.radio!.text = 'Alpha';
    expect(flagged().map(([id]) => id)).toEqual(['text', 'logo']);
    drafts.text!.text = 'Cafe';
    drafts.logo!.images = [{ key: 'k', name: 'logo.png', url: '/api/files/1', task: null }];
    expect(flagged()).toEqual([]);
  });

  it('flags a text over its limit with the count over, and an image that failed or is still uploading, at its question', () => {
    const drafts = draftsFrom(ITEMS, undefined);
    drafts.text!.text = 'Cafe';
    drafts.boxes!.selectedOptionIds = ['a'];
    drafts.radio!.text = 'Alpha';
    drafts.para!.text = 'x'.repeat(10_001);
    const task = (state: UploadTask['state'], fileName: string) => ({ state, fileName, snapshot: () => ({ result: null }) }) as unknown as UploadTask;
    drafts.logo!.images = [{ key: 'k', name: 'logo.png', url: null, task: task('error', 'logo.png') }];
    drafts.photos!.images = [{ key: 'p', name: 'shop.png', url: null, task: task('running', 'shop.png') }];
    expect(problemsOf(ITEMS, drafts).map(({ item, message }) => [item.id, message])).toEqual([
      ['para', 'This answer is 1 character over the limit of 10,000. Shorten it, then submit again.'],
      ['logo', '"logo.png" could not be uploaded. Retry it or remove it, then submit again.'],
      ['photos', 'An image is still uploading. Wait until it has finished, then submit again.'],
    ]);
    // What would be sent stays a list per question: a failed or unfinished image is simply not in it.
    expect(answersFrom(ITEMS, drafts).find((a) => a.formItemId === 'logo')).toEqual({ formItemId: 'logo', answers: [] });
  });

  it("shows the server's words per question only for the questionnaire's own refusals, never a schema message", () => {
    const invalid = new ApiError(400, 'INVALID_ANSWERS', 'Some answers need your attention. See the questions marked.', {
      error: {
        code: 'INVALID_ANSWERS',
        message: 'Some answers need your attention. See the questions marked.',
        questions: [{ formItemId: 'para', code: 'ANSWER_TOO_LONG', message: 'This answer is 5 characters over the limit of 10,000. Shorten it, then submit again.' }],
      },
    });
    expect(refusalOf(invalid)).toEqual({
      questions: { para: 'This answer is 5 characters over the limit of 10,000. Shorten it, then submit again.' },
      summary: 'Some answers need your attention. See the questions marked.',
    });
    const schema = new ApiError(400, 'VALIDATION_ERROR', 'answers: Invalid input: expected array, received object');
    expect(refusalOf(schema)).toEqual({ questions: {}, summary: 'Failed to submit your responses. Please try again.' });
    expect(refusalOf(new Error('boom')).summary).toBe('Failed to submit your responses. Please try again.');
  });

  it('sends each supported question in the field of its type, and reads saved answers back', () => {
    const drafts = draftsFrom(ITEMS, undefined);
    drafts.text!.text = 'Cafe';
    drafts.boxes!.selectedOptionIds = ['a', 'b'];
    drafts.radio!.text = 'Beta';
    drafts.logo!.images = [{ key: 'k', name: 'logo.png', url: '/api/files/1', task: null }];
    const answers = answersFrom(ITEMS, drafts);
    expect(answers).toEqual([
      { formItemId: 'text', answer: 'Cafe' },
      { formItemId: 'para', answer: '' },
      { formItemId: 'boxes', selectedOptionIds: ['a', 'b'] },
      { formItemId: 'radio', answer: 'Beta' },
      { formItemId: 'select', answer: '' },
      { formItemId: 'logo', answers: ['/api/files/1'] },
      { formItemId: 'photos', answers: [] },
    ]);
    const saved = draftsFrom(ITEMS, answers.map((a) => ({ ...a, prompt: '', type: '', order: 0 })));
    expect(saved.boxes!.selectedOptionIds).toEqual(['a', 'b']);
    expect(saved.logo!.images.map((i) => i.url)).toEqual(['/api/files/1']);
    expect(answersFrom(ITEMS, saved)).toEqual(answers);
  });
});

describe('question fields', () => {
  afterEach(cleanup);
  const renderField = (formItem: FormItem) =>
    render(
      <QuestionField
        item={formItem}
        draft={draftsFrom([formItem], undefined)[formItem.id]!}
        subscriptionId="s"
        onChange={() => undefined}
      />,
    );

  it('shows a paragraph with 5 rows, and an unsupported type as such', () => {
    renderField(item('para', 'PARAGRAPH_TEXT_INPUT'));
    expect(screen.getByLabelText('Prompt para', { exact: false }).getAttribute('rows')).toBe('5');
    renderField(item('date', 'DATE_PICKER'));
    expect(screen.getByText('Unsupported question type: DATE_PICKER')).toBeTruthy();
  });

  it('counts characters near the limit and over it, in words, tied to the input', () => {
    const formItem = item('para', 'PARAGRAPH_TEXT_INPUT');
    const show = (text: string) =>
      render(<QuestionField item={formItem} draft={{ text, selectedOptionIds: [], images: [] }} subscriptionId="s" onChange={() => undefined} />);
    show('x'.repeat(7_999));
    expect(screen.queryByText(/characters/)).toBeNull();
    cleanup();
    show('x'.repeat(8_500));
    expect(screen.getByText('8,500 of 10,000 characters')).toBeTruthy();
    cleanup();
    show('x'.repeat(10_250));
    const note = screen.getByText('250 characters over the limit of 10,000');
    expect(screen.getByLabelText('Prompt para', { exact: false }).getAttribute('aria-describedby')).toBe(note.id);
  });

  it('hints "up to N" images, 10 by default, and takes images only', () => {
    renderField(item('photos', 'MULTIPLE_IMAGE_UPLOAD', false, { maxImages: 4 }));
    expect(screen.getByText('You can upload up to 4 images.')).toBeTruthy();
    renderField(item('more', 'MULTIPLE_IMAGE_UPLOAD'));
    expect(screen.getByText('You can upload up to 10 images.')).toBeTruthy();
    const input = screen.getByLabelText('Choose images for: Prompt more');
    expect(input.getAttribute('accept')).toBe('image/*');
  });
});
