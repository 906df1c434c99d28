import type { RouteDefinition } from '../route.ts';
import { accountRoutes } from './account.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { billingRoutes } from './billing.routes.ts';
import { contentRoutes } from './content.routes.ts';
import { onboardingRoutes } from './onboarding.routes.ts';
import { planRoutes } from './plans.routes.ts';
import { platformRoutes } from './platform.routes.ts';
import { projectRoutes } from './projects.routes.ts';
import { squareSandboxRoutes } from './square-sandbox.routes.ts';
import { staffRoutes } from './staff.routes.ts';
import { subscriptionRoutes } from './subscriptions.routes.ts';
import { supportRoutes } from './support.routes.ts';
import { uploadRoutes } from './uploads.routes.ts';
import { notificationRoutes } from './notifications.routes.ts';
import { migrationRoutes } from './migration.routes.ts';
import { helpRoutes } from './help.routes.ts';
import { stepTemplateRoutes } from './step-templates.routes.ts';
import { showcaseRoutes } from './showcase.routes.ts';
import { retentionRoutes } from './retention.routes.ts';
import { supportInboxRoutes } from './support-inbox.routes.ts';
import { projectStageRoutes } from './project-stages.routes.ts';
import { storeListingRoutes } from './store-listing.routes.ts';
import { projectReviewRoutes } from './project-reviews.routes.ts';

/**
 * Every endpoint by area; `routes.billing.startCheckout` is the object both sides use. An area is the business word
 * of the server module that serves it (`modules/<area>`) and of the web feature that calls it (`features/<area>`);
 * an area's routes may be kept in several files (a project's stages, reviews and store listing beside the project).
 */
export const routes = {
  account: accountRoutes,
  auth: authRoutes,
  billing: billingRoutes,
  content: { ...contentRoutes, ...showcaseRoutes },
  onboarding: { ...onboardingRoutes, ...stepTemplateRoutes },
  plans: planRoutes,
  platform: platformRoutes,
  projects: { ...projectRoutes, ...projectStageRoutes, ...storeListingRoutes, ...projectReviewRoutes },
  squareSandbox: squareSandboxRoutes,
  staff: staffRoutes,
  subscriptions: { ...subscriptionRoutes, ...retentionRoutes },
  support: { ...supportRoutes, ...supportInboxRoutes },
  uploads: uploadRoutes,
  notifications: notificationRoutes,
  migration: migrationRoutes,
  help: helpRoutes,
} as const;

/** Every endpoint as a flat list, with its area and name (route tests and generated suites walk this). */
export const allRoutes: ReadonlyArray<{ area: string; name: string; route: RouteDefinition }> = Object.entries(routes).flatMap(
  ([area, group]) => Object.entries(group).map(([name, route]) => ({ area, name, route: route as RouteDefinition })),
);

export * from './account.routes.ts';
export * from './auth.routes.ts';
export * from './billing.routes.ts';
export * from './content.routes.ts';
export * from './onboarding.routes.ts';
export * from './plans.routes.ts';
export * from './platform.routes.ts';
export * from './projects.routes.ts';
export * from './square-sandbox.routes.ts';
export * from './staff.routes.ts';
export * from './subscriptions.routes.ts';
export * from './support.routes.ts';
export * from './uploads.routes.ts';
export * from './notifications.routes.ts';
export * from './shell.ts';
export * from './migration.routes.ts';
export * from './help.routes.ts';
export * from './step-templates.routes.ts';
export * from './showcase.routes.ts';
export * from './retention.routes.ts';
export * from './support-inbox.routes.ts';
export * from './project-stages.routes.ts';
export * from './store-listing.routes.ts';
export * from './project-reviews.routes.ts';
