/** Projects: the customer's view here; staff create and update them through the staff module. */
export { projectRoutes } from './routes.ts';
export { createProject, listProjectsForStaff, updateProject } from './service.ts';
export { projects } from './schema.ts';
export { upsertProjects } from './repository.ts';
