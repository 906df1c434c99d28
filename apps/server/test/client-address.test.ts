import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp } from './helpers.ts';

describe('TRUST_PROXY', () => {
  it('takes false, a hop count or the proxies\' addresses, and refuses true naming the setting', () => {
    const trusted = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trusted('false')).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(trusted('1')).toBe(1);
    expect(trusted('10.0.0.2, 10.1.0.0/16,::1')).toEqual(['10.0.0.2', '10.1.0.0/16', '::1']);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.internal']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be false, the number of proxies/);
    }
  });

  it('behind one proxy that appends, counts by the address the proxy saw, whatever the client wrote before it', async () => {
    const ctx = await createTestApp({ env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT_MAX: '3' } });
    try {
      const attempt = (i: number) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: `nobody-${i}@example.com`, password: 'whatever-1' },
          remoteAddress: '10.0.0.2',
          // The client's own header, which the proxy appends the address it saw to.
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        });
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await attempt(i)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await ctx.close();
    }
  });
});
