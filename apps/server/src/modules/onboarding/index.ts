/** Onboarding: the dashboard (banners, Action Center), the business questionnaire and the completion steps. */
export { onboardingRoutes } from './routes.ts';
export { formSubmissions, questionnaireDrafts } from './schema.ts';
