import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config.ts';
import { TEST_PUBLIC_URL, createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('settings', () => {
  it('names each bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String(error)).toContain('PORT');
      expect(String(error)).toContain('DATABASE_URL');
    }
  });
  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/x' })).toThrow(/AUTH_SECRET/);
  });
});

describe('http platform', () => {
  it('answers health and readiness', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('answers an unknown API path with a stable 404 error', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('answers malformed JSON with a 4xx error body, never a 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only when the portal is served over https', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.com' } });
    try {
      expect((await https.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });

  it('publishes the OpenAPI document, loading it and its viewer at the first request for them rather than at start', async () => {
    const docsLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => /[\\/]@fastify[\\/]swagger(-ui)?[\\/]/.test(file));
    expect(docsLoaded()).toBe(false);
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/me']).toBeDefined();
    expect(docsLoaded()).toBe(true);
    // The viewer is served from the same place, and a path it does not serve gets the portal's own 404.
    expect((await ctx.app.inject({ url: '/api/docs' })).headers['content-type']).toContain('text/html');
    const missing = await ctx.app.inject({ url: '/api/docs/no-such-file' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('serves the local Google stand-in discovery document with PKCE', async () => {
    const res = await ctx.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ issuer: `${TEST_PUBLIC_URL}/oidc`, code_challenge_methods_supported: ['S256'] });
  });
});
