import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { hasSessionCookie } from '../auth/session.ts';
import { LANDING } from './landing-page.ts';

const INDEX = 'index.html';
/** Written by the web build (apps/web/build/signed-out-pages.ts) beside index.html. */
const SIGNED_OUT = 'signed-out.html';

/**
 * Which HTML file of the built web app answers a page request. A request with no session cookie comes from someone
 * signed out for sure: it gets a page that says so, which the app shows without asking for the sign-in state first,
 * and `/` gets the landing page prerendered, without the app (landing-page.ts). A request with a session cookie gets
 * index.html, and the app asks who it is ("Loading Application..."). A build without those files gets index.html.
 */
export function webPageChooser(webRoot: string): (request: FastifyRequest, pathname: string) => string {
  const built = (file: string) => (existsSync(path.join(webRoot, file)) ? file : INDEX);
  const signedOut = built(SIGNED_OUT);
  const landing = built(LANDING);
  return (request, pathname) => {
    if (hasSessionCookie(request)) return INDEX;
    return pathname === '/' ? landing : signedOut;
  };
}

/** The answer differs with the cookie, so a cache must keep one per cookie (and per encoding). */
export const WEB_PAGE_VARY = 'accept-encoding, cookie';
