import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from './helpers.ts';

let ctx: TestContext | undefined;
let webRoot: string | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
  webRoot = undefined;
});

/** A built web app whose three pages say which one they are. */
async function appServing(files: string[]) {
  webRoot = mkdtempSync(path.join(tmpdir(), 'portal-web-pages-'));
  for (const file of files) writeFileSync(path.join(webRoot, file), `<!doctype html><title>${file}</title>`);
  ctx = await createTestApp({ env: { WEB_DIST_DIR: webRoot }, serveWeb: true });
  return ctx.app;
}

const pageOf = (body: string) => /<title>(.*)<\/title>/.exec(body)?.[1];

describe('the page a visitor gets', () => {
  it('without a session cookie: the landing page at /, the signed-out page elsewhere, revalidated and kept apart by cookie', async () => {
    const app = await appServing(['index.html', 'signed-out.html', 'landing.html']);
    const landing = await app.inject({ url: '/' });
    expect(pageOf(landing.body)).toBe('landing.html');
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(String(landing.headers.vary)).toContain('cookie');
    expect(pageOf((await app.inject({ url: '/select-plan' })).body)).toBe('signed-out.html');
    expect(pageOf((await app.inject({ url: '/login?from=checkout', headers: { cookie: 'theme=dark' } })).body)).toBe('signed-out.html');
  });

  it('with a session cookie: index.html everywhere, so the app asks who is signed in', async () => {
    const app = await appServing(['index.html', 'signed-out.html', 'landing.html']);
    const user = await signUp(app);
    expect(pageOf((await app.inject({ url: '/', headers: { cookie: user.cookie } })).body)).toBe('index.html');
    expect(pageOf((await app.inject({ url: '/dashboard', headers: { cookie: user.cookie } })).body)).toBe('index.html');
  });

  it('the prerendered landing page gets the outside links of the settings, escaped, compressed, and revalidated by ETag', async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'portal-web-pages-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>index.html</title>');
    const landingHtml = '<!doctype html><title>landing.html</title><a href="__site_link_menuSync__">Menu Sync</a><a href="__site_link_x__">X</a>';
    writeFileSync(path.join(webRoot, 'landing.html'), landingHtml);
    const menuSync = 'https://menusync.example.com/?a=1&b="2"';
    ctx = await createTestApp({ env: { WEB_DIST_DIR: webRoot, LINK_MENU_SYNC: menuSync, LINK_X: 'https://x.com/ours' }, serveWeb: true });
    const plain = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.body).toContain('<a href="https://menusync.example.com/?a=1&amp;b=&quot;2&quot;">Menu Sync</a>');
    expect(plain.body).toContain('<a href="https://x.com/ours">X</a>');
    expect(plain.body).not.toContain('__site_link_');
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const compressed = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': `${encoding}` } });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
    }
    const again = await ctx.app.inject({ url: '/', headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A visitor with a session cookie gets the app, which sends a signed-in visitor on to the dashboard.
    expect(pageOf((await ctx.app.inject({ url: '/', headers: { cookie: (await signUp(ctx.app)).cookie } })).body)).toBe('index.html');
  });

  it('from a build without the signed-out pages: index.html for everyone', async () => {
    const app = await appServing(['index.html']);
    expect(pageOf((await app.inject({ url: '/' })).body)).toBe('index.html');
    expect(pageOf((await app.inject({ url: '/portfolio' })).body)).toBe('index.html');
  });

  it("an asset is sent as its build's .br or .gz copy in its place, and the copies have no address of their own", async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'portal-web-pages-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>index.html</title>');
    const script = 'console.log("the app");'.repeat(20);
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js'), script);
    writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js.gz'), gzipSync(script));
    ctx = await createTestApp({ env: { WEB_DIST_DIR: webRoot }, serveWeb: true });
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const sent = await ctx.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': encoding } });
      expect(sent.statusCode).toBe(200);
      expect(sent.headers['content-encoding']).toBe(encoding);
      expect(sent.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(sent.rawPayload).toString()).toBe(script);
    }
    expect((await ctx.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'identity' } })).body).toBe(script);
    for (const copy of ['/assets/app-1a2b.js.br', '/assets/app-1a2b.js.gz']) expect((await ctx.app.inject({ url: copy })).statusCode).toBe(404);
  });
});
