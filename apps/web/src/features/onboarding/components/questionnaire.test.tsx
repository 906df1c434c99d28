import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { FormItem } from '@portal/contracts/onboarding';
import { QuestionField } from './question-field';
import { answersFrom, draftsFrom, firstUnanswered } from './questionnaire-draft';

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
  it('finds the first required question left empty, skipping unsupported types', () => {
    const drafts = draftsFrom(ITEMS, null);
    expect(firstUnanswered(ITEMS, drafts)?.id).toBe('text');
    drafts.text!.text = '  ';
    expect(firstUnanswered(ITEMS, drafts)?.id).toBe('text');
    drafts.text!.text = 'Cafe';
    drafts.boxes!.selectedOptionIds = ['b'];
    drafts.radio!.text = 'Alpha';
    expect(firstUnanswered(ITEMS, drafts)?.id).toBe('logo');
    drafts.logo!.images = [{ key: 'k', name: 'logo.png', url: '/api/files/1', task: null }];
    expect(firstUnanswered(ITEMS, drafts)).toBeUndefined();
  });

  it('sends each supported question in the field of its type, and reads saved answers back', () => {
    const drafts = draftsFrom(ITEMS, null);
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
    const saved = draftsFrom(ITEMS, {
      userId: 'u',
      subscriptionId: 's',
      submittedAt: 1,
      answers: answers.map((a) => ({ ...a, prompt: '', type: '', order: 0 })),
    });
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
        draft={draftsFrom([formItem], null)[formItem.id]!}
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

  it('hints "up to N" images, 10 by default, and takes images only', () => {
    renderField(item('photos', 'MULTIPLE_IMAGE_UPLOAD', false, { maxImages: 4 }));
    expect(screen.getByText('You can upload up to 4 images.')).toBeTruthy();
    renderField(item('more', 'MULTIPLE_IMAGE_UPLOAD'));
    expect(screen.getByText('You can upload up to 10 images.')).toBeTruthy();
    const input = screen.getByLabelText('Choose images for: Prompt more');
    expect(input.getAttribute('accept')).toBe('image/*');
  });
});
