/** Account: the profile and its photo, the session state after sign-in, and account deletion requests. */
import type { PortalModule } from '../../platform/portal-module.ts';
import { accountRoutes } from './routes.ts';
import { profilePicturePurpose } from './upload-purpose.ts';

export { DELETION_MAILS_PER_HOUR, GUEST_DELETION_REQUESTS_PER_HOUR } from './routes.ts';
export { accountDeletionRequests } from './schema.ts';
export { upsertDeletionRequests } from './repository.ts';

export const accountModule: PortalModule = {
  name: 'account',
  routes: [accountRoutes],
  uploadPurposes: { 'profile-picture': profilePicturePurpose },
};
