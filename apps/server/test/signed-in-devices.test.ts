import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_PUBLIC_URL, cookieHeader, createTestApp, nextAddress, signUp, type TestContext, type TestUser } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());
afterEach(() => vi.useRealTimers());

const CHROME_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Device {
  id: string;
  browser: string | null;
  os: string | null;
  mobile: boolean;
  timeZone: string | null;
  lastActiveAt: number;
  current: boolean;
}

const send = (method: 'GET' | 'DELETE', url: string, cookie: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { cookie, origin: TEST_PUBLIC_URL, ...headers } });
const devicesOf = async (user: TestUser, headers: Record<string, string> = {}) => {
  const res = await send('GET', '/api/me/devices', user.cookie, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().devices as Device[];
};
const signedInAs = async (cookie: string) => (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json().user as { id: string } | null;

/** Signs the account in once more, from a browser with this user agent; returns that session's cookie. */
async function signInFrom(user: TestUser, userAgent: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: 'correct-horse-1' },
    headers: { 'user-agent': userAgent },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieHeader(res.headers['set-cookie']);
}

describe('signed-in devices', () => {
  it("lists the account's sessions with browser, system, time zone and last activity, this device first, and no token", async () => {
    const user = await signUp(ctx.app);
    const phone = await signInFrom(user, SAFARI_ON_IPHONE);
    await ctx.app.inject({ url: '/api/me', headers: { cookie: phone, 'x-time-zone': 'Europe/Paris' } });
    const laptop = { ...user, cookie: await signInFrom(user, CHROME_ON_MAC) };

    const devices = await devicesOf(laptop, { 'user-agent': CHROME_ON_MAC, 'x-time-zone': 'America/New_York' });
    expect(devices).toHaveLength(3);
    expect(devices[0]).toMatchObject({ browser: 'Chrome', os: 'macOS', mobile: false, timeZone: 'America/New_York', current: true });
    expect(devices.slice(1).filter((device) => device.current)).toEqual([]);
    expect(devices).toContainEqual(expect.objectContaining({ browser: 'Safari', os: 'iOS', mobile: true, timeZone: 'Europe/Paris' }));
    const tokens = await ctx.database.sql.query<{ token: string }>('SELECT token FROM sessions WHERE user_id = $1', [user.id]);
    const body = JSON.stringify(devices);
    for (const { token } of tokens) expect(body).not.toContain(token);
    expect(body).not.toMatch(/token/i);
  });

  it('keeps a reported time zone only when it is a real one, and never needs it', async () => {
    const user = await signUp(ctx.app);
    for (const zone of ['Not/A_Zone', '../../etc', 'x'.repeat(200)]) {
      expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: user.cookie, 'x-time-zone': zone } })).statusCode).toBe(200);
    }
    expect((await devicesOf(user))[0]!.timeZone).toBeNull();
  });

  it('signs out one other device: that session is refused from its next request, the others stay', async () => {
    const user = await signUp(ctx.app);
    const phone = await signInFrom(user, SAFARI_ON_IPHONE);
    const tablet = await signInFrom(user, CHROME_ON_MAC);
    const phoneId = (await devicesOf({ ...user, cookie: phone })).find((device) => device.current)!.id;

    const ended = await send('DELETE', `/api/me/devices/${phoneId}`, user.cookie);
    expect(ended.statusCode, ended.body).toBe(204);
    expect(await signedInAs(phone)).toBeNull();
    expect((await send('GET', '/api/me/devices', phone)).statusCode).toBe(401);
    expect(await signedInAs(tablet)).toMatchObject({ id: user.id });
    expect(await signedInAs(user.cookie)).toMatchObject({ id: user.id });
    expect((await devicesOf(user)).map((device) => device.id)).not.toContain(phoneId);
  });

  it('answers 404 DEVICE_NOT_FOUND for an unknown or already ended session, and 409 CURRENT_DEVICE for its own', async () => {
    const user = await signUp(ctx.app);
    const other = await signInFrom(user, SAFARI_ON_IPHONE);
    const otherId = (await devicesOf({ ...user, cookie: other })).find((device) => device.current)!.id;
    expect((await send('DELETE', `/api/me/devices/${otherId}`, user.cookie)).statusCode).toBe(204);

    for (const id of ['no-such-session', otherId]) {
      const res = await send('DELETE', `/api/me/devices/${id}`, user.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('DEVICE_NOT_FOUND');
    }
    const own = (await devicesOf(user))[0]!;
    const refused = await send('DELETE', `/api/me/devices/${own.id}`, user.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CURRENT_DEVICE');
    expect(await signedInAs(user.cookie)).toMatchObject({ id: user.id });
  });

  it("cannot end another account's session: 404, and that session goes on", async () => {
    const owner = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const ownerSession = (await devicesOf(owner))[0]!.id;
    const res = await send('DELETE', `/api/me/devices/${ownerSession}`, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('DEVICE_NOT_FOUND');
    expect(await signedInAs(owner.cookie)).toMatchObject({ id: owner.id });
  });

  it('signs out every other device at once and keeps this one', async () => {
    const user = await signUp(ctx.app);
    const others = [await signInFrom(user, SAFARI_ON_IPHONE), await signInFrom(user, CHROME_ON_MAC)];
    const stranger = await signUp(ctx.app);

    expect((await send('DELETE', '/api/me/devices', user.cookie)).statusCode).toBe(204);
    for (const cookie of others) expect(await signedInAs(cookie)).toBeNull();
    expect(await signedInAs(user.cookie)).toMatchObject({ id: user.id });
    expect(await devicesOf(user)).toHaveLength(1);
    expect(await signedInAs(stranger.cookie)).toMatchObject({ id: stranger.id });
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/me/devices', headers: { origin: TEST_PUBLIC_URL } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/me/devices/anything', headers: { origin: TEST_PUBLIC_URL } })).statusCode).toBe(401);
  });
});

describe('last activity', () => {
  const activityOf = async (user: TestUser) => {
    const [row] = await ctx.database.sql.query<{ last_active_at: Date; time_zone: string | null }>(
      'SELECT a.last_active_at, a.time_zone FROM session_activity a JOIN sessions s ON s.id = a.session_id WHERE s.user_id = $1',
      [user.id],
    );
    return row;
  };
  const LONG_AGO = new Date('2020-01-01T00:00:00Z');

  it('is written on use at most once a minute per session, and again after that minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await signUp(ctx.app);
    const use = () => ctx.app.inject({ url: '/api/payments', headers: { cookie: user.cookie } });
    expect((await use()).statusCode).toBe(200);
    expect(await activityOf(user)).toBeDefined();
    // Marked long ago: a request that wrote would bring it to now.
    await ctx.database.sql.query('UPDATE session_activity SET last_active_at = $1', [LONG_AGO]);

    vi.setSystemTime(Date.now() + 30_000);
    for (let i = 0; i < 5; i += 1) expect((await use()).statusCode).toBe(200);
    expect((await activityOf(user))!.last_active_at).toEqual(LONG_AGO);

    vi.setSystemTime(Date.now() + 31_000);
    expect((await use()).statusCode).toBe(200);
    expect((await activityOf(user))!.last_active_at.getTime()).toBeGreaterThan(LONG_AGO.getTime());
    expect((await devicesOf(user))[0]!.lastActiveAt).toBeGreaterThan(LONG_AGO.getTime());
  });

  it('is written at once when the device reports another time zone, and keeps the last one reported', async () => {
    const user = await signUp(ctx.app);
    const use = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/payments', headers: { cookie: user.cookie, ...headers } });
    await use({ 'x-time-zone': 'Europe/Paris' });
    expect((await activityOf(user))!.time_zone).toBe('Europe/Paris');
    await use({ 'x-time-zone': 'Asia/Tokyo' });
    expect((await activityOf(user))!.time_zone).toBe('Asia/Tokyo');
    await use({});
    expect((await activityOf(user))!.time_zone).toBe('Asia/Tokyo');
  });

  it('is not a change of the session: writing it does not make the instances forget the cached session', async () => {
    const user = await signUp(ctx.app);
    let forgotten = 0;
    const stop = ctx.app.sessionCache.onForget((userId) => {
      if (userId === user.id) forgotten += 1;
    });
    try {
      await ctx.app.inject({ url: '/api/payments', headers: { cookie: user.cookie, 'x-time-zone': 'Europe/Paris' } });
      await ctx.app.inject({ url: '/api/payments', headers: { cookie: user.cookie, 'x-time-zone': 'Asia/Tokyo' } });
      expect((await activityOf(user))!.time_zone).toBe('Asia/Tokyo');
      // The notification of a session change would have arrived by the time another query has answered.
      await ctx.database.sql.query('SELECT 1');
      expect(forgotten).toBe(0);
    } finally {
      stop();
    }
  });
});
