/**
 * Content: FAQs, help guides, the portfolio and the "Trusted by" names, and the importer that brings them with the other
 * modules' imported collections (operator endpoint, CLI, demo content on first start).
 */
import type { PortalModule } from '../../platform/portal-module.ts';
import { contentRoutes } from './routes.ts';
import { importDemoContentOnFirstStart } from './demo.ts';

export { importContent } from './import/apply.ts';
export { ImportRejected } from './import/parse.ts';
export { PROJECT_COLUMNS, projectRowOf } from './import/projects.ts';
export { importDemoContentOnFirstStart } from './demo.ts';
export { trustedByNames } from './showcase.ts';

export const contentModule: PortalModule = { name: 'content', routes: [contentRoutes], work: [importDemoContentOnFirstStart] };
