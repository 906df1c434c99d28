import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DRAFT_SAVE_DELAY_MS, useDraftAutosave } from './use-draft-autosave';

interface Sent {
  url: string;
  body: { answers: Array<{ formItemId: string; answer?: string }>; basedOn: number | null };
}

let sent: Sent[];
let answer: () => Response;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  answer = () => new Response(JSON.stringify({ answers: [], savedAt: 1 }), { status: 200 });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(init.body)) as Sent['body'] });
    return answer();
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderAutosave(basedOn: number | null = null) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useDraftAutosave('sub-1', basedOn), { wrapper });
}
const text = (answer: string) => [{ formItemId: 'q-name', answer }];
const settle = () => act(async () => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS));

describe('keeping the draft as the customer types', () => {
  it('saves once typing pauses, with the latest answers and the submission it started from', async () => {
    const { result } = renderAutosave(1234);
    act(() => {
      result.current.schedule(text('B'));
      result.current.schedule(text('Be'));
      result.current.schedule(text('Bean'));
    });
    expect(sent).toEqual([]);
    await settle();
    expect(sent).toEqual([{ url: '/api/questionnaire/sub-1/draft', body: { answers: text('Bean'), basedOn: 1234 } }]);
    expect(result.current.status).toEqual({ state: 'saved' });
  });

  it('sends nothing once stopped (the answers are being sent), and says in words when a save is refused', async () => {
    const { result } = renderAutosave();
    act(() => {
      result.current.schedule(text('Bean'));
      result.current.stop();
    });
    await settle();
    expect(sent).toEqual([]);

    answer = () =>
      new Response(JSON.stringify({ error: { code: 'VALIDATION_ERROR', message: 'answers.0.answer: Invalid input' } }), { status: 400 });
    act(() => result.current.schedule(text('Bean')));
    await settle();
    expect(result.current.status).toEqual({
      state: 'failed',
      message: 'Your latest answers could not be kept as a draft. They are still here; keep going or submit.',
    });
  });

  it('sends what is waiting when the page is left', async () => {
    const { result, unmount } = renderAutosave();
    act(() => result.current.schedule(text('Bean There')));
    unmount();
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(sent.map((s) => s.body.answers)).toEqual([text('Bean There')]);
  });
});
