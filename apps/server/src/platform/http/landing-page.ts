import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SITE_LINK_PLACEHOLDERS, siteLinkPlaceholder, type SiteLinks } from '@portal/contracts/site';

/** Written by the web build (apps/web/build/signed-out-pages.ts): `/` prerendered, with placeholder links. */
export const LANDING = 'landing.html';

const escapeAttribute = (value: string) =>
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

/**
 * The landing page as visitors with no session cookie get it at `/`: the prerendered page with the server's outside
 * links written in, compressed once when the server starts (the build's own .br and .gz still hold placeholders),
 * on libuv's threads: brotli's best quality takes tens of milliseconds that the start need not wait for.
 * Null when the build has no landing page.
 */
export function loadLandingPage(webRoot: string, links: SiteLinks) {
  const file = path.join(webRoot, LANDING);
  if (!existsSync(file)) return null;
  const html = withoutUnsetLinks(readFileSync(file, 'utf8'), links).replace(SITE_LINK_PLACEHOLDERS, (placeholder, key: string) => {
    if (!(key in links)) throw new Error(`${LANDING} names an unknown site link: ${placeholder}`);
    const link = links[key as keyof SiteLinks];
    if (typeof link !== 'string') throw new Error(`${LANDING} shows the unset link ${placeholder} outside a link of its own`);
    return escapeAttribute(link);
  });
  const body = Buffer.from(html);
  const encoded = {
    br: promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: promisify(gzip)(body, { level: 9 }),
  };
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return async (request: FastifyRequest, reply: FastifyReply, headers: Record<string, string>) => {
    reply.headers({ ...headers, 'content-type': 'text/html; charset=utf-8', etag });
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (!encoding) return reply.send(body);
    return reply.header('content-encoding', encoding).send(await encoded[encoding]);
  };
}
