/**
 * Migration: moves a running business over from the original system (realtime database, hosted sign-in, hosted
 * storage, Square): people, passwords, subscriptions, cards, payments, chats, projects and files.
 */
export { migrationRoutes } from './routes.ts';
export { migrate, MigrationRefused, type MigrationInput, type MigrationOptions, type MigrationProgress } from './apply.ts';
