import type { FastifyPluginAsync } from 'fastify';
import type { BackgroundWork } from '../platform/jobs/start.ts';
import { accountRoutes } from './account/routes.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { abandonedUploadSweep } from './uploads/sweep.ts';
import { onboardingRoutes } from './onboarding/routes.ts';
import { onboardingOperatorRoutes } from './onboarding/operator-routes.ts';
import { supportRoutes } from './support/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { staffOperatorRoutes } from './staff/operator-routes.ts';
import { contentRoutes } from './content/routes.ts';
import { contentOperatorRoutes } from './content/operator-routes.ts';
import { importDemoContentOnFirstStart } from './content/demo.ts';
import { squareSandboxRoutes } from '../platform/square/sandbox/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { pendingPaymentSweep, renewalSweep } from './billing/sweeps.ts';
import { subscriptionRoutes } from './subscriptions/routes.ts';

/** Every feature module's routes, in registration order. */
export const modules: FastifyPluginAsync[] = [
  accountRoutes,
  contentRoutes,
  contentOperatorRoutes,
  squareSandboxRoutes,
  billingRoutes,
  subscriptionRoutes,
  uploadRoutes,
  onboardingRoutes,
  onboardingOperatorRoutes,
  supportRoutes,
  projectRoutes,
  staffRoutes,
  staffOperatorRoutes,
];

/** Background work of the modules (sweeps, first-start imports), started once the server is up. */
export const backgroundWork: BackgroundWork[] = [
  importDemoContentOnFirstStart,
  abandonedUploadSweep,
  renewalSweep,
  pendingPaymentSweep,
];
