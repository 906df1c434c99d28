import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createInstances, type Instances } from './instances-helpers.ts';
import { TEST_PUBLIC_URL, cookieHeader, makeStaff, nextAddress, signUp, type TestUser } from './helpers.ts';

/**
 * A live event stream lasts only as long as the session that opened it: sign-out, a password change and staff
 * rights taken away end the streams they concern, on the instance that made the change and on every other one.
 */
let instances: Instances;
let first: FastifyInstance;
let second: FastifyInstance;
const bases: string[] = [];

beforeAll(async () => {
  instances = await createInstances(2, { env: { SESSION_CACHE_MS: '600000' } });
  [first, second] = instances.apps as [FastifyInstance, FastifyInstance];
  for (const app of instances.apps) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    bases.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  }
});
afterAll(async () => instances.close());

/** Opens /api/events on the instance `index` and notes when the server ends it. */
async function openStream(index: number, user: TestUser) {
  const controller = new AbortController();
  const res = await fetch(`${bases[index]}/api/events`, { headers: { cookie: user.cookie }, signal: controller.signal });
  const state = { ended: false, close: () => controller.abort() };
  const reader = res.body!.getReader();
  void (async () => {
    try {
      while (!(await reader.read()).done);
      state.ended = true;
    } catch {
      // closed by the test
    }
  })();
  return state;
}

const soon = { timeout: 3000, interval: 20 };
/** Lets the stream's first lines through and the servers take it in, so that a stream that stays open is seen to. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const post = (app: FastifyInstance, user: TestUser, url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL }, remoteAddress: nextAddress() });

async function signInAgain(app: FastifyInstance, user: TestUser, password = 'correct-horse-1'): Promise<TestUser> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password }, remoteAddress: nextAddress() });
  expect(res.statusCode, res.body).toBe(200);
  return { ...user, cookie: cookieHeader(res.headers['set-cookie']) };
}

describe('live event streams of an ended session', () => {
  it('end at sign-out, on every instance, and leave the streams of other sessions open', async () => {
    const user = await signUp(first);
    const otherDevice = await signInAgain(first, user);
    const streams = [await openStream(0, user), await openStream(1, user), await openStream(1, otherDevice)];
    await expect.poll(() => first.liveStreams.size + second.liveStreams.size, soon).toBe(3);

    expect((await post(first, user, '/api/auth/sign-out', {})).statusCode).toBe(200);
    await expect.poll(() => streams[0]!.ended && streams[1]!.ended, soon).toBe(true);
    await settle();
    expect(streams[2]!.ended).toBe(false);
    streams[2]!.close();
  });

  it('end when the password changes, on every instance; the browser that changed it goes on with its new session', async () => {
    const user = await signUp(first);
    const otherDevice = await signInAgain(first, user);
    const streams = [await openStream(0, user), await openStream(1, otherDevice)];
    await expect.poll(() => first.liveStreams.size + second.liveStreams.size, soon).toBe(2);

    const changed = await post(first, user, '/api/auth/change-password', { currentPassword: 'correct-horse-1', newPassword: 'a-brand-new-password-9' });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect.poll(() => streams.every((stream) => stream.ended), soon).toBe(true);
    // better-auth replaces the changer's session with a new one (a new cookie): its stream reconnects and stays.
    const renewed = { ...user, cookie: cookieHeader(changed.headers['set-cookie']) };
    const reconnected = await openStream(1, renewed);
    await settle();
    expect(reconnected.ended).toBe(false);
    reconnected.close();
  });

  it('end when another device of the account signs that session out, on every instance; its requests are refused there at once', async () => {
    const user = await signUp(first);
    const otherDevice = await signInAgain(first, user);
    // Each instance has the other device's session cached (for ten minutes): only the notification can end it there.
    for (const app of [first, second]) expect((await app.inject({ url: '/api/me', headers: { cookie: otherDevice.cookie } })).json().user).not.toBeNull();
    const streams = [await openStream(1, otherDevice), await openStream(0, user)];
    await expect.poll(() => first.liveStreams.size + second.liveStreams.size, soon).toBe(2);

    const devices = (await first.inject({ url: '/api/me/devices', headers: { cookie: user.cookie } })).json().devices as { id: string; current: boolean }[];
    const other = devices.find((device) => !device.current)!;
    const ended = await first.inject({ method: 'DELETE', url: `/api/me/devices/${other.id}`, headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL } });
    expect(ended.statusCode, ended.body).toBe(204);
    await expect.poll(() => streams[0]!.ended, soon).toBe(true);
    await expect.poll(async () => (await second.inject({ url: '/api/me', headers: { cookie: otherDevice.cookie } })).json().user, soon).toBeNull();
    await settle();
    expect(streams[1]!.ended).toBe(false);
    streams[1]!.close();
  });

  it("end a removed staff member's streams on every instance", async () => {
    const lead = await signUp(first);
    await makeStaff(instances.ctx, lead);
    const member = await signUp(first);
    await makeStaff(instances.ctx, member);
    const streams = [await openStream(0, member), await openStream(1, member)];
    await expect.poll(() => first.liveStreams.size + second.liveStreams.size, soon).toBe(2);

    const removed = await first.inject({ method: 'DELETE', url: `/api/staff/team/${member.id}`, headers: { cookie: lead.cookie, origin: TEST_PUBLIC_URL } });
    expect(removed.statusCode, removed.body).toBe(204);
    await expect.poll(() => streams.every((stream) => stream.ended), soon).toBe(true);
  });
});
