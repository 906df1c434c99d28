import { describe, expect, it } from 'vitest';
import { faqInputSchema, guideFormSchema, joinWords } from './help.ts';

const form = (overrides: Record<string, string> = {}) => ({
  title: 'Connect a printer',
  description: '',
  category: 'Hardware',
  userLevel: 'advanced',
  consoleTypes: 'Tablet, Web Console',
  navigation: 'Settings > Printers',
  howToUse: 'Pair it.',
  tags: ' printing ,, devices ,',
  ...overrides,
});
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('guide form', () => {
  it('turns comma-separated words into lists, dropping empty ones, and back', () => {
    const parsed = guideFormSchema.parse(form());
    expect(parsed).toMatchObject({ consoleTypes: ['Tablet', 'Web Console'], tags: ['printing', 'devices'] });
    expect(joinWords(parsed.consoleTypes)).toBe('Tablet, Web Console');
  });

  it('refuses a word given twice (any case), a word too long, and too many words', () => {
    expect(messages(guideFormSchema.safeParse(form({ tags: 'cash, Cash' })))).toEqual(['Give each tag once.']);
    expect(messages(guideFormSchema.safeParse(form({ consoleTypes: 'x'.repeat(61) })))).toEqual(['Each console type is 1 to 60 characters of plain text, without commas.']);
    expect(messages(guideFormSchema.safeParse(form({ tags: Array.from({ length: 31 }, (_, i) => `t${i}`).join(',') })))).toEqual(['Give at most 30 tags.']);
  });

  it('keeps line breaks in several-line fields only, as "\\n"', () => {
    expect(guideFormSchema.parse(form({ howToUse: ' One.\r\nTwo.\rThree. ' })).howToUse).toBe('One.\nTwo.\nThree.');
    expect(messages(guideFormSchema.safeParse(form({ navigation: 'A >\nB' })))).toEqual(['Navigation path must be on one line.']);
  });
});

describe('FAQ input', () => {
  it('requires both fields and refuses control characters', () => {
    expect(messages(faqInputSchema.safeParse({ question: ' ', answer: '' }))).toEqual(['Question is required.', 'Answer is required.']);
    expect(messages(faqInputSchema.safeParse({ question: 'Q?', answer: 'nul\u0000' }))).toEqual(['Answer must be plain text.']);
    expect(faqInputSchema.parse({ question: ' Q? ', answer: 'Tab\there.' })).toEqual({ question: 'Q?', answer: 'Tab\there.' });
  });
});
