/** Onboarding: the dashboard (banners, Action Center), the business questionnaire and the completion steps. */
import type { PortalModule } from '../../platform/portal-module.ts';
import { onboardingRoutes } from './routes.ts';

export { featuredBanners, formItems, formSubmissions, questionnaireDrafts, type FormItemOption } from './schema.ts';
export { deleteAnswersOf, upsertFormSubmissions } from './repository.ts';
export { importedBanners } from './banner-editor.ts';
export { importedFormItems } from './question-editor.ts';

export const onboardingModule: PortalModule = { name: 'onboarding', routes: [onboardingRoutes] };
