-- The active subscriptions are read a page at a time on their own (status=active): a partial index keeps that read
-- from walking past every cancelled subscription before them.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS subscriptions_user_active_page_idx ON subscriptions(user_id, start_date DESC, id DESC)
  WHERE status IN ('ACTIVE', 'ACTIVE_PENDING_UPDATE');
