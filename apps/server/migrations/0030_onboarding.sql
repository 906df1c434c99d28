-- Files people upload (spec §3 file storage paths). A row is made when an upload starts; completed_at stays null
-- until every byte has arrived and the bytes were checked to be the declared kind of file. storage_key is where
-- the finished file lives (under DATA_DIR/uploads, or the S3 bucket); it is made by the server, never by a client.
CREATE TABLE uploads (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL,
  target_id text NOT NULL,
  storage_key text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX uploads_user_idx ON uploads(user_id, created_at DESC);
CREATE INDEX uploads_unfinished_idx ON uploads(created_at) WHERE completed_at IS NULL;

-- The business questionnaire answers of a subscription (spec §3 form answer record). One record per
-- subscription: submitting again replaces the answers and the submission time.
CREATE TABLE form_submissions (
  subscription_id text PRIMARY KEY REFERENCES subscriptions(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  submitted_at timestamptz NOT NULL,
  answers jsonb NOT NULL
);
CREATE INDEX form_submissions_user_idx ON form_submissions(user_id);
