-- The team inbox (decision 0060): who a chat is assigned to, notes only staff read, saved replies, and each staff
-- member's alerts.

-- A chat's assignee; an account that stops being staff keeps none (see the service), a deleted one leaves it unassigned.
-- Applied before launch, when this table held no production rows: the reference checked at once blocked nothing.
-- squawk-ignore adding-foreign-key-constraint
ALTER TABLE support_chats ADD COLUMN assignee_id text REFERENCES users(id) ON DELETE SET NULL;
-- "Mine" and "Unassigned": the inbox's order (rank, newest activity, id) within one assignee (or none).
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS support_chats_assignee_page_idx
  ON support_chats (assignee_id, (CASE WHEN status = 'OPEN' THEN 1 ELSE 0 END) DESC, last_activity_at DESC, id DESC);
-- The tab title's count: open chats waiting for support, by assignee (few rows: only those with unread messages).
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS support_chats_waiting_idx
  ON support_chats (assignee_id, last_activity_at DESC) WHERE status = 'OPEN' AND unread_for_support > 0;

-- Private notes live in their own table, never in support_messages: every customer-facing read of a chat (its
-- messages, its last message, mails, exports) reads support_messages, so a note cannot reach a customer by a filter
-- forgotten somewhere.
CREATE TABLE support_notes (
  id text PRIMARY KEY,
  position bigint GENERATED ALWAYS AS IDENTITY,
  chat_id text NOT NULL REFERENCES support_chats(id) ON DELETE CASCADE,
  author_id text REFERENCES users(id) ON DELETE SET NULL,
  text_note text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_notes_chat_page_idx ON support_notes (chat_id, position DESC, id DESC);

-- Saved replies, one title each (any case).
CREATE TABLE saved_replies (
  id text PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_replies_title_key ON saved_replies (lower(title));
CREATE INDEX saved_replies_page_idx ON saved_replies (created_at, id);

-- Which inbox alerts a staff member wants (no row: all of them).
CREATE TABLE staff_alert_preferences (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  tab_title_count boolean NOT NULL DEFAULT true,
  browser_notifications boolean NOT NULL DEFAULT true,
  unanswered_email boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The customer messages up to this moment are covered by an "unanswered chat" mail already.
CREATE TABLE chat_unanswered_mail_state (
  chat_id text PRIMARY KEY REFERENCES support_chats(id) ON DELETE CASCADE,
  mailed_through timestamptz NOT NULL
);
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX IF NOT EXISTS support_chats_unanswered_idx
  ON support_chats (last_activity_at) WHERE status = 'OPEN' AND last_messenger_type = 'user';
