/** Onboarding: the dashboard (banners, Action Center), the business questionnaire and the completion steps. */
import type { PortalModule } from '../../platform/portal-module.ts';
import { BANNER_IMAGE_PURPOSE } from '@portal/contracts/onboarding';
import { onboardingRoutes } from './routes.ts';
import { bannerImagePurpose, questionnaireImagePurpose } from './upload-purpose.ts';

export { featuredBanners, formItems, formSubmissions, questionnaireDrafts, type FormItemOption } from './schema.ts';
export { deleteAnswersOf, upsertFormSubmissions } from './repository.ts';
export { importedBanners } from './banner-editor.ts';
export { importedFormItems } from './question-editor.ts';

export const onboardingModule: PortalModule = {
  name: 'onboarding',
  routes: [onboardingRoutes],
  uploadPurposes: { 'questionnaire-image': questionnaireImagePurpose, [BANNER_IMAGE_PURPOSE]: bannerImagePurpose },
};
