-- The audit page filtered to some days (issue 23): the entries of those days through their time, then sorted,
-- instead of walking the whole log newest first until the days come.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS audit_log_created_idx ON audit_log(created_at);
