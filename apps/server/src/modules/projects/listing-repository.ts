import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { projectStoreListings } from './schema.ts';

export type ListingRow = typeof projectStoreListings.$inferSelect;
export type ListingColumns = Omit<ListingRow, 'projectId' | 'updatedAt' | 'updatedBy'>;

/** A project's saved listing; `lock` holds it until the transaction ends (none yet: nothing is held). */
export async function findListing(db: Db, projectId: string, lock = false): Promise<ListingRow | undefined> {
  const query = db.select().from(projectStoreListings).where(eq(projectStoreListings.projectId, projectId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Writes the whole draft: the first save inserts it, later ones (and a concurrent first one) replace it. */
export async function saveListing(db: Db, projectId: string, columns: ListingColumns, by: string, at: Date): Promise<ListingRow> {
  const values = { ...columns, updatedAt: at, updatedBy: by };
  const [row] = await db
    .insert(projectStoreListings)
    .values({ projectId, ...values })
    .onConflictDoUpdate({ target: projectStoreListings.projectId, set: values })
    .returning();
  return row!;
}
