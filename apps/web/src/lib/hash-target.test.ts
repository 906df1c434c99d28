import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useHashTarget } from './hash-target';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A section as a page renders it, and whether it was scrolled to. */
function section(id: string) {
  const element = document.createElement('section');
  element.id = id;
  const scrolled = vi.fn();
  element.scrollIntoView = scrolled;
  return { element, scrolled };
}

describe('useHashTarget', () => {
  it('brings a part rendered after the page into view and gives it the focus', async () => {
    renderHook(() => useHashTarget('#previews', '/projects/p1'));
    const { element, scrolled } = section('previews');
    document.body.append(element);
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    expect(document.activeElement).toBe(element);
    expect(element.getAttribute('tabindex')).toBe('-1');
  });

  it('brings a part already there into view at once, and does nothing without a hash', () => {
    const { element, scrolled } = section('section-store-listing');
    document.body.append(element);
    renderHook(() => useHashTarget('', '/staff/projects/p1'));
    expect(scrolled).not.toHaveBeenCalled();
    renderHook(() => useHashTarget('#section-store-listing', '/staff/projects/p1'));
    expect(scrolled).toHaveBeenCalledTimes(1);
  });
});
