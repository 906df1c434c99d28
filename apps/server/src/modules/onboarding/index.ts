/** Onboarding: the dashboard (banners, Action Center), the business questionnaire and the completion steps. */
export { onboardingRoutes } from './routes.ts';
export { featuredBanners, formItems, formSubmissions, questionnaireDrafts, type FormItemOption } from './schema.ts';
export { deleteAnswersOf, upsertFormSubmissions } from './repository.ts';
