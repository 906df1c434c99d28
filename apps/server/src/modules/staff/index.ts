/** Staff: the staff API (chats, projects, setup steps live in onboarding) and creating staff accounts. */
export { staffRoutes } from './routes.ts';
export { createOrPromoteStaff } from './service.ts';
export { staffConsoleRoutes } from './console-routes.ts';
export { staffInvitations } from './schema.ts';
export { overviewFoldSweep } from './overview-fold.ts';
