/**
 * Migration: moves a running business over from the original system (realtime database, hosted sign-in, hosted
 * storage, Square): people, passwords, subscriptions, cards, payments, chats, projects and files.
 */
import type { PortalModule } from '../../platform/portal-module.ts';
import { migrationRoutes } from './routes.ts';

export { migrate, MigrationRefused, type MigrationInput, type MigrationOptions, type MigrationProgress } from './apply.ts';

export const migrationModule: PortalModule = { name: 'migration', routes: [migrationRoutes] };
