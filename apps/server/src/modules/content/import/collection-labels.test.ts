import { describe, expect, it } from 'vitest';
import { importedCollectionLabel } from '@portal/contracts/content';
import { COLLECTIONS } from './parse.ts';

describe('the parts of a content file, as the staff console names them', () => {
  it('names every part the import takes by its console name, never its place in the file', () => {
    expect(Object.values(COLLECTIONS).map((c) => importedCollectionLabel(c.path))).toEqual([
      'Plans',
      'FAQs',
      'Banners',
      'Help guides',
      'Questionnaire',
      "Customers' projects",
      'Promo codes',
      'Step templates',
      'Project stages',
      'Portfolio',
      'Trusted by',
    ]);
  });

  it('shows a place it does not know as it is', () => expect(importedCollectionLabel('Somewhere/Else')).toBe('Somewhere/Else'));
});
