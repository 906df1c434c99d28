-- Staff carry out or refuse account deletion requests: the outcome, why (when refused), who decided and when.
ALTER TABLE account_deletion_requests ADD COLUMN outcome text;
ALTER TABLE account_deletion_requests ADD COLUMN refusal_reason text;
ALTER TABLE account_deletion_requests ADD COLUMN decided_at timestamptz;
-- Applied before launch, when this table held no production rows: the reference checked at once blocked nothing.
-- squawk-ignore adding-foreign-key-constraint
ALTER TABLE account_deletion_requests ADD COLUMN decided_by_id text REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE account_deletion_requests ADD COLUMN decided_by_name text;
-- The queue: one status at a time, newest first.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX account_deletion_requests_queue_idx ON account_deletion_requests(status, requested_at DESC, id DESC);
