import type { Db } from './client.ts';

/**
 * A hot read built once per database and prepared (a named statement on PostgreSQL), so that each request sends
 * only its parameters instead of building the query again: `build` makes the query with `sql.placeholder`s and
 * calls `.prepare(name)`. Kept per database object, as tests open several databases in one process.
 */
export function preparedOn<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = build(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}
