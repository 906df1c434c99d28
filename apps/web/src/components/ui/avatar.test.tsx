import { describe, expect, it } from 'vitest';
import { initialsOf } from './avatar';

describe('initialsOf', () => {
  it('takes the first and last words of the name', () => expect(initialsOf({ name: 'Robin  van der Quinn', email: 'r@example.com' })).toBe('RQ'));
  it('takes one letter of a one-word name', () => expect(initialsOf({ name: 'robin', email: 'r@example.com' })).toBe('R'));
  it("falls back to the e-mail's first letter", () => expect(initialsOf({ name: '  ', email: 'zoe@example.com' })).toBe('Z'));
  it('keeps a letter outside the basic plane whole', () => expect(initialsOf({ name: '𝓐da Lovelace', email: 'a@example.com' })).toBe('𝓐L'));
});
