// Drops and creates one PostgreSQL database, so that a server started on it begins empty:
// `node scripts/fresh-database.mjs postgres://postgres@127.0.0.1:5432 portal_e2e_3210`.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { Client } = require('pg');

const [server, name] = process.argv.slice(2);
if (!server || !name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: node scripts/fresh-database.mjs <postgres://server> <database_name>');
  process.exit(2);
}
const client = new Client({ connectionString: `${server.replace(/\/$/, '')}/postgres` });
await client.connect();
await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await client.query(`CREATE DATABASE ${name}`);
await client.end();
