// Opens a portal's embedded database from a bench (the server's own opening is openEmbedded in
// apps/server/src/platform/db/backup.ts): with the extensions its migrations install (pg_trgm, migration 0410),
// which its indexes call, so that reads and writes on those tables work here as in the portal.
export async function openPglite(dir) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
}
