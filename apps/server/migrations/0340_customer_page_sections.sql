-- A customer's page reads each of its sections a page at a time (issue 23): questionnaire answers newest first, by
-- keyset on (submitted_at, subscription_id) within the customer.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS form_submissions_user_submitted_idx ON form_submissions (user_id, submitted_at DESC, subscription_id DESC);

-- The staff overview's churn by reason: subscriptions cancelled in the last 90 days.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS subscriptions_cancelled_at_idx ON subscriptions (cancelled_at) WHERE status = 'CANCELLED';
