import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig, ConfigError } from '../src/config.ts';
import { importDemoContentOnFirstStart } from '../src/modules/content/index.ts';
import { ensureDemoAccounts } from '../src/first-start/demo-accounts.ts';
import { REAL_SQUARE, REQUIRED_IN_PRODUCTION, createTestApp, type TestContext } from './helpers.ts';


const refusal = (env: Record<string, string>) => {
  try {
    loadConfig({ DATA_DIR: '/tmp/portal-production-settings', ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the settings were accepted');
};

describe('production settings refuse the local stand-ins', () => {
  it('refuses the local Square sandbox, which is the default, and names the setting to change', () => {
    const message = refusal(REQUIRED_IN_PRODUCTION);
    expect(message).toContain('SQUARE_ENVIRONMENT: local (the default)');
    expect(message).toContain('set SQUARE_ENVIRONMENT=production');
    expect(refusal({ ...REQUIRED_IN_PRODUCTION, SQUARE_ENVIRONMENT: 'local' })).toContain('SQUARE_ENVIRONMENT');
  });

  it('refuses demo content, and leaves it off when unset', () => {
    expect(refusal({ ...REQUIRED_IN_PRODUCTION, ...REAL_SQUARE, DEMO_CONTENT: 'true' })).toContain('DEMO_CONTENT: not allowed in production');
    const config = loadConfig({ ...REQUIRED_IN_PRODUCTION, ...REAL_SQUARE, DATA_DIR: '/tmp/portal-production-settings' });
    expect(config.DEMO_CONTENT).toBe(false);
    expect(config.localGoogle).toBe(false);
  });

  it('has no invented outside links in production; outside production they stay for the demo', () => {
    const production = loadConfig({ ...REQUIRED_IN_PRODUCTION, ...REAL_SQUARE, DATA_DIR: '/tmp/portal-production-settings' });
    expect(production.LINK_APP_STORE).toBeUndefined();
    expect(production.LINK_MENU_SYNC).toBeUndefined();
    const demo = loadConfig({ DATA_DIR: '/tmp/portal-demo-settings' });
    expect(demo.LINK_MENU_SYNC).toBe('https://menusync.example.com');
    expect(demo.DEMO_CONTENT).toBe(true);
    expect(demo.localGoogle).toBe(true);
  });
});

describe('an app built with the production settings', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });
  const production = (env: Record<string, string> = {}) =>
    createTestApp({ env: { ...REQUIRED_IN_PRODUCTION, ...REAL_SQUARE, DEMO_CONTENT: '', ...env }, serveWeb: Boolean(env.WEB_DIST_DIR) });

  it('serves no local Google provider and no Google sign-in, and tells the web so', async () => {
    ctx = await production();
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/auth', '/oidc/interaction/x']) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
    const start = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'google', callbackURL: '/auth/continue' } });
    expect(start.statusCode).toBeGreaterThanOrEqual(400);
    expect(start.statusCode).toBeLessThan(500);
    expect(start.body).not.toContain('/oidc');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/oauth2', payload: { providerId: 'google', callbackURL: '/' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/auth/oauth2/callback/google?code=x&state=y' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/site' })).json().googleSignIn).toBe(false);
  });

  it('serves no Square sandbox', async () => {
    ctx = await production();
    for (const url of ['/square-sandbox/v2/payments', '/square-sandbox/v2/card-nonce']) {
      expect((await ctx.app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(404);
    }
  });

  it('imports no demo content and makes no demo accounts on its first start', async () => {
    ctx = await production();
    await importDemoContentOnFirstStart(ctx.app);
    expect(await ensureDemoAccounts(ctx.app)).toBeNull();
    const [counts] = await ctx.database.sql.query<{ plans: number; promos: number; faqs: number; users: number }>(
      'SELECT (SELECT count(*)::int FROM services) AS plans, (SELECT count(*)::int FROM promo_codes) AS promos, (SELECT count(*)::int FROM faqs) AS faqs, (SELECT count(*)::int FROM users) AS users',
    );
    expect(counts).toEqual({ plans: 0, promos: 0, faqs: 0, users: 0 });
  });

  it('shows no link where none is set: the site config and the prerendered landing page', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'portal-production-links-'));
    onTestFinished(() => rmSync(webRoot, { recursive: true, force: true }));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>index.html</title>');
    const landing = [
      '<ul data-site-links><li><a href="__site_link_instagram__" aria-label="Instagram">I</a></li><li><a href="__site_link_x__">X</a></li></ul>',
      '<div data-site-links><p>Get the app</p><a class="b" href="__site_link_appStore__" target="_blank"><span>App Store</span></a></div>',
      '<a href="__site_link_menuSync__">Learn more about Menu Sync</a><p>kept</p>',
    ].join('');
    writeFileSync(path.join(webRoot, 'landing.html'), `<!doctype html><title>landing.html</title>${landing}`);
    ctx = await production({ WEB_DIST_DIR: webRoot, LINK_X: 'https://x.com/ours' });
    const site = (await ctx.app.inject({ url: '/api/site' })).json();
    expect(site.links).toMatchObject({ appStore: null, playStore: null, instagram: null, menuSync: null, x: 'https://x.com/ours' });
    const page = (await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body;
    expect(page).toContain(
      '<ul data-site-links><li><a href="https://x.com/ours">X</a></li></ul><div data-site-links><p>Get the app</p></div><p>kept</p>',
    );
    expect(page).not.toContain('__site_link_');
  });

  it('leaves the operator routes out of its API document, which lists them outside production', async () => {
    const operatorPaths = async (app: TestContext['app']) =>
      Object.keys((await app.inject({ url: '/api/docs/json' })).json().paths).filter((p) => p.startsWith('/api/operator'));
    ctx = await production();
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toContain('/api/plans');
    expect(await operatorPaths(ctx.app)).toEqual([]);
    await ctx.close();
    ctx = await createTestApp();
    expect(await operatorPaths(ctx.app)).toContain('/api/operator/staff');
  });
});
