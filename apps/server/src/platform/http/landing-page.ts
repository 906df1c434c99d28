import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SITE_LINK_PLACEHOLDERS, siteLinkPlaceholder, TRUSTED_BY_NAME_PLACEHOLDER, type SiteLinks } from '@portal/contracts/site';

/** Written by the web build (apps/web/build/signed-out-pages.ts): `/` prerendered, with placeholder links. */
export const LANDING = 'landing.html';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page with each link to an unset address taken out (an `<a>` with that placeholder, with the `<li>` around it
 * if it is alone there), so that it shows no link rather than one to nowhere. Links never nest, so the link ends at
 * the first closing tag after the placeholder. What held only such links is hidden by the page's own
 * stylesheet (`[data-site-links]` with no link left), as the app does not render it.
 */
function withoutUnsetLinks(html: string, links: SiteLinks): string {
  let page = html;
  for (const [key, link] of Object.entries(links)) {
    if (link !== null) continue;
    const anchor = `<a\\b[^>]*\\bhref="${siteLinkPlaceholder(key as keyof SiteLinks)}"[^>]*>(?:(?!</a>)[\\s\\S])*</a>`;
    page = page.replace(new RegExp(`<li\\b[^>]*>${anchor}</li>|${anchor}`, 'g'), '');
  }
  return page;
}

/** The "Trusted by" strip's item holding the name placeholder (an `<li>` holds no other `<li>` there). */
const TRUSTED_BY_ITEM = new RegExp(`<li\\b[^>]*>(?:(?!</li>)[\\s\\S])*${TRUSTED_BY_NAME_PLACEHOLDER}(?:(?!</li>)[\\s\\S])*</li>`, 'g');

/** The page with the strip's item repeated for each name, in order; with none, the page's stylesheet hides the strip. */
const withTrustedNames = (html: string, names: readonly string[]) =>
  html.replace(TRUSTED_BY_ITEM, (item) => names.map((name) => item.replace(TRUSTED_BY_NAME_PLACEHOLDER, escapeHtml(name))).join(''));

/** A page as sent: its bytes, their compressed forms (made on libuv's threads) and its ETag. */
function renditionOf(html: string) {
  const body = Buffer.from(html);
  return {
    body,
    // brotli's best quality takes tens of milliseconds, which nobody waits for until a visitor asks for it.
    encoded: {
      br: promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: promisify(gzip)(body, { level: 9 }),
    },
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * The landing page as visitors with no session cookie get it at `/`: the prerendered page with the server's outside
 * links written in when the server starts, and the "Trusted by" names that staff keep (`trustedNames`), read at each
 * request; the page and its compressed forms are made again only when the names have changed (the build's own .br
 * and .gz still hold placeholders). Null when the build has no landing page.
 */
export function loadLandingPage(webRoot: string, links: SiteLinks, trustedNames: () => Promise<readonly string[]>) {
  const file = path.join(webRoot, LANDING);
  if (!existsSync(file)) return null;
  const html = withoutUnsetLinks(readFileSync(file, 'utf8'), links).replace(SITE_LINK_PLACEHOLDERS, (placeholder, key: string) => {
    if (!(key in links)) throw new Error(`${LANDING} names an unknown site link: ${placeholder}`);
    const link = links[key as keyof SiteLinks];
    if (typeof link !== 'string') throw new Error(`${LANDING} shows the unset link ${placeholder} outside a link of its own`);
    return escapeHtml(link);
  });
  let current: { names: string; page: ReturnType<typeof renditionOf> } | null = null;
  return async (request: FastifyRequest, reply: FastifyReply, headers: Record<string, string>) => {
    const names = await trustedNames();
    const key = JSON.stringify(names);
    if (current?.names !== key) current = { names: key, page: renditionOf(withTrustedNames(html, names)) };
    const { body, encoded, etag } = current.page;
    reply.headers({ ...headers, 'content-type': 'text/html; charset=utf-8', etag });
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (!encoding) return reply.send(body);
    return reply.header('content-encoding', encoding).send(await encoded[encoding]);
  };
}
