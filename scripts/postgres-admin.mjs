// One statement on a PostgreSQL server as its administrator (CREATE DATABASE, DROP DATABASE), on a connection of
// its own, for the scripts that make a database for a run and drop it afterwards.
import { createRequire } from 'node:module';

const pg = createRequire(import.meta.url)('pg');

/** Resolves to the statement's rows. */
export async function runAsAdmin(adminUrl, sql, params) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}
