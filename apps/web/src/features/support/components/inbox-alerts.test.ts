import { describe, expect, it } from 'vitest';
import { titleWithCount } from './inbox-alerts';

describe('the tab title count', () => {
  it('puts the count in front, replaces an earlier one, caps it at 99+, and takes it away at 0', () => {
    expect(titleWithCount('Your Business Your App', 3)).toBe('(3) Your Business Your App');
    expect(titleWithCount('(3) Your Business Your App', 4)).toBe('(4) Your Business Your App');
    expect(titleWithCount('(4) Your Business Your App', 100)).toBe('(99+) Your Business Your App');
    expect(titleWithCount('(99+) Your Business Your App', 0)).toBe('Your Business Your App');
  });
});
