import { describe, expect, it } from 'vitest';
import { SessionCache } from '../src/platform/auth/session-cache.ts';
import type { SqlClient } from '../src/platform/db/client.ts';

/** A database client whose LISTEN connection the test loses and brings back at will. */
function fakeListeningClient() {
  let connection: ((connected: boolean) => void) | undefined;
  const client: SqlClient = {
    exec: async () => undefined,
    query: async () => [],
    listen: async (_channel, _onMessage, onConnection) => {
      connection = onConnection;
      return async () => undefined;
    },
  };
  return { client, lose: () => connection!(false), restore: () => connection!(true) };
}

describe('the session cache while its LISTEN connection is down', () => {
  it('trusts nothing it holds, caches nothing, and announces the return so that streams are ended', async () => {
    const database = fakeListeningClient();
    const cache = new SessionCache<string>(600_000);
    await cache.start(database.client);
    let lookups = 0;
    const lookup = async () => ((lookups += 1), { userId: 'u1', value: 'signed-in' });
    let resyncs = 0;
    cache.onResync(() => (resyncs += 1));

    await cache.resolve('cookie', lookup);
    await cache.resolve('cookie', lookup);
    expect(lookups).toBe(1);

    database.lose();
    expect(cache.trusted).toBe(false);
    expect(cache.get('cookie')).toBeUndefined();
    await cache.resolve('cookie', lookup);
    await cache.resolve('cookie', lookup);
    expect(lookups).toBe(3);
    expect(cache.size).toBe(0);

    database.restore();
    expect(resyncs).toBe(1);
    await cache.resolve('cookie', lookup);
    await cache.resolve('cookie', lookup);
    expect(lookups).toBe(4);
  });
});
