import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishChange } from '../src/platform/events/change-feed.ts';
import { createTestApp, makeStaff, signUp, type TestContext, type TestUser } from './helpers.ts';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => ctx.close());

/** Opens /api/events as this viewer and collects the topics it receives. */
async function openStream(user?: TestUser) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: user ? { cookie: user.cookie } : {}, signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const topics: string[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data) topics.push((JSON.parse(data.slice(6)) as { topic: string }).topic);
        }
      }
    } catch {
      // aborted
    }
  })();
  return { topics, close: () => controller.abort() };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('live events', () => {
  it('reach only the streams allowed to see them', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const staff = await signUp(ctx.app);
    await makeStaff(ctx, staff);
    const streams = { alice: await openStream(alice), bob: await openStream(bob), staff: await openStream(staff), guest: await openStream() };
    await waitFor(() => ctx.app.liveStreams.size >= 4);

    await publishChange(ctx.app.db, { topic: 'payments:a1', audience: { userId: alice.id } });
    await publishChange(ctx.app.db, { topic: 'chats:s1', audience: { staff: true } });
    await publishChange(ctx.app.db, { topic: 'services', audience: { public: true } });
    await waitFor(() => streams.guest.topics.length >= 1 && streams.staff.topics.length >= 3);
    // A last public event proves every stream has caught up before the absence of the others is checked.
    await publishChange(ctx.app.db, { topic: 'faqs', audience: { public: true } });
    await waitFor(() => Object.values(streams).every((s) => s.topics.includes('faqs')));

    expect(streams.alice.topics).toEqual(['payments:a1', 'services', 'faqs']);
    expect(streams.bob.topics).toEqual(['services', 'faqs']);
    expect(streams.staff.topics).toEqual(['payments:a1', 'chats:s1', 'services', 'faqs']);
    expect(streams.guest.topics).toEqual(['services', 'faqs']);
    Object.values(streams).forEach((s) => s.close());
  });

  it('publishes only when the writing transaction commits', async () => {
    const carol = await signUp(ctx.app);
    const stream = await openStream(carol);
    await waitFor(() => ctx.app.liveStreams.size >= 1);
    await ctx.app.db
      .transaction(async (tx) => {
        await publishChange(tx, { topic: 'payments:rolled-back', audience: { userId: carol.id } });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await ctx.app.db.transaction(async (tx) => {
      await publishChange(tx, { topic: 'payments:committed', audience: { userId: carol.id } });
    });
    await waitFor(() => stream.topics.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.topics).toEqual(['payments:committed']);
    stream.close();
  });

  it('forget a stream once its viewer has gone', async () => {
    const dave = await signUp(ctx.app);
    const before = ctx.app.liveStreams.size;
    const stream = await openStream(dave);
    await waitFor(() => ctx.app.liveStreams.size === before + 1);
    expect(ctx.app.liveStreams.size).toBe(before + 1);
    stream.close();
    await waitFor(() => ctx.app.liveStreams.size === before);
    expect(ctx.app.liveStreams.size).toBe(before);
  });
});
