import { PROJECT_COLUMNS, projectRowOf } from '../../content/index.ts';
import { upsertProjects } from '../../projects/index.ts';
import type { WriteContext } from '../context.ts';
import type { ParsedMigration } from '../parse.ts';

/** The kept users' projects, mapped as the content import maps them; a re-run keeps the times staff changed. */
export function writeProjects({ upsert, keep }: WriteContext, projects: ParsedMigration['projects']) {
  return upsert(
    upsertProjects,
    keep(projects).map(({ id, user, value: p, subscriptionId }) =>
      projectRowOf(id, user.id, subscriptionId, p),
    ),
    [...PROJECT_COLUMNS],
  );
}
