import { z } from 'zod';
import { faqListSchema, helpGuideListSchema, importSummarySchema } from '../content.ts';
import { defineRoute } from '../route.ts';
import { topics } from '../topics.ts';

const tags = ['content'];

export const listFaqs = defineRoute({
  method: 'GET',
  path: '/api/faqs',
  auth: 'user',
  tags,
  summary: 'Frequently asked questions (signed in)',
  responses: { 200: faqListSchema },
  topic: topics.faqs,
});

export const listHelpGuides = defineRoute({
  method: 'GET',
  path: '/api/help-guides',
  auth: 'user',
  tags,
  summary: 'Help guides by category, then title (signed in)',
  responses: { 200: helpGuideListSchema },
  topic: topics.helpGuides,
});

export const importContent = defineRoute({
  method: 'POST',
  path: '/api/operator/content/import',
  auth: 'operator',
  tags: ['operator'],
  summary: 'Import a realtime-database content export: all or nothing, re-imports change nothing (operator token, loopback)',
  body: z.record(z.string(), z.unknown()),
  responses: { 200: importSummarySchema },
});

export const contentRoutes = { listFaqs, listHelpGuides, importContent };
