-- Staff lists are read a page at a time by keyset too: each order gets an index that serves it.
-- The inbox: OPEN (rank 1) before CLOSED (rank 0), then newest activity; the expression is the one the query sorts by.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS support_chats_inbox_page_idx
  ON support_chats ((CASE WHEN status = 'OPEN' THEN 1 ELSE 0 END) DESC, last_activity_at DESC, id DESC);
-- Every project, and those of one release status, created newest first.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS projects_page_idx ON projects(created_at DESC, id DESC);
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS projects_status_page_idx ON projects(release_status, created_at DESC, id DESC);
-- A customer's audit log and e-mails, newest first.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS audit_log_customer_page_idx ON audit_log(customer_id, position DESC, id DESC);
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS mail_outbox_user_page_idx ON mail_outbox(user_id, created_at DESC, id DESC);
-- Customers (users_created_idx) and deletion requests (account_deletion_requests_queue_idx) have theirs already.
