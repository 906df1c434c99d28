-- Answers entered in the questionnaire and not sent yet (issue 28), so that a reload keeps them. One draft per
-- subscription; sending the questionnaire deletes it in the same transaction.
CREATE TABLE IF NOT EXISTS questionnaire_drafts (
  subscription_id text PRIMARY KEY REFERENCES subscriptions(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  saved_at timestamptz NOT NULL,
  answers jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS questionnaire_drafts_user ON questionnaire_drafts (user_id);
