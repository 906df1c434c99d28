import { PROJECT_COLUMNS, projectRowOf } from '../../content/index.ts';
import { addTemplateStages, upsertProjects } from '../../projects/index.ts';
import type { WriteContext } from '../context.ts';
import type { ParsedMigration } from '../parse.ts';

/**
 * The kept users' projects, mapped as the content import maps them; a re-run keeps the times staff changed. The old
 * system had no build stages: a project gets the template stages on its first migration (decision 0075), and a re-run
 * leaves the stages staff have moved since as they are.
 */
export async function writeProjects({ tx, upsert, keep }: WriteContext, projects: ParsedMigration['projects']) {
  const rows = keep(projects).map(({ id, user, value: p, subscriptionId }) => projectRowOf(id, user.id, subscriptionId, p));
  const result = await upsert(upsertProjects, rows, [...PROJECT_COLUMNS]);
  await addTemplateStages(tx, rows.map((row) => row.id));
  return result;
}
