import { defineRoute, rawBody } from '../route.ts';
import { siteConfigSchema } from '../site.ts';
import { shellEndpoints } from './shell.ts';

/** The live event stream: Server-Sent Events of the topics this viewer may see (`data: {"topic":…}`). */
export const liveEvents = defineRoute({
  method: shellEndpoints.liveEvents.method,
  path: shellEndpoints.liveEvents.path,
  auth: 'public',
  tags: ['events'],
  summary: 'Live change topics (Server-Sent Events)',
  responses: { 200: rawBody },
});

export const getSiteConfig = defineRoute({
  method: shellEndpoints.getSiteConfig.method,
  path: shellEndpoints.getSiteConfig.path,
  auth: 'public',
  tags: ['site'],
  summary: 'Outside links shown on the pages, and whether sign-in offers Google',
  responses: { 200: siteConfigSchema },
});

/** Where the OpenAPI document and its viewer are served. */
export const API_DOCS_PATH = '/api/docs';
/** Every API path starts here; anything else that is not a file is a page of the web app. */
export const API_PREFIX = '/api/';

export const platformRoutes = { liveEvents, getSiteConfig };
