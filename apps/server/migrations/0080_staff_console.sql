-- Staff console: what support has read of each chat, and the audit log of staff writes.

-- When support last opened the chat, and how many customer messages arrived since (the inbox's unread count).
ALTER TABLE support_chats ADD COLUMN support_read_at timestamptz;
ALTER TABLE support_chats ADD COLUMN unread_for_support integer NOT NULL DEFAULT 0;
UPDATE support_chats c
SET unread_for_support = (SELECT count(*) FROM support_messages m WHERE m.chat_id = c.id AND m.messenger_type = 'user');
-- The inbox: OPEN first, newest activity first.
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX support_chats_inbox_idx ON support_chats(status, last_activity_at DESC, id DESC);

-- Every staff write: who, what, when, the record before and after (JSON), and the customer it concerns.
CREATE TABLE audit_log (
  id text PRIMARY KEY,
  position bigint GENERATED ALWAYS AS IDENTITY,
  actor_id text REFERENCES users(id) ON DELETE SET NULL,
  actor_name text NOT NULL,
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text NOT NULL,
  customer_id text REFERENCES users(id) ON DELETE CASCADE,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_customer_idx ON audit_log(customer_id, position DESC);
-- Applied before launch, when this table held no production rows: a plain index build in the file's transaction blocked nothing.
-- squawk-ignore require-concurrent-index-creation
CREATE INDEX users_created_idx ON users(created_at DESC, id DESC);
