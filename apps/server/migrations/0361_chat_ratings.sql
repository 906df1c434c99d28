-- A customer rates a closed chat once per closing (issue 23 point 5): the closing is named by the time the chat
-- was closed, which a reopened chat gets anew when it is closed again. Chats closed before this are dated by their
-- last activity.
ALTER TABLE support_chats ADD COLUMN IF NOT EXISTS closed_at timestamptz;
UPDATE support_chats SET closed_at = last_activity_at WHERE status = 'CLOSED' AND closed_at IS NULL;

-- One rating per closing (the primary key holds it under concurrent requests); gone with the chat.
CREATE TABLE IF NOT EXISTS chat_ratings (
  chat_id text NOT NULL REFERENCES support_chats(id) ON DELETE CASCADE,
  closed_at timestamptz NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chat_id, closed_at)
);
-- The overview averages the ratings of the last days, and the first answers of the chats opened in them.
CREATE INDEX IF NOT EXISTS chat_ratings_created_idx ON chat_ratings(created_at);
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS support_chats_created_idx ON support_chats(created_at);
