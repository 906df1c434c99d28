-- Staff search customers by a fragment of their name, e-mail or phone (decision 0068): a trigram index on each of the
-- three, so that the few customers a rare fragment matches are found without reading every customer (the OR of the
-- three ILIKEs becomes a BitmapOr of the three indexes).
-- pg_trgm belongs to the whole database: it is installed in public unless it is there already, in whatever schema.
-- Its operator class is then found through the schema that holds it, appended to this file's search_path (a test
-- runs in a schema of its own with only that schema on its path), so the tables named below are still this schema's.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
SELECT set_config('search_path', current_setting('search_path') || ', ' || quote_ident(n.nspname), true)
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
-- Applied before launch, when this table held no production rows: plain index builds in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS users_phone_trgm_idx ON users USING gin (phone gin_trgm_ops);
