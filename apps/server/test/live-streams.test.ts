import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveStreams } from '../src/platform/events/live-streams.ts';

/** A response that records what is written to it; `unread` stands for bytes its client has not taken yet. */
function fakeResponse(unread = 0) {
  const fake = { written: [] as string[], ended: false, destroyed: false, writableLength: unread };
  const response = {
    get writableLength() {
      return fake.writableLength;
    },
    write: (text: string) => fake.written.push(text),
    end: () => (fake.ended = true),
    destroy: () => (fake.destroyed = true),
  } as unknown as ServerResponse;
  return { response, fake };
}

afterEach(() => vi.useRealTimers());

describe('live streams', () => {
  it('send one heartbeat to every open stream from a single interval, and stop it when the last one closes', () => {
    vi.useFakeTimers();
    const streams = new LiveStreams(1000);
    const guest = fakeResponse();
    const customer = fakeResponse();
    streams.add(guest.response, null);
    streams.add(customer.response, { userId: 'u1', staff: false, sessionId: 's1' });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(2000);
    expect(guest.fake.written).toEqual([':\n\n', ':\n\n']);
    expect(customer.fake.written).toEqual([':\n\n', ':\n\n']);

    streams.remove(guest.response, null);
    streams.remove(customer.response, { userId: 'u1', staff: false, sessionId: 's1' });
    expect(streams.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('forget a closed stream: changes no longer reach it', () => {
    const streams = new LiveStreams();
    const first = fakeResponse();
    const second = fakeResponse();
    streams.add(first.response, { userId: 'u1', staff: false, sessionId: 's1' });
    streams.add(second.response, { userId: 'u1', staff: false, sessionId: 's1' });
    streams.remove(first.response, { userId: 'u1', staff: false, sessionId: 's1' });
    streams.deliver({ topic: 'payments:p1', audience: { userId: 'u1' } });
    expect(first.fake.written).toEqual([]);
    expect(second.fake.written).toEqual(['data: {"topic":"payments:p1"}\n\n']);
    expect(streams.size).toBe(1);
  });

  it('end a stream whose client has stopped reading instead of buffering for it', () => {
    const streams = new LiveStreams();
    const stalled = fakeResponse(1024 * 1024);
    const reading = fakeResponse();
    streams.add(stalled.response, null);
    streams.add(reading.response, null);
    streams.deliver({ topic: 'faqs', audience: { public: true } });
    expect(stalled.fake.destroyed).toBe(true);
    expect(stalled.fake.written).toEqual([]);
    expect(reading.fake.written).toEqual(['data: {"topic":"faqs"}\n\n']);
  });

  it('end, at a heartbeat, the streams of sessions that reached their absolute lifetime', () => {
    vi.useFakeTimers({ now: 0 });
    const streams = new LiveStreams(1000);
    const ending = fakeResponse();
    const lasting = fakeResponse();
    streams.add(ending.response, { userId: 'u1', staff: false, sessionId: 's1', sessionEndsAt: 1500 });
    streams.add(lasting.response, { userId: 'u2', staff: false, sessionId: 's2', sessionEndsAt: 60_000 });
    vi.advanceTimersByTime(1000);
    expect(ending.fake.ended).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(ending.fake.ended).toBe(true);
    expect(lasting.fake.ended).toBe(false);
  });

  it('end every stream at shutdown', () => {
    const streams = new LiveStreams();
    const open = [fakeResponse(), fakeResponse()];
    open.forEach(({ response }, i) => streams.add(response, { userId: `u${i}`, staff: i === 0, sessionId: `s${i}` }));
    streams.endAll();
    expect(open.map(({ fake }) => fake.ended)).toEqual([true, true]);
  });
});
