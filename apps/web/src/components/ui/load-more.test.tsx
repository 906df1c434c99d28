import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LoadMore } from './load-more';

afterEach(cleanup);

const list = (state: { hasNextPage: boolean; isFetchingNextPage: boolean }) => ({ ...state, fetchNextPage: vi.fn().mockResolvedValue(undefined) });

describe('LoadMore', () => {
  it('is not shown on the last page', () => {
    render(<LoadMore list={list({ hasNextPage: false, isFetchingNextPage: false })} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reads the next page when pressed, under the label given', () => {
    const older = list({ hasNextPage: true, isFetchingNextPage: false });
    render(<LoadMore list={older} label="Load older messages" />);
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(older.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('stays focusable while the page loads, says so, and does not read it twice', () => {
    const loading = list({ hasNextPage: true, isFetchingNextPage: true });
    render(<LoadMore list={loading} />);
    const button = screen.getByRole('button', { name: 'Loading...' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    expect(loading.fetchNextPage).not.toHaveBeenCalled();
  });
});
