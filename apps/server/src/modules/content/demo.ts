import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serverDir } from '../../server-dir.ts';
import type { BackgroundWork } from '../../platform/jobs/start.ts';
import { importContent } from './import/apply.ts';
import { contentIsEmpty } from './import/repository.ts';

/** The demo content shipped with the portal: an export in the importer's format. */
export const demoContentFile = path.join(serverDir, 'demo/content.json');

/**
 * On a start with DEMO_CONTENT and no content at all, imports the demo content, so that a fresh portal shows
 * plans, FAQs, guides and a questionnaire, marked as demo: the first import of the operator's own content removes
 * them from the collections it brings. Awaited before the server listens, so the first page already has them.
 */
export const importDemoContentOnFirstStart: BackgroundWork = async (app) => {
  // Never in production, whatever the settings say: demo promo codes would be live there.
  if (app.config.DEMO_CONTENT && app.config.NODE_ENV !== 'production' && (await contentIsEmpty(app.db))) {
    app.log.info('Importing the demo content (first start, DEMO_CONTENT=true)...');
    const demo = JSON.parse(await readFile(demoContentFile, 'utf8'));
    const summary = await importContent(app.db, demo, { demo: true });
    const created = summary.collections.reduce((n, c) => n + c.created, 0);
    app.log.info(`Imported the demo content: ${created} records`);
  }
  return () => undefined;
};

